package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * {@code numcodecs.bitround}: floats with all but {@code keepbits} bits of their mantissa rounded away (to nearest,
 * ties to even, on the bits as integers), so they compress better. Lossy on writing only: decoding returns the bytes.
 */
final class BitRoundFilter extends ElementFilter {
    private final int keepbits;
    private final int maskbits;

    BitRoundFilter(CodecConfig config, ChunkSpec input) {
        this(config, input, NumpyType.of(input.type(), config, null));
    }

    private BitRoundFilter(CodecConfig config, ChunkSpec input, NumpyType type) {
        super(config, input, type, null, type);
        config.allowOnly("keepbits");
        if (!type.isFloat()) {
            throw config.invalid(null, "bitround takes float16, float32 or float64 chunks, not " + input.type().describe());
        }
        int mantissa = switch (type.size()) {
            case 2 -> 10;
            case 4 -> 23;
            default -> 52;
        };
        this.keepbits = (int) config.integer("keepbits", 0, mantissa, null);
        this.maskbits = mantissa - keepbits;
    }

    @Override
    public String name() {
        return NumcodecsCodecs.PREFIX + "bitround";
    }

    @Override
    Map<String, Json> members() {
        return Map.of("keepbits", Json.number(keepbits));
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        return encoded;
    }

    @Override
    void decode(MemorySegment in, MemorySegment out, long n) {
        MemorySegment.copy(in, 0, out, 0, n * decodedType.size());
    }

    @Override
    void encode(MemorySegment in, MemorySegment out, long n) {
        NumpyType bits = new NumpyType('i', decodedType.size(), decodedType.order());
        long mask = -1L << maskbits;
        long halfQuantum = maskbits == 0 ? 0 : (1L << (maskbits - 1)) - 1;
        for (long i = 0; i < n; i++) {
            long b = bits.getLong(in, i);
            if (maskbits > 0) {
                b = bits.wrap(bits.wrap(b + ((b >> maskbits) & 1) + halfQuantum) & mask);
            }
            bits.setLong(out, i, b);
        }
    }
}
