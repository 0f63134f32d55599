package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * {@code numcodecs.bitround}: floats with all but {@code keepbits} bits of their mantissa rounded away (to nearest,
 * ties to even, on the bits as integers), so they compress better. Lossy on writing only: decoding returns the bytes.
 * numcodecs rounds the array in its own byte order; here that is the native one, as zarr-python 3 hands it over.
 */
final class BitRoundFilter implements ArrayToArrayCodec {
    private final ChunkSpec spec;
    /** The floats' bits as integers of their size. */
    private final NumpyType bits;
    private final int keepbits;
    private final int maskbits;
    private final Object encodeBuffer = new Object();

    BitRoundFilter(CodecConfig config, ChunkSpec input) {
        config.allowOnly("keepbits");
        NumpyType type = NumpyType.of(input.type(), config, null);
        if (!type.isFloat()) {
            throw config.invalid(null, "bitround takes float16, float32 or float64 chunks, not " + input.type().describe());
        }
        int mantissa = switch (type.size()) {
            case 2 -> 10;
            case 4 -> 23;
            default -> 52;
        };
        this.spec = input;
        this.bits = new NumpyType('i', type.size(), type.order());
        this.keepbits = (int) config.integer("keepbits", 0, mantissa, null);
        this.maskbits = mantissa - keepbits;
    }

    @Override
    public String name() {
        return NumcodecsCodecs.PREFIX + "bitround";
    }

    @Override
    public Json.JObject configuration() {
        return new Json.JObject(Map.of("keepbits", Json.number(keepbits)));
    }

    @Override
    public ChunkSpec encodedSpec() {
        return spec;
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        return encoded;
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        if (maskbits == 0) {
            return decoded;
        }
        long n = decoded.byteSize() / bits.size();
        MemorySegment out = ctx.buffer(encodeBuffer, decoded.byteSize());
        long mask = -1L << maskbits;
        long halfQuantum = (1L << (maskbits - 1)) - 1;
        for (long i = 0; i < n; i++) {
            long b = bits.getLong(decoded, i);
            bits.setLong(out, i, bits.wrap(b + ((b >> maskbits) & 1) + halfQuantum) & mask);
        }
        return out;
    }
}
