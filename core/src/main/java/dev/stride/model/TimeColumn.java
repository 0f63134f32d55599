package dev.stride.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A numpy datetime64 or timedelta64 field as counts of {@code scaleFactor} units ({@link TimeType#NAT} for NaT);
 * {@link #instant} and {@link #duration} give what a count stands for.
 *
 * @param field the field's dotted path ({@code ""} for a plain array)
 * @param type the unit and scale factor
 * @param values the stored counts, one a record ({@link TimeType#NAT} for NaT)
 */
public record TimeColumn(String field, TimeType type, long[] values) implements Column {
    /** A column over {@code values}, which it holds without a copy. */
    public TimeColumn {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(values, "values");
    }

    @Override
    public int size() {
        return values.length;
    }

    /**
     * Record {@code i} of a datetime64 as an instant (see {@link TimeType#toInstant}).
     *
     * @param i the record's index in the column
     * @return the instant, or null for NaT
     * @throws ZarrException.BadRequest naming the field, for a timedelta64 or the generic unit, or a value beyond {@link Instant}
     */
    public Instant instant(int i) {
        try {
            return type.toInstant(values[i]);
        } catch (ZarrException.BadRequest e) {
            throw new ZarrException.BadRequest(null, "field '" + field + "': " + e.reason());
        }
    }

    /**
     * Record {@code i} of a timedelta64 as a duration (see {@link TimeType#toDuration}).
     *
     * @param i the record's index in the column
     * @return the duration, or null for NaT
     * @throws ZarrException.BadRequest naming the field, for a datetime64, the units Y, M and generic, or a value beyond {@link Duration}
     */
    public Duration duration(int i) {
        try {
            return type.toDuration(values[i]);
        } catch (ZarrException.BadRequest e) {
            throw new ZarrException.BadRequest(null, "field '" + field + "': " + e.reason());
        }
    }
}
