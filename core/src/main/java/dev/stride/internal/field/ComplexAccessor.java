package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.ComplexColumn;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.ComplexField;
import dev.stride.internal.json.FloatJson;
import dev.stride.model.Json;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** complex64 or complex128: two floats or two doubles (re, im), read as doubles; columns interleave them. */
final class ComplexAccessor extends Accessor<double[]> implements ComplexField {
    private static final Kind<double[]> KIND = new Kind<>(ComplexField.class, double[].class, c -> c.asComplexes().values(),
            (p, t, v) -> new ComplexColumn(p, (CoreType) t, v));
    private final boolean single;
    private final long half;

    ComplexAccessor(Site s, CoreType t) {
        super(s, t, KIND);
        this.single = t == CoreType.COMPLEX64;
        this.half = t.byteSize() / 2;
    }

    @Override
    public double real(MemorySegment records, long i) {
        return part(records, at(i));
    }

    @Override
    public double imaginary(MemorySegment records, long i) {
        return part(records, at(i) + half);
    }

    @Override
    public void set(MemorySegment records, long i, double re, double im) {
        setPart(records, at(i), re);
        setPart(records, at(i) + half, im);
    }

    @Override
    public void get(MemorySegment records, long first, int n, double[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[2 * (pos + k)] = real(records, first + k);
            dst[2 * (pos + k) + 1] = imaginary(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, double[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[2 * (pos + k)], src[2 * (pos + k) + 1]);
        }
    }

    private double part(MemorySegment records, long offset) {
        return single ? Reads.f32(records, offset, little) : Reads.f64(records, offset, little);
    }

    /** Rounded to float for complex64. */
    private void setPart(MemorySegment records, long offset, double v) {
        if (single) {
            Reads.f32(records, offset, little, (float) v);
        } else {
            Reads.f64(records, offset, little, v);
        }
    }

    @Override
    public Json toJson(MemorySegment records, long i) {
        return new Json.JArray(List.of(partJson(records, at(i)), partJson(records, at(i) + half)));
    }

    /** A part by its bits, so a NaN payload is spelled as stored. */
    private Json partJson(MemorySegment records, long offset) {
        return single ? FloatJson.of(CoreType.FLOAT32, Reads.i32(records, offset, little))
                : FloatJson.of(CoreType.FLOAT64, Reads.i64(records, offset, little));
    }

    @Override
    int itemsPerRecord() {
        return 2;
    }
}
