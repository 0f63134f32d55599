package dev.stride.internal.field;

import dev.stride.model.CoreType;
import dev.stride.model.FloatColumn;

import java.lang.foreign.MemorySegment;

/** float16 and float32: read as a float, held in a {@link FloatColumn}. */
abstract sealed class FloatValuedAccessor extends Accessor<float[]> permits HalfAccessor, FloatAccessor {
    FloatValuedAccessor(Site s, CoreType t, Kind<float[]> kind) {
        super(s, t, kind);
    }

    /** The value of record {@code i}, widened to float. */
    public abstract float get(MemorySegment records, long i);

    /** Stores the nearest value of this field's type. */
    public abstract void set(MemorySegment records, long i, float v);

    @Override
    public final void get(MemorySegment records, long first, int n, float[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public final void set(MemorySegment records, long first, int n, float[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public final double getDouble(MemorySegment records, long i) {
        return get(records, i);
    }
}
