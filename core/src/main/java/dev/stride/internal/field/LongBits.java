package dev.stride.internal.field;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor.LongField;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.ByteBuffer;

/** The fields stored as eight-byte integers: int64 and uint64 ({@link LongAccessor}) and times ({@link TimeAccessor}). */
abstract sealed class LongBits extends Accessor<long[]> implements LongField permits LongAccessor, TimeAccessor {
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    /** True for uint64, whose bits above {@link Long#MAX_VALUE} read as negative. */
    final boolean unsigned;

    LongBits(Site s, DataType t, Kind<long[]> kind) {
        super(s, t, kind);
        this.unsigned = t == CoreType.UINT64;
    }

    @Override
    public final long get(MemorySegment records, long i) {
        return Reads.i64(records, at(i), little);
    }

    @Override
    public final void set(MemorySegment records, long i, long v) {
        Reads.i64(records, at(i), little, v);
    }

    /** Through {@link #window}s, as a filter's keys are read. */
    @Override
    public final void get(MemorySegment records, long first, int n, long[] dst, int pos) {
        int stride = (int) Math.min(recordSize, Integer.MAX_VALUE);
        int most = windowRecords();
        for (int done = 0; done < n; done += most) {
            int m = Math.min(most, n - done);
            ByteBuffer b = window(records, first + done, m);
            for (int k = 0, o = 0; k < m; k++, o += stride) {
                dst[pos + done + k] = b.getLong(o);
            }
        }
    }

    @Override
    public final void set(MemorySegment records, long first, int n, long[] src, int pos) {
        for (int k = 0; k < n; k++) {
            set(records, first + k, src[pos + k]);
        }
    }

    @Override
    public final BigInteger getBigInteger(MemorySegment records, long i) {
        long v = get(records, i);
        return unsigned && v < 0 ? BigInteger.valueOf(v).add(TWO_TO_64) : BigInteger.valueOf(v);
    }

    /** The nearest double (a uint64 as unsigned); a time as its count, NaT as the least long. */
    @Override
    public final double getDouble(MemorySegment records, long i) {
        long v = get(records, i);
        if (unsigned && v < 0) {
            return (double) (v >>> 1) * 2.0 + (v & 1);
        }
        return v;
    }
}
