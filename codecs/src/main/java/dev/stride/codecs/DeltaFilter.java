package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/**
 * {@code numcodecs.delta}: the first element, then each element less the one before, computed in {@code dtype} and
 * stored as {@code astype}. Decoding is numpy's {@code cumsum} into {@code dtype}: each stored value converted to
 * {@code dtype}, then added in it (integers wrap, floats round at every step).
 */
final class DeltaFilter extends ElementFilter {

    DeltaFilter(CodecConfig config, ChunkSpec input) {
        super("delta", config, input);
        config.allowOnly("dtype", "astype");
    }

    @Override
    Map<String, Json> members() {
        return withTypes(Map.of());
    }

    @Override
    void decode(MemorySegment in, MemorySegment out, long n) {
        NumpyType d = decodedType;
        if (d.isFloat()) {
            double sum = 0;
            for (long i = 0; i < n; i++) {
                double v = d.asFloat(encodedType, in, i);
                sum = i == 0 ? v : d.round(sum + v);
                d.setDouble(out, i, sum);
            }
        } else {
            long sum = 0;
            for (long i = 0; i < n; i++) {
                sum += d.asInt(encodedType, in, i);
                d.setLong(out, i, sum);
            }
        }
    }

    @Override
    void encode(MemorySegment in, MemorySegment out, long n) {
        NumpyType d = decodedType;
        NumpyType e = encodedType;
        for (long i = 0; i < n; i++) {
            if (d.isFloat()) {
                e.storeFloat(out, i, i == 0 ? d.getDouble(in, 0) : d.round(d.getDouble(in, i) - d.getDouble(in, i - 1)));
            } else {
                e.storeInt(out, i, i == 0 ? d.getLong(in, 0) : d.wrap(d.getLong(in, i) - d.getLong(in, i - 1)), d);
            }
        }
    }
}
