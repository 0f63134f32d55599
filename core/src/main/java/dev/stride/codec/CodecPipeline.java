package dev.stride.codec;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunk's codec chain, in spec order. Decoding runs it backwards: bytes->bytes codecs (the innermost one
 * told the exact size to expect), then the array->bytes codec, then array->array codecs.
 */
public final class CodecPipeline {
    private final ChunkSpec spec;
    private final List<ArrayToArrayCodec> arrayCodecs;
    private final ArrayToBytesCodec bytesCodec;
    private final List<BytesToBytesCodec> byteCodecs;
    private final Object mappedCopy = new Object();

    CodecPipeline(ChunkSpec spec, List<ArrayToArrayCodec> arrayCodecs, ArrayToBytesCodec bytesCodec, List<BytesToBytesCodec> byteCodecs) {
        this.spec = spec;
        this.arrayCodecs = List.copyOf(arrayCodecs);
        this.bytesCodec = bytesCodec;
        this.byteCodecs = List.copyOf(byteCodecs);
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

    /** Stored bytes in, the chunk's packed elements (C order, {@link #order()}) out; checked against {@link #spec()}. */
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        MemorySegment current = encoded;
        if (!byteCodecs.isEmpty() && encoded.isMapped()) {
            // zlib, libzstd, libblosc and the CRC32C intrinsic die of SIGBUS when a mapped file shrinks under them;
            // a copy in Java meets it as an InternalError, which the reader reports as a corrupt chunk
            current = ctx.buffer(mappedCopy, encoded.byteSize()).copyFrom(encoded);
        }
        for (int i = byteCodecs.size() - 1; i >= 0; i--) {
            current = byteCodecs.get(i).decode(current, i == 0 ? bytesCodec.encodedSize() : -1, ctx);
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
