package dev.stride.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * Count, sum, min, max and mean of one field over a selection, exact and the same on any number of threads, in any
 * chunk order and whichever other fields were scanned in the same pass. Integers and times are summed exactly
 * ({@link BigInteger}); float sums are exact sums of per-block partial sums (see {@link Floats}). NaN (floats) and NaT
 * (times) are left out of count, sum, min, max and mean and counted in {@link #nanCount()}, as numpy's
 * {@code nansum}/{@code nanmin} do; an infinity is a value like any other. Text and byte strings have a count, their
 * empty values and their least and greatest value ({@link Strings}, {@link ByteStrings}), and no sum.
 *
 * <p>A field with a shape ({@link SubarrayType}) counts every element of every record, as numpy's {@code nansum} of
 * the field does: its statistics are those of its element type, and {@link #count()} is records times elements less
 * the NaN values.
 */
public sealed interface FieldStats {
    /**
     * The field's dotted path as asked ({@code ""} for a plain array).
     *
     * @return the path
     */
    String field();

    /**
     * The field's data type; for a field with a shape, its element type.
     *
     * @return the leaf type, or the element type
     */
    DataType type();

    /**
     * Values counted: every record of the selection (every element of a field with a shape) except NaN and NaT values.
     *
     * @return the count
     */
    long count();

    /**
     * NaN values of a float field, NaT values of a time field; 0 for integers.
     *
     * @return the count of NaN or NaT values
     */
    long nanCount();

    /**
     * The sum rounded once to the nearest double (infinite when it holds infinities, NaN when both signs; NaN for text
     * and byte strings, which have no sum).
     *
     * @return the sum
     */
    double sumAsDouble();

    /**
     * The least value as a double (uint64 unsigned, times as their count); NaN when {@code count() == 0}, and for text
     * and byte strings (see {@link Strings#min()}, {@link ByteStrings#min()}).
     *
     * @return the least value
     */
    double minAsDouble();

    /**
     * The greatest value as a double (uint64 unsigned, times as their count); NaN when {@code count() == 0}, and for
     * text and byte strings.
     *
     * @return the greatest value
     */
    double maxAsDouble();

    /**
     * The exact sum divided by the count, to the nearest double; NaN when {@code count() == 0}, and for text and byte
     * strings.
     *
     * @return the mean
     */
    double mean();

    private static double mean(BigDecimal sum, long count) {
        return count == 0 ? Double.NaN : sum.divide(BigDecimal.valueOf(count), new MathContext(40)).doubleValue();
    }

    private static BigInteger value(long raw, boolean unsigned) {
        return unsigned ? Columns.unsigned(raw) : BigInteger.valueOf(raw);
    }

    /**
     * These statistics as those of bool and integer fields, for their exact sum, min and max.
     *
     * @return these statistics as integer statistics
     * @throws ZarrException.BadRequest naming the field and its type when it is a float or time field
     */
    default Integers asIntegers() {
        return as(Integers.class);
    }

    /**
     * These statistics as those of a time field, for ticks and java.time.
     *
     * @return these statistics as time statistics
     * @throws ZarrException.BadRequest naming the field and its type when it is no time field
     */
    default Times asTimes() {
        return as(Times.class);
    }

    /**
     * These statistics as those of a float field, for the exact sum, infinities and NaN count.
     *
     * @return these statistics as float statistics
     * @throws ZarrException.BadRequest naming the field and its type when it is no float field
     */
    default Floats asFloats() {
        return as(Floats.class);
    }

    /**
     * These statistics as those of a text field, for its least and greatest value and empty values.
     *
     * @return these statistics as text statistics
     * @throws ZarrException.BadRequest naming the field and its type when it is no text field
     */
    default Strings asStrings() {
        return as(Strings.class);
    }

    /**
     * These statistics as those of a byte string field, for its least and greatest value and empty values.
     *
     * @return these statistics as byte string statistics
     * @throws ZarrException.BadRequest naming the field and its type when it is no byte string field
     */
    default ByteStrings asByteStrings() {
        return as(ByteStrings.class);
    }

    private <S extends FieldStats> S as(Class<S> kind) {
        if (!kind.isInstance(this)) {
            throw new ZarrException.BadRequest(null, "field '" + field() + "' (" + type().describe() + ") has statistics of "
                    + getClass().getSimpleName() + ", not " + kind.getSimpleName());
        }
        return kind.cast(this);
    }

    /**
     * bool (true counts 1), int8..int64 and uint8..uint64. {@code min} and {@code max} are in the field's type: for
     * uint64 the raw bits ({@link Long#toUnsignedString}; {@link #minValue()} gives the number); 0 when {@code count}
     * is 0.
     *
     * @param field the field's dotted path
     * @param type the field's type
     * @param count values summed
     * @param sum the exact sum
     * @param min the least value in the field's type (raw bits for uint64)
     * @param max the greatest value in the field's type (raw bits for uint64)
     */
    record Integers(String field, CoreType type, long count, BigInteger sum, long min, long max) implements FieldStats {
        /**
         * Whether min and max are uint64 bits (or of another unsigned type).
         *
         * @return true for uint8..uint64
         */
        public boolean unsigned() {
            return type.kind() == CoreType.Kind.UNSIGNED;
        }

        /**
         * The least value as a number, unsigned types included.
         *
         * @return the least value, 0 when {@code count} is 0
         */
        public BigInteger minValue() {
            return value(min, unsigned());
        }

        /**
         * The greatest value as a number, unsigned types included.
         *
         * @return the greatest value, 0 when {@code count} is 0
         */
        public BigInteger maxValue() {
            return value(max, unsigned());
        }

        @Override
        public long nanCount() {
            return 0;
        }

        @Override
        public double sumAsDouble() {
            return sum.doubleValue();
        }

        @Override
        public double minAsDouble() {
            return count == 0 ? Double.NaN : minValue().doubleValue();
        }

        @Override
        public double maxAsDouble() {
            return count == 0 ? Double.NaN : maxValue().doubleValue();
        }

        @Override
        public double mean() {
            return FieldStats.mean(new BigDecimal(sum), count);
        }
    }

    /**
     * numpy.datetime64 and timedelta64 in ticks of the type's unit and scale: {@code sum}, {@code min} and
     * {@code max} are tick counts (the sum of datetimes counts from 1970); {@link #instant}/{@link #duration} turn a
     * tick count into java.time as {@link TimeType} does. NaT values are in {@code nanCount}.
     *
     * @param field the field's dotted path
     * @param type the unit and scale factor
     * @param count values summed, NaT left out
     * @param nanCount NaT values
     * @param sum the exact sum of the tick counts
     * @param min the least tick count
     * @param max the greatest tick count
     */
    record Times(String field, TimeType type, long count, long nanCount, BigInteger sum, long min, long max) implements FieldStats {
        /** {@code ticks} of a timedelta as a time span ({@link TimeType#toDuration}); empty for NaT, a datetime, units of
         *
         * @param ticks a tick count, such as {@link #min()}
         * @return the span, or empty
         * no fixed length, and spans beyond what {@link Duration} holds. */
        public Optional<Duration> duration(long ticks) {
            return converted(type::toDuration, ticks);
        }

        /** {@code ticks} of a datetime as a point in time ({@link TimeType#toInstant}); empty for NaT, a timedelta, and
         *
         * @param ticks a tick count, such as {@link #min()}
         * @return the point in time, or empty
         * points beyond {@link Instant}. */
        public Optional<Instant> instant(long ticks) {
            return converted(type::toInstant, ticks);
        }

        private static <T> Optional<T> converted(LongFunction<T> conversion, long ticks) {
            try {
                return Optional.ofNullable(conversion.apply(ticks));
            } catch (ZarrException.BadRequest notConvertible) {
                return Optional.empty();
            }
        }

        @Override
        public double sumAsDouble() {
            return sum.doubleValue();
        }

        @Override
        public double minAsDouble() {
            return count == 0 ? Double.NaN : min;
        }

        @Override
        public double maxAsDouble() {
            return count == 0 ? Double.NaN : max;
        }

        @Override
        public double mean() {
            return FieldStats.mean(new BigDecimal(sum), count);
        }
    }

    /**
     * float16, float32 and float64. {@code sum} is the exact sum of the finite values' per-block partial sums: each
     * block of at most 1 MiB of records is summed in doubles (four accumulators, in record order) and the blocks'
     * sums are added exactly, so the result depends only on the array's chunking and the region, and differs from the
     * exact sum of the values by at most {@code (m + 5) * 2^-53} times the sum of their magnitudes, {@code m} being
     * the records in a block; a block whose double sum overflows is added value by value, exactly.
     * Infinities are counted apart from {@code sum} ({@link #sumAsDouble()} adds them back); min and max see them.
     *
     * @param field the field's dotted path
     * @param type float16, float32 or float64
     * @param count values summed, NaN left out
     * @param nanCount NaN values
     * @param sum the exact sum of the finite values' block sums
     * @param positiveInfinities how many values are +Infinity
     * @param negativeInfinities how many values are -Infinity
     * @param min the least value
     * @param max the greatest value
     */
    record Floats(String field, CoreType type, long count, long nanCount, BigDecimal sum, long positiveInfinities,
                  long negativeInfinities, double min, double max) implements FieldStats {
        @Override
        public double sumAsDouble() {
            if (positiveInfinities > 0) {
                return negativeInfinities > 0 ? Double.NaN : Double.POSITIVE_INFINITY;
            }
            return negativeInfinities > 0 ? Double.NEGATIVE_INFINITY : sum.doubleValue();
        }

        @Override
        public double minAsDouble() {
            return min;
        }

        @Override
        public double maxAsDouble() {
            return max;
        }

        @Override
        public double mean() {
            if (positiveInfinities + negativeInfinities > 0) {
                return sumAsDouble();
            }
            return FieldStats.mean(sum, count);
        }
    }

    /**
     * What text and byte strings have: a count, their empty values, and a least and greatest value of their own kind
     * ({@link Strings#min()}, {@link ByteStrings#min()}); no NaN and no sum, so the numbers of {@link FieldStats} are
     * 0 ({@link #nanCount()}) and NaN.
     */
    sealed interface Textual extends FieldStats permits Strings, ByteStrings {
        /**
         * Values that are empty: the empty string, or a byte string of NULs only.
         *
         * @return the count of empty values
         */
        long emptyCount();

        @Override
        default long nanCount() {
            return 0;
        }

        @Override
        default double sumAsDouble() {
            return Double.NaN;
        }

        @Override
        default double minAsDouble() {
            return Double.NaN;
        }

        @Override
        default double maxAsDouble() {
            return Double.NaN;
        }

        @Override
        default double mean() {
            return Double.NaN;
        }
    }

    /**
     * Text ({@code fixed_length_utf32}, numpy's {@code U<n>}): values without their padding NULs, ordered by code point
     * as numpy orders them (not by Java's {@link String#compareTo}, which sorts U+E000..U+FFFF after astral
     * characters).
     *
     * @param field the field's dotted path
     * @param type the field's type
     * @param count values counted: every record (every element of a field with a shape)
     * @param emptyCount values that are the empty string
     * @param min the least value, null when {@code count} is 0
     * @param max the greatest value, null when {@code count} is 0
     */
    record Strings(String field, FixedStringType type, long count, long emptyCount, String min, String max) implements Textual {
    }

    /**
     * Byte strings ({@code null_terminated_bytes}, numpy's {@code S<n>}): values without their trailing NULs, ordered
     * byte by byte as unsigned numbers, as numpy orders them.
     *
     * @param field the field's dotted path
     * @param type the field's type
     * @param count values counted: every record (every element of a field with a shape)
     * @param emptyCount values of no bytes (NULs only)
     * @param min the least value, null when {@code count} is 0
     * @param max the greatest value, null when {@code count} is 0
     */
    record ByteStrings(String field, FixedBytesType type, long count, long emptyCount, byte[] min, byte[] max) implements Textual {
    }
}
