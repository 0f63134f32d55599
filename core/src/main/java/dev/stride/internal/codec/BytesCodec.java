package dev.stride.internal.codec;

import dev.stride.model.Json;
import dev.stride.model.StructType;
import dev.stride.spi.ArrayToBytesCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

/**
 * {@code bytes}: elements stored packed in C order with one byte order. Decoding is a view: the stored bytes are
 * read in place through layouts of that order, never swapped or copied.
 */
public final class BytesCodec implements ArrayToBytesCodec {
    private final ByteOrder order;
    private final boolean endianWritten;
    private final ChunkSpec spec;
    private final long size;

    BytesCodec(CodecConfig config, ChunkSpec spec) {
        config.allowOnly("endian");
        this.spec = spec;
        this.endianWritten = config.has("endian");
        if (endianWritten) {
            this.order = config.oneOf("endian", null, List.of("little", "big")).equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        } else {
            // the legacy "structured" type allows no endian and means little-endian then
            boolean legacy = spec.type() instanceof StructType s && s.legacy();
            if (spec.type().hasByteOrder() && !legacy) {
                throw config.invalid(null, "the bytes codec needs \"endian\" for " + spec.type().describe());
            }
            this.order = ByteOrder.LITTLE_ENDIAN;
        }
        long bytes;
        try {
            bytes = spec.byteSize();
        } catch (ArithmeticException e) {
            bytes = Long.MAX_VALUE;
        }
        if (bytes > Integer.MAX_VALUE) {
            throw config.invalid(null, "a chunk of " + spec + " would be larger than 2 GiB");
        }
        this.size = bytes;
    }

    @Override
    public String name() {
        return "bytes";
    }

    @Override
    public Json.JObject configuration() {
        return endianWritten || spec.type().hasByteOrder()
                ? new Json.JObject(Map.of("endian", Json.string(order == ByteOrder.BIG_ENDIAN ? "big" : "little")))
                : new Json.JObject(Map.of());
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    @Override
    public long encodedSize() {
        return size;
    }

    /** The chunk's fixed size: an encoding is never longer. */
    @Override
    public long maxEncodedSize() {
        return encodedSize();
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        if (encoded.byteSize() != size) {
            throw ctx.corrupt("chunk holds " + encoded.byteSize() + " bytes, but " + spec + " needs " + size);
        }
        return encoded;
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        return decoded;
    }
}
