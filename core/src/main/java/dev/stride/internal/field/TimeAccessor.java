package dev.stride.internal.field;

import dev.stride.model.FieldAccessor.TimeField;
import dev.stride.model.Json;
import dev.stride.model.TimeColumn;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.time.Instant;
import java.util.function.LongFunction;

/** {@code numpy.datetime64} or {@code numpy.timedelta64}: a count of {@code scaleFactor} units, NaT the least long. */
final class TimeAccessor extends LongBits implements TimeField {
    private static final Kind<long[]> KIND = new Kind<>(TimeField.class, long[].class, c -> c.asTimes().values(),
            (p, t, v) -> new TimeColumn(p, (TimeType) t, v));
    private final TimeType timeType;

    TimeAccessor(Site s, TimeType t) {
        super(s, t, KIND);
        this.timeType = t;
    }

    @Override
    public TimeType timeType() {
        return timeType;
    }

    @Override
    public Instant getInstant(MemorySegment records, long i) {
        return convert(timeType::toInstant, get(records, i));
    }

    @Override
    public Duration getDuration(MemorySegment records, long i) {
        return convert(timeType::toDuration, get(records, i));
    }

    /** The conversion's failure, naming this field. */
    private <T> T convert(LongFunction<T> conversion, long count) {
        try {
            return conversion.apply(count);
        } catch (ZarrException.BadRequest e) {
            throw new ZarrException.BadRequest(null, "field '" + path() + "': " + e.reason());
        }
    }

    @Override
    public Json toJson(MemorySegment records, long i) {
        long v = get(records, i);
        return v == TimeType.NAT ? new Json.JString("NaT") : new Json.JNumber(Long.toString(v));
    }
}
