package dev.stride.model;

import dev.stride.RecordLayout;
import dev.stride.model.FieldAccessor.ByteField;
import dev.stride.model.FieldAccessor.DoubleField;
import dev.stride.model.FieldAccessor.IntField;
import dev.stride.model.FieldAccessor.LongField;
import dev.stride.model.FieldAccessor.ShortField;
import dev.stride.model.FieldAccessor.TimeField;
import dev.stride.model.StructType.Field;
import dev.stride.testing.Enc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The values of unsigned and time fields, and the field var handle's documented call, from bytes laid out by hand. */
class ValuesTest {

    private static ByteOrder order(String name) {
        return name.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    private static TimeType datetime(String unit, long scale) {
        return new TimeType(true, unit, scale);
    }

    private static TimeType timedelta(String unit, long scale) {
        return new TimeType(false, unit, scale);
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void unsignedFieldsGiveTheirValuesAtEveryWidth(String endian) {
        StructType type = StructType.of(
                new Field("u8", CoreType.UINT8), new Field("u8mid", CoreType.UINT8), new Field("i8", CoreType.INT8),
                new Field("u16", CoreType.UINT16), new Field("i16", CoreType.INT16),
                new Field("u32", CoreType.UINT32), new Field("i32", CoreType.INT32),
                new Field("u64", CoreType.UINT64), new Field("u64top", CoreType.UINT64), new Field("i64", CoreType.INT64));
        RecordLayout l = RecordLayout.compile(type, order(endian));
        MemorySegment s = MemorySegment.ofArray(Enc.of(order(endian)).i8(0xff).i8(0x80).i8(0xff).i16(0xffff).i16(0xffff)
                .i32(0xffffffff).i32(0xffffffff).i64(-1L).i64(Long.MIN_VALUE).i64(-1L).bytes());

        ByteField u8 = (ByteField) l.fieldOrNull("u8");
        assertEquals((byte) -1, u8.get(s, 0), "get keeps the raw bits");
        assertEquals(255, u8.getInt(s, 0));
        assertEquals(128, ((ByteField) l.fieldOrNull("u8mid")).getInt(s, 0));
        assertEquals(-1, ((ByteField) l.fieldOrNull("i8")).getInt(s, 0));
        assertEquals(65535, ((ShortField) l.fieldOrNull("u16")).getInt(s, 0));
        assertEquals(-1, ((ShortField) l.fieldOrNull("i16")).getInt(s, 0));
        assertEquals(4_294_967_295L, ((IntField) l.fieldOrNull("u32")).getLong(s, 0));
        assertEquals(-1L, ((IntField) l.fieldOrNull("i32")).getLong(s, 0));
        assertEquals(new BigInteger("18446744073709551615"), ((LongField) l.fieldOrNull("u64")).getBigInteger(s, 0));
        assertEquals(new BigInteger("9223372036854775808"), ((LongField) l.fieldOrNull("u64top")).getBigInteger(s, 0));
        assertEquals(BigInteger.valueOf(-1), ((LongField) l.fieldOrNull("i64")).getBigInteger(s, 0));
        assertTrue(l.fieldOrNull("u64").isUnsigned());
        assertFalse(l.fieldOrNull("i64").isUnsigned());
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void datetimesAreInstantsInTheirUnitAndScale(String endian) {
        StructType type = StructType.of(
                new Field("s", datetime("s", 1)), new Field("ms10", datetime("ms", 10)), new Field("us", datetime("us", 1)),
                new Field("ns", datetime("ns", 1)), new Field("d", datetime("D", 1)), new Field("d7", datetime("D", 7)),
                new Field("y", datetime("Y", 1)), new Field("m", datetime("M", 1)), new Field("ps", datetime("ps", 1)),
                new Field("nat", datetime("s", 1)));
        RecordLayout l = RecordLayout.compile(type, order(endian));
        MemorySegment s = counts(order(endian), 1_700_000_000L, -1, 1_700_000_000_123_456L, -1, 19_723, 2, 56, 1, 1_500, TimeType.NAT);

        assertEquals(Instant.parse("2023-11-14T22:13:20Z"), time(l, "s").getInstant(s, 0));
        assertEquals(Instant.parse("1969-12-31T23:59:59.990Z"), time(l, "ms10").getInstant(s, 0), "-1 of 10 ms units");
        assertEquals(Instant.parse("2023-11-14T22:13:20.123456Z"), time(l, "us").getInstant(s, 0));
        assertEquals(Instant.parse("1969-12-31T23:59:59.999999999Z"), time(l, "ns").getInstant(s, 0));
        assertEquals(Instant.parse("2024-01-01T00:00:00Z"), time(l, "d").getInstant(s, 0));
        assertEquals(Instant.parse("1970-01-15T00:00:00Z"), time(l, "d7").getInstant(s, 0), "2 of 7-day units");
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), time(l, "y").getInstant(s, 0));
        assertEquals(Instant.parse("1970-02-01T00:00:00Z"), time(l, "m").getInstant(s, 0));
        assertEquals(Instant.parse("1970-01-01T00:00:00.000000001Z"), time(l, "ps").getInstant(s, 0), "1500 ps rounds down");
        assertNull(time(l, "nat").getInstant(s, 0));
        assertEquals(1_700_000_000L, time(l, "s").get(s, 0), "get keeps the stored count");
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void timedeltasAreDurationsInTheirUnitAndScale(String endian) {
        StructType type = StructType.of(
                new Field("s", timedelta("s", 1)), new Field("ms", timedelta("ms", 1)), new Field("us", timedelta("us", 1)),
                new Field("ns5", timedelta("ns", 5)), new Field("d", timedelta("D", 1)), new Field("m15", timedelta("m", 15)),
                new Field("nat", timedelta("ns", 1)));
        RecordLayout l = RecordLayout.compile(type, order(endian));
        MemorySegment s = counts(order(endian), 90, -1_500, 2_500_001, 3, 2, 4, TimeType.NAT);

        assertEquals(Duration.ofSeconds(90), time(l, "s").getDuration(s, 0));
        assertEquals(Duration.ofMillis(-1_500), time(l, "ms").getDuration(s, 0));
        assertEquals(Duration.ofSeconds(2, 500_001_000), time(l, "us").getDuration(s, 0));
        assertEquals(Duration.ofNanos(15), time(l, "ns5").getDuration(s, 0));
        assertEquals(Duration.ofHours(48), time(l, "d").getDuration(s, 0));
        assertEquals(Duration.ofHours(1), time(l, "m15").getDuration(s, 0));
        assertNull(time(l, "nat").getDuration(s, 0));
    }

    @Test
    void timesWithoutAJavaTimeValueAreRefusedNamingTheField() {
        StructType type = StructType.of(new Field("when", datetime("s", 1)), new Field("years", timedelta("Y", 1)),
                new Field("ticks", datetime("generic", 1)), new Field("far", datetime("D", 1)));
        RecordLayout l = RecordLayout.compile(type, ByteOrder.LITTLE_ENDIAN);
        MemorySegment s = counts(ByteOrder.LITTLE_ENDIAN, 0, 1, 1, Long.MAX_VALUE);

        assertEquals("field 'when': numpy.datetime64[s] is a point in time, not a duration: read it with toInstant",
                assertThrows(ZarrException.BadRequest.class, () -> time(l, "when").getDuration(s, 0)).getMessage());
        assertEquals("field 'years': numpy.timedelta64[Y] has no fixed length in time (unit Y)",
                assertThrows(ZarrException.BadRequest.class, () -> time(l, "years").getDuration(s, 0)).getMessage());
        assertEquals("field 'years': numpy.timedelta64[Y] is a duration, not a point in time: read it with toDuration",
                assertThrows(ZarrException.BadRequest.class, () -> time(l, "years").getInstant(s, 0)).getMessage());
        assertEquals("field 'ticks': numpy.datetime64[generic] has no fixed length in time (unit generic)",
                assertThrows(ZarrException.BadRequest.class, () -> time(l, "ticks").getInstant(s, 0)).getMessage());
        assertEquals("field 'far': numpy.datetime64[D] value 9223372036854775807 is beyond the range of java.time.Instant",
                assertThrows(ZarrException.BadRequest.class, () -> time(l, "far").getInstant(s, 0)).getMessage());
    }

    /** One record of int64 time counts, as the spec lays them out. */
    private static MemorySegment counts(ByteOrder order, long... values) {
        Enc e = Enc.of(order);
        for (long v : values) {
            e.i64(v);
        }
        return MemorySegment.ofArray(e.bytes());
    }

    private static TimeField time(RecordLayout l, String path) {
        return assertInstanceOf(TimeField.class, l.fieldOrNull(path));
    }

    /** One accessor per kind reads and writes a value and a run of records, in the stored byte order. */
    @Test
    void theAccessorsSetAndCopyRunsOfRecordsInTheStoredOrder() {
        StructType type = StructType.of(new Field("id", CoreType.INT32), new Field("x", CoreType.FLOAT64));
        RecordLayout l = RecordLayout.compile(type, ByteOrder.BIG_ENDIAN);
        MemorySegment records = MemorySegment.ofArray(new byte[4 * 12]);
        IntField id = assertInstanceOf(IntField.class, l.fieldOrNull("id"));
        DoubleField x = assertInstanceOf(DoubleField.class, l.fieldOrNull("x"));
        id.set(records, 0, 3, new int[] {9, 1, 2, 3}, 1);
        x.set(records, 0, 3, new double[] {0.5, 1.5, 2.5}, 0);
        id.set(records, 3, 4);
        x.set(records, 3, -7.25);
        byte[] want = Enc.be().i32(1).f64(0.5).i32(2).f64(1.5).i32(3).f64(2.5).i32(4).f64(-7.25).bytes();
        assertArrayEquals(want, records.toArray(ValueLayout.JAVA_BYTE), "big-endian, packed");

        double[] xs = {-1, -1, -1};
        x.get(records, 1, 2, xs, 1);
        assertArrayEquals(new double[] {-1, 1.5, 2.5}, xs, "records 1 and 2 from position 1");
        Column ids = id.newColumn(4);
        id.copyTo(records, 0, 4, ids, 0);
        assertArrayEquals(new int[] {1, 2, 3, 4}, ids.asInts().values());
        var wrongKind = assertThrows(ZarrException.BadRequest.class, () -> x.copyTo(records, 0, 4, ids, 0));
        assertEquals("field 'id' (int32) is read as IntColumn, not DoubleColumn", wrongKind.reason());
        var wrongArray = assertThrows(ZarrException.BadRequest.class, () -> x.column(new float[4], 4));
        assertEquals("field 'x' (float64) takes a double[] of 4 values for 4 records, not float[] of 4", wrongArray.reason());
    }
}
