package dev.stride.arrow;

import dev.stride.model.TimeType;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

import java.util.Map;

/**
 * How a {@code datetime64} or {@code timedelta64} count becomes an Arrow timestamp or duration. Arrow has seconds,
 * milliseconds, microseconds and nanoseconds: those units keep their counts (times the scale factor); weeks, days,
 * hours and minutes become seconds, exactly; ps, fs and as become nanoseconds, rounded down; datetimes in years or
 * months become seconds by the calendar. What has no fixed length (timedelta64 in years or months, the generic unit)
 * stays an int64 count of the Zarr unit, named by the column's {@link ArrowTypes#DATA_TYPE}.
 *
 * @param factor what a count is multiplied by
 * @param divisor what the product is divided by, rounding down
 * @param calendar whether counts are years or months, converted through the calendar
 */
record TimeConversion(TimeType type, ArrowType arrowType, long factor, long divisor, boolean calendar) {
    private static final Map<String, Long> SECONDS = Map.of("W", 604_800L, "D", 86_400L, "h", 3_600L, "m", 60L);
    private static final Map<String, Long> PER_NANOSECOND = Map.of("ps", 1_000L, "fs", 1_000_000L, "as", 1_000_000_000L);

    static TimeConversion of(TimeType t) {
        long k = t.scaleFactor();
        return switch (t.unit()) {
            case "s" -> fixed(t, TimeUnit.SECOND, k, 1);
            case "ms" -> fixed(t, TimeUnit.MILLISECOND, k, 1);
            case "us", "μs" -> fixed(t, TimeUnit.MICROSECOND, k, 1);
            case "ns" -> fixed(t, TimeUnit.NANOSECOND, k, 1);
            // a scale factor is at most 2^31 - 1 (the metadata parser's rule), a week 604,800 s: the product fits
            case "W", "D", "h", "m" -> fixed(t, TimeUnit.SECOND, k * SECONDS.get(t.unit()), 1);
            case "ps", "fs", "as" -> fixed(t, TimeUnit.NANOSECOND, k, PER_NANOSECOND.get(t.unit()));
            case "Y", "M" -> t.datetime()
                    ? new TimeConversion(t, new ArrowType.Timestamp(TimeUnit.SECOND, null), 1, 1, true)
                    : counts(t);
            default -> counts(t);
        };
    }

    private static TimeConversion fixed(TimeType t, TimeUnit unit, long factor, long divisor) {
        ArrowType arrow = t.datetime() ? new ArrowType.Timestamp(unit, null) : new ArrowType.Duration(unit);
        return new TimeConversion(t, arrow, factor, divisor, false);
    }

    private static TimeConversion counts(TimeType t) {
        return new TimeConversion(t, new ArrowType.Int(64, true), 1, 1, false);
    }

    /** Whether counts are copied as they are. */
    boolean identity() {
        return factor == 1 && divisor == 1 && !calendar;
    }

    /**
     * A stored count (not NaT) in the Arrow unit.
     *
     * @throws ArithmeticException when it is beyond an int64 of that unit
     */
    long convert(long count) {
        if (calendar) {
            // years and months from 1970 by the calendar; toInstant says when that is beyond java.time
            return type.toInstant(count).getEpochSecond();
        }
        return Math.floorDiv(Math.multiplyExact(count, factor), divisor);
    }
}
