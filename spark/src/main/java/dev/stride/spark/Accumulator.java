package dev.stride.spark;

import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.vectorized.ColumnVector;

import java.util.Arrays;

/**
 * One measure of an {@link AggregatePlan} per group: fed a batch column at a time with each row's group slot, in row
 * order, so a sum adds up exactly as Spark's own partial aggregation of the task's rows would.
 */
abstract sealed class Accumulator permits Accumulator.Count, Accumulator.OfIntegers, Accumulator.DoubleSum {
    /** Per slot: the values counted (for a sum, minimum or maximum: those not null). */
    long[] counts = new long[16];

    /** The accumulator of a measure; {@code key} names the column grouped by in messages, null for none. */
    static Accumulator of(AggregatePlan.Measure m, String key) {
        return switch (m.kind()) {
            case COUNT_ROWS -> new Count(false);
            case COUNT -> new Count(true);
            case SUM -> AggregatePlan.integral(m.column().dataType()) ? new LongSum(key == null ? m.toString() : m + " grouped by " + key)
                    : new DoubleSum(m.column().dataType() instanceof FloatType);
            case MIN, MAX -> new Extreme(m);
        };
    }

    /** Makes room for {@code slots} groups. */
    void grow(int slots) {
        if (slots > counts.length) {
            int n = Math.max(slots, counts.length * 2);
            counts = Arrays.copyOf(counts, n);
            resize(n);
        }
    }

    abstract void resize(int n);

    /** Adds rows {@code 0..rows-1} of {@code v} (null for a count of rows) to the groups {@code slots} gives. */
    abstract void add(ColumnVector v, int[] slots, int rows);

    /**
     * Adds row 0 of {@code v} (null for a count of rows) {@code times} times to the group in {@code slot}: the rows of a
     * box never written, all the fill record, without making them.
     */
    abstract void addRepeated(ColumnVector v, int slot, long times);

    /** The result of a group, as Spark holds it in a row (null for no value). */
    abstract Object value(int slot);

    /**
     * Accumulators of integers and bools: each value not null is taken as a long, in row order, into one long a group
     * (a sum, an extreme) that grows with the groups.
     */
    abstract static sealed class OfIntegers extends Accumulator permits LongSum, Extreme {
        private long[] values = new long[0];
        /** Per slot: the group's running result, meaningful once its count is above 0. */
        long[] results = new long[16];

        @Override
        final void resize(int n) {
            results = Arrays.copyOf(results, n);
        }

        @Override
        final void add(ColumnVector v, int[] slots, int rows) {
            if (values.length < rows) {
                values = new long[rows];
            }
            integers(v, rows, values);
            boolean nulls = v.hasNull();
            for (int r = 0; r < rows; r++) {
                if (!nulls || !v.isNullAt(r)) {
                    take(slots[r], values[r]);
                }
            }
        }

        @Override
        final void addRepeated(ColumnVector v, int slot, long times) {
            if (!v.isNullAt(0)) {
                if (values.length == 0) {
                    values = new long[1];
                }
                integers(v, 1, values);
                takeRepeated(slot, values[0], times);
            }
        }

        /** One value of the group in {@code slot}. */
        final void take(int slot, long x) {
            takeRepeated(slot, x, 1);
        }

        /** One value of the group in {@code slot}, {@code times} times. */
        abstract void takeRepeated(int slot, long x, long times);
    }

    /** Rows {@code 0..rows-1} of an integer or bool column as longs (true as 1), into {@code out}. */
    static void integers(ColumnVector v, int rows, long[] out) {
        switch (v.dataType()) {
            case BooleanType ignored -> {
                for (int r = 0; r < rows; r++) {
                    out[r] = v.getBoolean(r) ? 1 : 0;
                }
            }
            case ByteType ignored -> {
                for (int r = 0; r < rows; r++) {
                    out[r] = v.getByte(r);
                }
            }
            case ShortType ignored -> {
                for (int r = 0; r < rows; r++) {
                    out[r] = v.getShort(r);
                }
            }
            case IntegerType ignored -> {
                for (int r = 0; r < rows; r++) {
                    out[r] = v.getInt(r);
                }
            }
            default -> {
                for (int r = 0; r < rows; r++) {
                    out[r] = v.getLong(r);
                }
            }
        }
    }

    /** A long as a value of an integer or bool column. */
    static Object boxed(long value, DataType t) {
        return switch (t) {
            case BooleanType ignored -> value != 0;
            case ByteType ignored -> (byte) value;
            case ShortType ignored -> (short) value;
            case IntegerType ignored -> (int) value;
            default -> value;
        };
    }

    /** {@code count(*)}, or {@code count(column)}: the values not null. */
    static final class Count extends Accumulator {
        private final boolean skipNulls;

        Count(boolean skipNulls) {
            this.skipNulls = skipNulls;
        }

        @Override
        void resize(int n) {
        }

        @Override
        void add(ColumnVector v, int[] slots, int rows) {
            boolean nulls = skipNulls && v.hasNull();
            for (int r = 0; r < rows; r++) {
                if (!nulls || !v.isNullAt(r)) {
                    counts[slots[r]]++;
                }
            }
        }

        @Override
        void addRepeated(ColumnVector v, int slot, long times) {
            if (!skipNulls || !v.isNullAt(0)) {
                counts[slot] += times;
            }
        }

        @Override
        Object value(int slot) {
            return counts[slot];
        }
    }

    /**
     * A sum of integers as a long. One that passes a long fails: Spark's own sum would then fail (ANSI mode), wrap
     * (without it) or give null ({@code try_sum}), and the aggregation Spark pushes does not say which it asked for.
     */
    static final class LongSum extends OfIntegers {
        /** The measure, and the column grouped by if any, as an overflow names them. */
        private final String measure;

        LongSum(String measure) {
            this.measure = measure;
        }

        @Override
        void takeRepeated(int slot, long x, long times) {
            try {
                results[slot] = Math.addExact(results[slot], Math.multiplyExact(x, times));
            } catch (ArithmeticException e) {
                throw new ArithmeticException("long overflow in " + measure + ": read with"
                        + " pushAggregates=false to have Spark sum it (an error in ANSI mode, a wrap without, null for try_sum)");
            }
            counts[slot] += times;
        }

        @Override
        Object value(int slot) {
            return counts[slot] == 0 ? null : results[slot];
        }
    }

    /** A sum of floats or doubles as a double, added in row order from 0.0 as Spark does. */
    static final class DoubleSum extends Accumulator {
        private final boolean floats;
        private double[] sums = new double[16];

        DoubleSum(boolean floats) {
            this.floats = floats;
        }

        @Override
        void resize(int n) {
            sums = Arrays.copyOf(sums, n);
        }

        @Override
        void add(ColumnVector v, int[] slots, int rows) {
            boolean nulls = v.hasNull();
            for (int r = 0; r < rows; r++) {
                if (nulls && v.isNullAt(r)) {
                    continue;
                }
                int s = slots[r];
                sums[s] += floats ? v.getFloat(r) : v.getDouble(r);
                counts[s]++;
            }
        }

        /** As one product: a fill value added row by row could round otherwise, as any other order of the rows could. */
        @Override
        void addRepeated(ColumnVector v, int slot, long times) {
            if (!v.isNullAt(0)) {
                sums[slot] += (floats ? v.getFloat(0) : v.getDouble(0)) * (double) times;
                counts[slot] += times;
            }
        }

        @Override
        Object value(int slot) {
            return counts[slot] == 0 ? null : sums[slot];
        }
    }

    /** The least or greatest of integers or bools (false before true). */
    static final class Extreme extends OfIntegers {
        private final DataType type;
        private final boolean greatest;

        /** The {@code min} or {@code max} measure {@code m}. */
        Extreme(AggregatePlan.Measure m) {
            this.type = m.column().dataType();
            this.greatest = m.kind() == AggregatePlan.Kind.MAX;
        }

        @Override
        void takeRepeated(int slot, long x, long times) {
            if (counts[slot] == 0 || (greatest ? x > results[slot] : x < results[slot])) {
                results[slot] = x;
            }
            counts[slot] += times;
        }

        @Override
        Object value(int slot) {
            return counts[slot] == 0 ? null : boxed(results[slot], type);
        }
    }
}
