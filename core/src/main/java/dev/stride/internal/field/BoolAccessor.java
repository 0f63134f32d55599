package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.BoolColumn;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.BoolField;
import dev.stride.model.Json;

import java.lang.foreign.MemorySegment;

/** A bool: one byte, any value but 0 true. */
final class BoolAccessor extends Accessor<boolean[]> implements BoolField {
    private static final Kind<boolean[]> KIND = new Kind<>(BoolField.class, boolean[].class, c -> c.asBools().values(),
            (p, t, v) -> new BoolColumn(p, v));

    BoolAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public boolean get(MemorySegment records, long i) {
        return Reads.i8(records, at(i)) != 0;
    }

    @Override
    public void set(MemorySegment records, long i, boolean v) {
        Reads.i8(records, at(i), (byte) (v ? 1 : 0));
    }

    @Override
    public void get(MemorySegment records, long first, int n, boolean[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, boolean[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public double getDouble(MemorySegment records, long i) {
        return get(records, i) ? 1 : 0;
    }

    @Override
    public Json toJson(MemorySegment records, long i) {
        return new Json.JBool(get(records, i));
    }
}
