package dev.stride.internal.read;

import dev.stride.internal.base.ExactSum;
import dev.stride.internal.base.Int128;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.TimeType;

/**
 * A worker's running statistics of one field, exact, so that adding the totals of workers (or of blocks) in any
 * order gives the same result. The kernels in {@link Kernels} fill them; {@link #addRepeated} accounts for units never
 * written without visiting their records.
 */
abstract sealed class FieldTotal permits FieldTotal.Integers, FieldTotal.Floats, StringTotal {
    /** Values counted (not NaN, not NaT). */
    long count;
    /** NaN or NaT values. */
    long nan;
    /** The bytes the kernels read ahead of their loops as a prefetch, added up only so that the JIT keeps those reads. */
    long prefetchSink;

    /** The total of a leaf field of numbers, bools, times, text or byte strings (not of a shaped field: of an element). */
    static FieldTotal of(FieldAccessor field) {
        return switch (field.type()) {
            case CoreType c when c.kind() == CoreType.Kind.FLOAT -> new Floats();
            case FixedStringType t -> new StringTotal(field);
            case FixedBytesType b -> new StringTotal(field);
            case DataType type -> new Integers(type == CoreType.UINT64);
        };
    }

    /** Adds another total of the same field. */
    abstract void add(FieldTotal other);

    /** Adds {@code times} copies of the single record {@code one} holds (a NaN, a NaT or a value). */
    final void addRepeated(FieldTotal one, long times) {
        nan += one.nan * times;
        if (one.count == 1) {
            count += times;
            repeatValue(one, times);
        }
    }

    /** Adds {@code times} copies of the value of {@code one}, which counted one, to the sum, min and max. */
    abstract void repeatValue(FieldTotal one, long times);

    abstract FieldStats stats(String field, DataType type);

    /**
     * Integers, bool and times. The sum is exact in 128 bits; min and max are kept as signed longs, uint64 values
     * with their top bit flipped so signed order is their unsigned order.
     */
    static final class Integers extends FieldTotal {
        final Int128 sum = new Int128();
        /** Flips uint64 values into signed order and back. */
        final long flip;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;

        Integers(boolean unsigned64) {
            this.flip = unsigned64 ? Long.MIN_VALUE : 0;
        }

        /** Adds a kernel's block: {@code n} values whose sum is {@code high * 2^32 + low}, min and max in signed order. */
        void block(long n, long nat, long high, long low, long blockMin, long blockMax) {
            count += n;
            nan += nat;
            sum.addHalves(high, low);
            min = Math.min(min, blockMin);
            max = Math.max(max, blockMax);
        }

        @Override
        void add(FieldTotal other) {
            Integers o = (Integers) other;
            block(o.count, o.nan, 0, 0, o.min, o.max);
            sum.add(o.sum);
        }

        @Override
        void repeatValue(FieldTotal one, long times) {
            Integers o = (Integers) one;
            sum.addProduct(times, o.min ^ flip, flip != 0);
            min = Math.min(min, o.min);
            max = Math.max(max, o.max);
        }

        @Override
        FieldStats stats(String field, DataType type) {
            long lo = count == 0 ? 0 : min ^ flip;
            long hi = count == 0 ? 0 : max ^ flip;
            if (type instanceof TimeType t) {
                return new FieldStats.Times(field, t, count, nan, sum.toBigInteger(), lo, hi);
            }
            return new FieldStats.Integers(field, (CoreType) type, count, sum.toBigInteger(), lo, hi);
        }
    }

    /** float16/32/64: finite values summed exactly (as the kernels' block sums), infinities and NaN counted. */
    static final class Floats extends FieldTotal {
        final ExactSum sum = new ExactSum();
        long positiveInfinities;
        long negativeInfinities;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;

        /**
         * Takes a kernel's block of {@code n} values summed in doubles, unless the sum is not finite (a NaN, an infinity
         * or an overflow among them): then returns false and the block must be added {@link #value} by value.
         */
        boolean block(long n, double blockSum, double blockMin, double blockMax) {
            if (!Double.isFinite(blockSum)) {
                return false;
            }
            count += n;
            sum.add(blockSum);
            min = Math.min(min, blockMin);
            max = Math.max(max, blockMax);
            return true;
        }

        void value(double v) {
            if (Double.isNaN(v)) {
                nan++;
                return;
            }
            count++;
            if (v == Double.POSITIVE_INFINITY) {
                positiveInfinities++;
            } else if (v == Double.NEGATIVE_INFINITY) {
                negativeInfinities++;
            } else {
                sum.add(v);
            }
            min = Math.min(min, v);
            max = Math.max(max, v);
        }

        @Override
        void add(FieldTotal other) {
            Floats o = (Floats) other;
            count += o.count;
            nan += o.nan;
            positiveInfinities += o.positiveInfinities;
            negativeInfinities += o.negativeInfinities;
            sum.add(o.sum);
            min = Math.min(min, o.min);
            max = Math.max(max, o.max);
        }

        @Override
        void repeatValue(FieldTotal one, long times) {
            Floats o = (Floats) one;
            positiveInfinities += o.positiveInfinities * times;
            negativeInfinities += o.negativeInfinities * times;
            if (Double.isFinite(o.min)) {
                sum.addProduct(o.min, times);
            }
            min = Math.min(min, o.min);
            max = Math.max(max, o.max);
        }

        @Override
        FieldStats stats(String field, DataType type) {
            return new FieldStats.Floats(field, (CoreType) type, count, nan, sum.total(), positiveInfinities, negativeInfinities,
                    count == 0 ? Double.NaN : min, count == 0 ? Double.NaN : max);
        }
    }
}
