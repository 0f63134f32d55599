package dev.stride.model;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * {@code numpy.datetime64} and {@code numpy.timedelta64}: an int64 count of {@code scaleFactor} units,
 * where {@link #NAT} (the smallest int64) means "not a time". {@link #toInstant} and {@link #toDuration} turn a
 * stored count into java.time values.
 *
 * @param datetime true for {@code numpy.datetime64}, false for {@code numpy.timedelta64}
 * @param unit the numpy unit ({@code D}, {@code s}, {@code ms}, ... or {@code generic})
 * @param scaleFactor how many units one count stands for
 */
public record TimeType(boolean datetime, String unit, long scaleFactor) implements DataType {
    public static final long NAT = Long.MIN_VALUE;
    public static final Set<String> UNITS = Set.of("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "μs", "ns", "ps", "fs", "as", "generic");

    /** How many of each unit finer than a second make one second. */
    private static final Map<String, Long> SUBSECOND_PER_SECOND = Map.of(
            "ms", 1_000L, "us", 1_000_000L, "μs", 1_000_000L, "ns", 1_000_000_000L,
            "ps", 1_000_000_000_000L, "fs", 1_000_000_000_000_000L, "as", 1_000_000_000_000_000_000L);
    /** Seconds in each unit of one fixed length no finer than a second (not Y and M: calendar units). */
    private static final Map<String, Long> SECONDS_PER_UNIT = Map.of("W", 604_800L, "D", 86_400L, "h", 3_600L, "m", 60L, "s", 1L);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /**
     * The numpy name of the type.
     *
     * @return {@code numpy.datetime64} or {@code numpy.timedelta64}
     */
    public String name() {
        return datetime ? "numpy.datetime64" : "numpy.timedelta64";
    }

    @Override
    public int byteSize() {
        return 8;
    }

    @Override
    public String describe() {
        return name() + "[" + (scaleFactor == 1 ? "" : scaleFactor) + unit + "]";
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        unit.accept(offset, 8);
    }

    /**
     * A stored {@code datetime64} count as the instant it stands for: {@code count * scaleFactor} units after
     * 1970-01-01T00:00Z. Years and months are calendar units ({@code datetime64[M]} 1 is 1970-02-01T00:00Z);
     * units finer than nanoseconds (ps, fs, as) are rounded down to the nanosecond.
     *
     * @param count the stored int64
     * @return the instant, or null for {@link #NAT}
     * @throws ZarrException.BadRequest when this is a timedelta64 or has the generic unit, or the value lies
     *         beyond what {@link Instant} holds (about ±10^9 years)
     */
    public Instant toInstant(long count) {
        if (!datetime) {
            throw new ZarrException.BadRequest(null, describe() + " is a duration, not a point in time: read it with toDuration");
        }
        if (count == NAT) {
            return null;
        }
        try {
            long units = Math.multiplyExact(count, scaleFactor);
            return switch (unit) {
                case "Y" -> LocalDate.EPOCH.plusYears(units).atStartOfDay(ZoneOffset.UTC).toInstant();
                case "M" -> LocalDate.EPOCH.plusMonths(units).atStartOfDay(ZoneOffset.UTC).toInstant();
                default -> Instant.EPOCH.plus(fixedLength(units));
            };
        } catch (ArithmeticException | DateTimeException e) {
            throw new ZarrException.BadRequest(null, describe() + " value " + count + " is beyond the range of java.time.Instant");
        }
    }

    /**
     * A stored {@code timedelta64} count as a duration of {@code count * scaleFactor} units; units finer than
     * nanoseconds (ps, fs, as) are rounded down to the nanosecond.
     *
     * @param count the stored int64
     * @return the duration, or null for {@link #NAT}
     * @throws ZarrException.BadRequest when this is a datetime64, or its unit has no fixed length (Y, M, generic),
     *         or the value lies beyond what {@link Duration} holds
     */
    public Duration toDuration(long count) {
        if (datetime) {
            throw new ZarrException.BadRequest(null, describe() + " is a point in time, not a duration: read it with toInstant");
        }
        if (count == NAT) {
            return null;
        }
        try {
            return fixedLength(Math.multiplyExact(count, scaleFactor));
        } catch (ArithmeticException e) {
            throw new ZarrException.BadRequest(null, describe() + " value " + count + " is beyond the range of java.time.Duration");
        }
    }

    /** {@code units} of this type's unit as a duration, for the units of one fixed length. */
    private Duration fixedLength(long units) {
        Long seconds = SECONDS_PER_UNIT.get(unit);
        if (seconds != null) {
            return Duration.ofSeconds(Math.multiplyExact(units, seconds));
        }
        Long perSecond = SUBSECOND_PER_SECOND.get(unit);
        if (perSecond == null) {
            throw new ZarrException.BadRequest(null, describe() + " has no fixed length in time (unit " + unit + ")");
        }
        long nanos = perSecond <= NANOS_PER_SECOND
                ? Math.floorMod(units, perSecond) * (NANOS_PER_SECOND / perSecond)
                : Math.floorMod(units, perSecond) / (perSecond / NANOS_PER_SECOND);
        return Duration.ofSeconds(Math.floorDiv(units, perSecond), nanos);
    }
}
