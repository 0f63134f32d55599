package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.IntField;
import dev.stride.model.IntColumn;

import java.lang.foreign.MemorySegment;

/** int32 or uint32: the stored bits as an int, the value as a long. */
final class IntAccessor extends IntegerAccessor<int[]> implements IntField {
    private static final Kind<int[]> KIND = new Kind<>(IntField.class, int[].class, c -> c.asInts().values(),
            (p, t, v) -> new IntColumn(p, (CoreType) t, v));

    IntAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public int get(MemorySegment records, long i) {
        return Reads.i32(records, at(i), little);
    }

    @Override
    public void set(MemorySegment records, long i, int v) {
        Reads.i32(records, at(i), little, v);
    }

    @Override
    public void get(MemorySegment records, long first, int n, int[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, int[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public long getLong(MemorySegment records, long i) {
        int v = get(records, i);
        return coreType == CoreType.UINT32 ? Integer.toUnsignedLong(v) : v;
    }
}
