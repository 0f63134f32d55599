package dev.stride.internal.codec;

import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.Json;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.ArrayToBytesCodec;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.Codec;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunk's codec chain, in spec order. Decoding runs it backwards: bytes->bytes codecs (the innermost one
 * told the exact size to expect), then the array->bytes codec, then array->array codecs.
 *
 * <p>Every size on the way is bounded before anything is read or allocated, working outwards from the decoded
 * chunk: the array->bytes codec's largest output ({@link ArrayToBytesCodec#maxEncodedSize()}) is what the innermost
 * bytes->bytes codec must decode to, the largest encoding of that ({@link BytesToBytesCodec#maxEncodedSize}) is the
 * most the next codec out may decode to, and so on to the largest stored value, {@link #maxStoredSize()}. So a
 * small file cannot make a codec in the middle of the chain allocate what its header claims, and a huge file is
 * refused from its size.
 */
public final class CodecPipeline {
    private final ChunkSpec spec;
    private final List<ArrayToArrayCodec> arrayCodecs;
    private final ArrayToBytesCodec bytesCodec;
    private final List<BytesToBytesCodec> byteCodecs;
    /** What each bytes->bytes codec may decode to, by its position in {@link #byteCodecs}. */
    private final DecodedSize[] decodedSizes;
    private final long maxStoredSize;
    private final Object mappedCopy = new Object();

    CodecPipeline(ChunkSpec spec, List<ArrayToArrayCodec> arrayCodecs, ArrayToBytesCodec bytesCodec, List<BytesToBytesCodec> byteCodecs) {
        this.spec = spec;
        this.arrayCodecs = List.copyOf(arrayCodecs);
        this.bytesCodec = bytesCodec;
        this.byteCodecs = List.copyOf(byteCodecs);
        this.decodedSizes = new DecodedSize[byteCodecs.size()];
        long bound = bytesCodec.maxEncodedSize();
        for (int i = 0; i < decodedSizes.length; i++) {
            // no bytes->bytes value is larger than a buffer: above it the bound is the buffer's
            decodedSizes[i] = i == 0 && bytesCodec.encodedSize() >= 0 ? DecodedSize.exactly(bound) : DecodedSize.atMost(bound);
            bound = byteCodecs.get(i).maxEncodedSize(decodedSizes[i].limit());
        }
        this.maxStoredSize = bound;
    }

    /** The codec chain of an array, resolved with the codecs found on the class path (checked as it is resolved). */
    public static CodecPipeline of(ArrayMetadata meta) {
        ChunkSpec chunk = new ChunkSpec(meta.chunkShape(), meta.dataType(), meta.fillValue());
        return CodecRegistry.defaults().pipeline(meta.path(), meta.codecs(), chunk, "/codecs");
    }

    /** The decoded chunk. */
    public ChunkSpec spec() {
        return spec;
    }

    public List<Codec> codecs() {
        List<Codec> all = new ArrayList<>(arrayCodecs);
        all.add(bytesCodec);
        all.addAll(byteCodecs);
        return all;
    }

    /** The chain as the public API describes it: each codec's name and configuration, and the inner chunk shape of a shard. */
    public ChunkEncoding encoding() {
        List<Json.JObject> entries = new ArrayList<>();
        for (Codec c : codecs()) {
            entries.add(Json.object("name", Json.string(c.name()), "configuration", c.configuration() == null ? Json.object() : c.configuration()));
        }
        return new ChunkEncoding(entries, bytesCodec instanceof ShardingCodec s ? s.innerShape() : null);
    }

    public List<ArrayToArrayCodec> arrayCodecs() {
        return arrayCodecs;
    }

    public ArrayToBytesCodec bytesCodec() {
        return bytesCodec;
    }

    public List<BytesToBytesCodec> byteCodecs() {
        return byteCodecs;
    }

    /** Byte order of the decoded elements. */
    public ByteOrder order() {
        return bytesCodec.order();
    }

    /**
     * The sharding codec when it is the whole array-level chain (no array->array codec before it, no bytes->bytes codec
     * after it, so its index and inner chunks are byte ranges of the stored value), else null.
     */
    public ShardingCodec directSharding() {
        return arrayCodecs.isEmpty() && byteCodecs.isEmpty() && bytesCodec instanceof ShardingCodec s ? s : null;
    }

    /** Encoded size when every codec has a fixed size (bytes, crc32c, transpose), else -1. */
    public long fixedEncodedSize() {
        long size = bytesCodec.encodedSize();
        for (BytesToBytesCodec c : byteCodecs) {
            if (size < 0 || !(c instanceof Crc32cCodec)) {
                return -1;
            }
            size += Crc32cCodec.CHECKSUM_BYTES;
        }
        return size;
    }

    /** The most bytes a stored chunk can have: what the codecs make of the largest legitimate input. */
    public long maxStoredSize() {
        return maxStoredSize;
    }

    /** Refuses a stored chunk of {@code bytes} larger than {@link #maxStoredSize()}, before it is read. */
    public void checkStoredSize(long bytes, DecodeContext ctx) {
        if (bytes > maxStoredSize) {
            throw ctx.corrupt("chunk holds " + bytes + " bytes, but " + spec + (byteCodecs.isEmpty() ? " needs " + maxStoredSize
                    : " encodes to at most " + maxStoredSize + " through " + byteCodecs.stream().map(Codec::name).toList()));
        }
    }

    /** Stored bytes in, the chunk's packed elements (C order, {@link #order()}) out; checked against {@link #spec()}. */
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        checkStoredSize(encoded.byteSize(), ctx);
        MemorySegment current = encoded;
        if (!byteCodecs.isEmpty() && encoded.isMapped()) {
            // zlib, libzstd, libblosc and the CRC32C intrinsic die of SIGBUS when a mapped file shrinks under them;
            // a copy in Java meets it as an InternalError, which the reader reports as a corrupt chunk
            current = ctx.buffer(mappedCopy, encoded.byteSize()).copyFrom(encoded);
        }
        for (int i = byteCodecs.size() - 1; i >= 0; i--) {
            current = byteCodecs.get(i).decode(current, decodedSizes[i], ctx);
        }
        current = bytesCodec.decode(current, ctx);
        for (int i = arrayCodecs.size() - 1; i >= 0; i--) {
            current = arrayCodecs.get(i).decode(current, ctx);
        }
        return current;
    }

    /** The chunk's packed elements in, the bytes to store out. */
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        MemorySegment current = decoded;
        for (ArrayToArrayCodec c : arrayCodecs) {
            current = c.encode(current, ctx);
        }
        current = bytesCodec.encode(current, ctx);
        for (BytesToBytesCodec c : byteCodecs) {
            current = c.encode(current, ctx);
        }
        return current;
    }
}
