package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;

/**
 * {@code blosc}: a c-blosc 1.x chunk. Its header is checked here before any native code runs; stored (memcpyed)
 * chunks are copied without native code, others are decompressed by the selected {@link BloscEngine}.
 */
public final class BloscCodec implements BytesToBytesCodec {
    private final BloscSettings settings;
    /** True for {@code numcodecs.blosc}: numcodecs' names, defaults and spelling of the configuration. */
    private final boolean numcodecs;
    private final BloscEngine engine;
    private final String cnamePointer;
    private final Object encodeBuffer = new Object();

    BloscCodec(CodecConfig config, ChunkSpec input, BloscEngine engine) {
        this(BloscSettings.read(config, input), false, engine, config);
    }

    private BloscCodec(BloscSettings settings, boolean numcodecs, BloscEngine engine, CodecConfig config) {
        this.settings = settings;
        this.numcodecs = numcodecs;
        this.engine = engine;
        this.cnamePointer = config.member("cname");
    }

    /** {@code numcodecs.blosc}, the same chunks configured as numcodecs' {@code Blosc} (a Zarr v2 compressor). */
    static BloscCodec numcodecs(CodecConfig config, ChunkSpec input, BloscEngine engine) {
        return new BloscCodec(BloscSettings.readNumcodecs(config, input), true, engine, config);
    }

    @Override
    public String name() {
        return numcodecs ? NumcodecsCodecs.PREFIX + "blosc" : "blosc";
    }

    @Override
    public Json.JObject configuration() {
        return numcodecs ? settings.numcodecsJson() : settings.json();
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodedSize expected, DecodeContext ctx) {
        BloscHeader header = BloscHeader.read(encoded, expected, ctx);
        MemorySegment out = ctx.buffer(this, header.nbytes());
        if (header.nbytes() == 0) {
            return out;
        }
        if (header.memcpyed()) {
            MemorySegment.copy(encoded, BloscHeader.SIZE, out, 0, header.nbytes());
            return out;
        }
        if (!engine.decodes(header.format())) {
            throw new ZarrException.Unsupported(ctx.node(), null, "chunk " + ctx.key() + ": " + engine.describe()
                    + " cannot decompress blosc chunks made with " + BloscCompressor.formatName(header.format()) + unavailable());
        }
        engine.decompress(encoded, out, ctx);
        return out;
    }

    /** c-blosc stores a chunk that does not compress as it is (memcpyed): never more than the 16-byte header on top. */
    @Override
    public long maxEncodedSize(long decodedSize) {
        return decodedSize + BloscHeader.SIZE;
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        if (!engine.encodes(settings.cname())) {
            throw new ZarrException.Unsupported(ctx.node(), cnamePointer,
                    engine.describe() + " cannot compress with '" + settings.cname().cname + "'" + unavailable());
        }
        if (decoded.byteSize() > BloscHeader.MAX_BUFFER) {
            throw new ZarrException.BadRequest(ctx.node(), "blosc cannot compress a chunk of " + decoded.byteSize() + " bytes (at most "
                    + BloscHeader.MAX_BUFFER + ")");
        }
        MemorySegment out = ctx.buffer(encodeBuffer, decoded.byteSize() + BloscHeader.SIZE);
        return out.asSlice(0, engine.compress(settings, decoded, out, ctx));
    }

    private String unavailable() {
        return engine instanceof JavaBlosc
                ? " (install libblosc1 and leave -D" + BloscEngines.PROPERTY + " unset to use the system's c-blosc)"
                : " (this libblosc was built without it)";
    }
}
