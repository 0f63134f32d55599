package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.ByteColumn;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.ByteField;

import java.lang.foreign.MemorySegment;

/** int8 or uint8: the stored bits as a byte, the value as an int. */
final class ByteAccessor extends IntegerAccessor<byte[]> implements ByteField {
    private static final Kind<byte[]> KIND = new Kind<>(ByteField.class, byte[].class, c -> c.asBytes().values(),
            (p, t, v) -> new ByteColumn(p, (CoreType) t, v));

    ByteAccessor(Site s, CoreType t) {
        super(s, t, KIND);
    }

    @Override
    public byte get(MemorySegment records, long i) {
        return Reads.i8(records, at(i));
    }

    @Override
    public void set(MemorySegment records, long i, byte v) {
        Reads.i8(records, at(i), v);
    }

    @Override
    public void get(MemorySegment records, long first, int n, byte[] dst, int pos) {
        for (int k = 0; k < n; k++) {
            dst[pos + k] = get(records, first + k);
        }
    }

    @Override
    public void set(MemorySegment records, long first, int n, byte[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public int getInt(MemorySegment records, long i) {
        byte v = get(records, i);
        return coreType == CoreType.UINT8 ? Byte.toUnsignedInt(v) : v;
    }

    @Override
    public long getLong(MemorySegment records, long i) {
        return getInt(records, i);
    }
}
