package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * {@code numcodecs.quantize}: floats rounded to a power of two at least as fine as {@code 10^-digits}, stored as
 * {@code astype}. The rounding is lossy once, on writing: decoding only converts {@code astype} to {@code dtype}.
 */
final class QuantizeFilter extends ElementFilter {
    private final int digits;

    QuantizeFilter(CodecConfig config, ChunkSpec input) {
        super("quantize", config, input);
        config.allowOnly("digits", "dtype", "astype");
        this.digits = (int) config.integer("digits", -300, 300, null);
        if (!decodedType.isFloat() || !encodedType.isFloat()) {
            throw config.invalid(decodedType.isFloat() ? "astype" : "dtype", "quantize takes float types only");
        }
    }

    @Override
    Map<String, Json> members() {
        return withTypes(Map.of("digits", Json.number(digits)));
    }

    @Override
    void decode(MemorySegment in, MemorySegment out, long n) {
        decodedType.convert(encodedType, in, out, n);
    }

    /** numcodecs' scale: 2 to the bits that 10 to the decimal exponent of the precision needs. */
    private double scale() {
        double exp = Math.log10(Math.pow(10.0, -digits));
        double decimal = exp < 0 ? Math.floor(exp) : Math.ceil(exp);
        int bits = (int) Math.ceil(Math.log(Math.pow(10.0, -decimal)) / Math.log(2));
        return Math.scalb(1.0, bits);
    }

    @Override
    void encode(MemorySegment in, MemorySegment out, long n) {
        NumpyType d = decodedType;
        double s = d.round(scale());
        for (long i = 0; i < n; i++) {
            encodedType.storeFloat(out, i, d.round(Math.rint(d.round(s * d.getDouble(in, i))) / s));
        }
    }
}
