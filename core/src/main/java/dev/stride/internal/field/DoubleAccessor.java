package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.DoubleColumn;
import dev.stride.model.FieldAccessor.DoubleField;
import dev.stride.internal.json.FloatJson;
import dev.stride.model.Json;

import java.lang.foreign.MemorySegment;

/** float64. */
final class DoubleAccessor extends Accessor<double[]> implements DoubleField {
    private static final Kind<double[]> KIND = new Kind<>(DoubleField.class, double[].class, c -> c.asDoubles().values(),
            (p, t, v) -> new DoubleColumn(p, v));

    DoubleAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public double get(MemorySegment records, long i) {
        return Reads.f64(records, at(i), little);
    }

    @Override
    public void set(MemorySegment records, long i, double v) {
        Reads.f64(records, at(i), little, v);
    }

    @Override
    public void get(MemorySegment records, long first, int n, double[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, double[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public double getDouble(MemorySegment records, long i) {
        return get(records, i);
    }

    /** By its bits, so a NaN payload is spelled as stored. */
    @Override
    public Json toJson(MemorySegment records, long i) {
        return FloatJson.of(CoreType.FLOAT64, Reads.i64(records, at(i), little));
    }
}
