package dev.stride.internal.where;

import dev.stride.model.FieldAccessor;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/**
 * Where a condition's values come from, each read as a long <em>key</em> whose signed order is the order conditions
 * compare in: integers and times as themselves, uint64 shifted into signed order, bool as 0 or 1, floats in Spark's
 * total order ({@code -0.0} as {@code 0.0}, every NaN as one key above infinity). Keys let one comparison of longs serve
 * every kind of field, in the records and in the statistics of a chunk alike.
 */
public sealed interface Source {
    /** The key of every NaN: above the key of positive infinity. */
    long NAN_KEY = 0x7ff8_0000_0000_0000L;

    /** {@return the key of record {@code i}; {@link Long#MIN_VALUE} is NaT for a {@link #nullable()} source} */
    long key(MemorySegment records, long i, long[] coordinates);

    /**
     * The keys of records {@code first .. first + n - 1} into {@code out[0 .. n - 1]}, for a condition that uses no
     * coordinates. Each field's source overrides it with its own loop, so the accessor's call is the same at every
     * iteration and compiles inline.
     */
    void keys(MemorySegment records, long first, int n, long[] out);

    /** {@return whether a key of {@link Long#MIN_VALUE} is a null (NaT), making comparisons unknown} */
    default boolean nullable() {
        return false;
    }

    /** {@return the field read, or null for an index coordinate} */
    FieldAccessor f();

    /** {@return the field's path, whose statistics a chunk may hold; null for an index coordinate} */
    default String field() {
        return f() == null ? null : f().path();
    }

    /** {@return whether {@code key} is a NaN (float fields) or a NaT (time fields)} */
    default boolean missing(long key) {
        return switch (this) {
            case Reals r -> key == NAN_KEY;
            case Times t -> key == Long.MIN_VALUE;
            default -> false;
        };
    }

    /**
     * The source of a leaf field, or null for one that conditions and statistics leave out (complex, raw, strings, a
     * field with a shape).
     */
    static Source of(FieldAccessor f) {
        return switch (f) {
            case FieldAccessor.DoubleField d -> new Reals(d);
            case FieldAccessor.FloatValuedField v -> new Reals(v);
            case FieldAccessor.IntegerField n -> new Integers(n);
            case FieldAccessor.TimeField t -> new Times(t, (TimeType) t.type());
            case FieldAccessor.LongField l -> new Longs(l);
            case FieldAccessor.BoolField b -> new Bools(b);
            default -> null;
        };
    }

    /** The key of a double in Spark's order: {@code -0.0} is {@code 0.0}, every NaN one key above infinity. */
    static long floatKey(double x) {
        if (x != x) {
            return NAN_KEY;
        }
        if (x == 0) {
            return 0;
        }
        long bits = Double.doubleToRawLongBits(x);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The double whose {@link #floatKey} is {@code key} (NaN for {@link #NAN_KEY}). */
    static double floatOf(long key) {
        if (key == NAN_KEY) {
            return Double.NaN;
        }
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    /** An integer of a field read as a long: int8..uint32 by value, int64 as is, uint64 shifted into signed order. */
    static long integerKey(BigInteger v, boolean unsigned64) {
        return unsigned64 ? v.subtract(BigInteger.ONE.shiftLeft(63)).longValue() : v.longValue();
    }

    /** A float16, float32 or float64 field, read as a double (exactly: the narrower ones widen without rounding). */
    record Reals(FieldAccessor f) implements Source {
        @Override
        public long key(MemorySegment records, long i, long[] coordinates) {
            return floatKey(f.getDouble(records, i));
        }

        @Override
        public void keys(MemorySegment records, long first, int n, long[] out) {
            for (int k = 0; k < n; k++) {
                out[k] = floatKey(f.getDouble(records, first + k));
            }
        }
    }

    /** The keys of an int64 field (times are one): its values in one bulk read, uint64's with the sign bit flipped. */
    private static void int64Keys(FieldAccessor.LongField f, boolean flip, MemorySegment records, long first, int n, long[] out) {
        f.get(records, first, n, out, 0);
        if (flip) {
            for (int k = 0; k < n; k++) {
                out[k] ^= Long.MIN_VALUE;
            }
        }
    }

    /** An integer field of int8..uint32, by value. */
    record Integers(FieldAccessor.IntegerField f) implements Source {
        @Override
        public long key(MemorySegment records, long i, long[] coordinates) {
            return f.getLong(records, i);
        }

        @Override
        public void keys(MemorySegment records, long first, int n, long[] out) {
            for (int k = 0; k < n; k++) {
                out[k] = f.getLong(records, first + k);
            }
        }
    }

    /** An int64 field, or a uint64 one in shifted order. */
    record Longs(FieldAccessor.LongField f) implements Source {
        @Override
        public long key(MemorySegment records, long i, long[] coordinates) {
            long v = f.get(records, i);
            return f.isUnsigned() ? v ^ Long.MIN_VALUE : v;
        }

        @Override
        public void keys(MemorySegment records, long first, int n, long[] out) {
            int64Keys(f, f.isUnsigned(), records, first, n, out);
        }
    }

    /** A bool field: 0 or 1. */
    record Bools(FieldAccessor.BoolField f) implements Source {
        @Override
        public long key(MemorySegment records, long i, long[] coordinates) {
            return f.get(records, i) ? 1 : 0;
        }

        @Override
        public void keys(MemorySegment records, long first, int n, long[] out) {
            for (int k = 0; k < n; k++) {
                out[k] = f.get(records, first + k) ? 1 : 0;
            }
        }
    }

    /** A datetime64 or timedelta64 field: its count of units, NaT a null. */
    record Times(FieldAccessor.TimeField f, TimeType type) implements Source {
        @Override
        public long key(MemorySegment records, long i, long[] coordinates) {
            return f.get(records, i);
        }

        @Override
        public void keys(MemorySegment records, long first, int n, long[] out) {
            int64Keys(f, false, records, first, n, out);
        }

        @Override
        public boolean nullable() {
            return true;
        }
    }

    /** The record's coordinate along one dimension. */
    record Coordinate(int dimension) implements Source {
        @Override
        public long key(MemorySegment records, long i, long[] coordinates) {
            return coordinates[dimension];
        }

        /** Never called: a condition on coordinates is tested record by record, with their coordinates. */
        @Override
        public void keys(MemorySegment records, long first, int n, long[] out) {
            throw new IllegalStateException("coordinates have no keys without their records' positions");
        }

        @Override
        public FieldAccessor f() {
            return null;
        }
    }
}
