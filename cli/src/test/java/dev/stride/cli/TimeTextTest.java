package dev.stride.cli;

import dev.stride.model.TimeType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TimeTextTest {

    @Test
    void datetimesAreIsoAtTheirUnitsPrecisionInUtcWithZ() {
        assertEquals("2026-01-01", TimeText.of(new TimeType(true, "D", 1), 20454));
        assertEquals("2026-01", TimeText.of(new TimeType(true, "M", 1), 672));
        assertEquals("2026", TimeText.of(new TimeType(true, "Y", 1), 56));
        assertEquals("1970-01-01T05Z", TimeText.of(new TimeType(true, "h", 1), 5));
        assertEquals("1970-01-01T00:10Z", TimeText.of(new TimeType(true, "m", 5), 2));
        assertEquals("1969-12-31T23:59:59.999Z", TimeText.of(new TimeType(true, "ms", 1), -1));
        assertEquals("2026-01-01T00:00:00.000000001Z", TimeText.of(new TimeType(true, "ns", 1), 1767225600_000_000_001L));
        assertEquals("1970-01-01T00:00:00.000000000000000001Z", TimeText.of(new TimeType(true, "as", 1), 1));
        assertEquals("NaT", TimeText.of(new TimeType(true, "s", 1), TimeType.NAT));
    }

    @Test
    void countsStayCountsWhereADateMeansNothing() {
        assertEquals("90 s", TimeText.of(new TimeType(false, "s", 1), 90));
        assertEquals("1500 ms", TimeText.of(new TimeType(false, "ms", 10), 150));
        assertEquals("42", TimeText.of(new TimeType(true, "generic", 1), 42));
        assertEquals("9223372036854775807 D after 1970-01-01", TimeText.of(new TimeType(true, "D", 1), Long.MAX_VALUE));
    }
}
