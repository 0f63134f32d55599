package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.ShortField;
import dev.stride.model.ShortColumn;

import java.lang.foreign.MemorySegment;

/** int16 or uint16: the stored bits as a short, the value as an int. */
final class ShortAccessor extends IntegerAccessor<short[]> implements ShortField {
    private static final Kind<short[]> KIND = new Kind<>(ShortField.class, short[].class, c -> c.asShorts().values(),
            (p, t, v) -> new ShortColumn(p, (CoreType) t, v));

    ShortAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public short get(MemorySegment records, long i) {
        return Reads.i16(records, at(i), little);
    }

    @Override
    public void set(MemorySegment records, long i, short v) {
        Reads.i16(records, at(i), little, v);
    }

    @Override
    public void get(MemorySegment records, long first, int n, short[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, short[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public int getInt(MemorySegment records, long i) {
        short v = get(records, i);
        return coreType == CoreType.UINT16 ? Short.toUnsignedInt(v) : v;
    }

    @Override
    public long getLong(MemorySegment records, long i) {
        return getInt(records, i);
    }
}
