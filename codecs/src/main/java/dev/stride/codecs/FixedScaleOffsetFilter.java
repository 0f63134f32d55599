package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;

import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code numcodecs.fixedscaleoffset}: {@code round((x - offset) * scale)} stored as {@code astype}, decoded as
 * {@code enc / scale + offset} converted to {@code dtype}, with numpy 2's arithmetic: offset and scale are Python
 * numbers that take the array's type where it is a float type, so a float {@code astype} decodes in its own precision
 * and an integer one in float64; an integer {@code dtype} encodes in integers while offset and scale are integers.
 */
final class FixedScaleOffsetFilter extends ElementFilter {
    private final Json.JNumber offset;
    private final Json.JNumber scale;

    FixedScaleOffsetFilter(CodecConfig config, ChunkSpec input) {
        super("fixedscaleoffset", config, input);
        config.allowOnly("offset", "scale", "dtype", "astype");
        this.offset = number(config, "offset");
        this.scale = number(config, "scale");
    }

    private static Json.JNumber number(CodecConfig config, String member) {
        if (config.required(member) instanceof Json.JNumber n && n.isFinite()) {
            return n;
        }
        throw config.invalid(member, "must be a finite number");
    }

    @Override
    Map<String, Json> members() {
        Map<String, Json> m = new LinkedHashMap<>();
        m.put("scale", scale);
        m.put("offset", offset);
        return withTypes(m);
    }

    @Override
    void decode(MemorySegment in, MemorySegment out, long n) {
        NumpyType e = encodedType;
        // true division of integers is float64's; a float array keeps its type
        NumpyType t = e.isFloat() ? e : NumpyType.FLOAT64;
        double s = t.round(scale.doubleValue());
        double o = t.round(offset.doubleValue());
        for (long i = 0; i < n; i++) {
            double v = t.asFloat(e, in, i);
            decodedType.storeFloat(out, i, t.round(t.round(v / s) + o));
        }
    }

    @Override
    void encode(MemorySegment in, MemorySegment out, long n) {
        NumpyType d = decodedType;
        boolean integers = !d.isFloat() && offset.isIntegral();
        NumpyType t = d.isFloat() ? d : NumpyType.FLOAT64;
        double o = t.round(offset.doubleValue());
        double s = t.round(scale.doubleValue());
        for (long i = 0; i < n; i++) {
            if (!integers) {
                double x = t.asFloat(d, in, i);
                encodedType.storeFloat(out, i, Math.rint(t.round(t.round(x - o) * s)));
            } else if (scale.isIntegral()) {
                long shifted = d.wrap(d.getLong(in, i) - offset.bigInteger().longValue());
                encodedType.storeInt(out, i, d.wrap(shifted * scale.bigInteger().longValue()), d);
            } else {
                long shifted = d.wrap(d.getLong(in, i) - offset.bigInteger().longValue());
                encodedType.storeFloat(out, i, Math.rint(NumpyType.FLOAT64.floatOf(shifted, d) * s));
            }
        }
    }
}
