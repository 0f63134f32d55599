package dev.stride.codecs;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.util.Native;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code zstd} (zarr-extensions): RFC 8878 frames through zstd-jni, decoded from the mapped or off-heap chunk
 * straight into the reading thread's buffer. libzstd verifies a frame's checksum when it has one and rejects
 * trailing bytes; concatenated frames decode as one value, checked against the expected size.
 */
public final class ZstdCodec implements BytesToBytesCodec {
    /** One decompression context per thread, shared by every zstd codec: it keeps no state between frames. */
    private static final Object DECOMPRESSOR = new Object();
    private static final long UNKNOWN_SIZE = -1;
    /** A zstd block decodes to at most 128 KiB and takes at least 4 bytes (an RLE block): 32768 bytes per byte. */
    private static final long MAX_RATIO = 32768;
    /** The largest zstd block, 128 KiB. */
    private static final long BLOCK = 128 << 10;

    private final String name;
    private final int level;
    private final boolean checksum;
    private final Object compressor = new Object();
    private final Object encodeBuffer = new Object();
    private final Object inputCopy = new Object();

    ZstdCodec(CodecConfig config) {
        this(config, "zstd", null);
    }

    /** {@code numcodecs.zstd}: the same frames configured as numcodecs' {@code Zstd} (a Zarr v2 compressor), level 0 by default. */
    static ZstdCodec numcodecs(CodecConfig config) {
        return new ZstdCodec(config, NumcodecsCodecs.PREFIX + "zstd", 0L);
    }

    private ZstdCodec(CodecConfig config, String name, Long defaultLevel) {
        config.allowOnly("level", "checksum");
        this.name = name;
        this.level = (int) config.integer("level", -131072, 22, defaultLevel);
        this.checksum = config.bool("checksum", false);
        requireLibrary(config);
    }

    /** zstd-jni bundles libzstd for common platforms only: say so when opening the array, not on the first chunk. */
    private static void requireLibrary(CodecConfig config) {
        try {
            Native.load();
        } catch (LinkageError e) {
            throw new ZarrException.Unsupported(config.node(), config.pointer(), "zstd-jni has no native library for this platform: " + e.getMessage());
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Json.JObject configuration() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("level", Json.number(level));
        if (checksum) {
            members.put("checksum", new Json.JBool(true));
        }
        return new Json.JObject(members);
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodedSize expected, DecodeContext ctx) {
        int n = inputSize(encoded, ctx);
        ByteBuffer src = NativeInput.of(encoded, inputCopy, ctx).asByteBuffer();
        long size = decodedSize(Zstd.getDirectByteBufferFrameContentSize(src, 0, n), expected, n, ctx);
        MemorySegment out = ctx.buffer(this, size);
        ZstdDecompressCtx zstd = ctx.local(DECOMPRESSOR, ZstdDecompressCtx::new);
        int decoded;
        try {
            decoded = zstd.decompressDirectByteBuffer(out.asByteBuffer(), 0, (int) size, src, 0, n);
        } catch (ZstdException e) {
            throw ctx.corrupt("zstd: " + e.getMessage(), e);
        }
        if (decoded != size) {
            throw ctx.corrupt("zstd: decodes to " + decoded + " bytes, expected " + size);
        }
        return out;
    }

    private static int inputSize(MemorySegment encoded, DecodeContext ctx) {
        if (encoded.byteSize() > Integer.MAX_VALUE) {
            throw ctx.corrupt("zstd: " + encoded.byteSize() + " bytes of frames, more than one call can decode");
        }
        return (int) encoded.byteSize();
    }

    /**
     * The output size, checked before anything is allocated: the chunk's when known (streaming frames omit theirs,
     * and more frames may follow the first), else the first frame header's.
     */
    private static long decodedSize(long declared, DecodedSize expected, int n, DecodeContext ctx) {
        if (declared < UNKNOWN_SIZE) {
            throw ctx.corrupt("zstd: not a zstd frame (bad magic number or truncated header)");
        }
        if (expected.isExact()) {
            if (declared > expected.exact()) {
                throw ctx.corrupt("zstd: frame header says " + declared + " decoded bytes, expected " + expected.exact());
            }
            expected.checkExpansion("zstd", n, MAX_RATIO, ctx);
            return expected.exact();
        }
        if (declared == UNKNOWN_SIZE) {
            throw ctx.corrupt("zstd: the frame does not record its decoded size and no size is expected here");
        }
        expected.checkDeclared("zstd: frame header says", declared, n, MAX_RATIO, ctx);
        return declared;
    }

    /**
     * libzstd's {@code ZSTD_compressBound}: what one frame of {@code n} bytes takes at most, at any level. Its margin of
     * n/256 also covers the few bytes per frame of writers that cut a value into several frames of some KiB each.
     */
    @Override
    public long maxEncodedSize(long n) {
        long smallInputMargin = n < BLOCK ? (BLOCK - n) >> 11 : 0;
        return n + (n >> 8) + smallInputMargin;
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        int n = inputSize(decoded, ctx);
        ByteBuffer src = NativeInput.of(decoded, inputCopy, ctx).asByteBuffer();
        long bound = Zstd.compressBound(n);
        MemorySegment out = ctx.buffer(encodeBuffer, bound);
        ZstdCompressCtx zstd = ctx.local(compressor, () -> new ZstdCompressCtx().setLevel(level).setChecksum(checksum));
        int written = zstd.compressDirectByteBuffer(out.asByteBuffer(), 0, (int) bound, src, 0, n);
        return out.asSlice(0, written);
    }
}
