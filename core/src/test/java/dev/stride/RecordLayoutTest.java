package dev.stride;

import dev.stride.internal.json.JsonCodec;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor.BoolField;
import dev.stride.model.FieldAccessor.ByteField;
import dev.stride.model.FieldAccessor.ComplexField;
import dev.stride.model.FieldAccessor.DoubleField;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldAccessor.HalfField;
import dev.stride.model.FieldAccessor.IntField;
import dev.stride.model.FieldAccessor.LongField;
import dev.stride.model.FieldAccessor.RawField;
import dev.stride.model.FieldAccessor.ShortField;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.RawType;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;
import dev.stride.testing.Enc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The struct layout compiler: packed layouts, one accessor per leaf field, each reading known bytes. */
class RecordLayoutTest {

    private static final StructType RECORD = StructType.of(
            new Field("id", CoreType.INT32), new Field("flags", CoreType.UINT8), new Field("value", CoreType.FLOAT64));
    private static final StructType POINT = StructType.of(new Field("x", CoreType.FLOAT32), new Field("y", CoreType.FLOAT32));
    private static final StructType NESTED = StructType.of(new Field("point", POINT), new Field("value", CoreType.FLOAT64));

    private static MemorySegment segment(Enc bytes) {
        return MemorySegment.ofArray(bytes.bytes());
    }

    private static List<Long> offsets(RecordLayout l) {
        return l.fields().stream().map(FieldAccessor::offset).toList();
    }

    @Test
    void theSpecsFlatExampleIs13BytesWithOffsets0_4_5() {
        RecordLayout l = RecordLayout.compile(RECORD, ByteOrder.LITTLE_ENDIAN);
        assertEquals(13, l.recordSize());
        assertEquals(13, l.layout().byteSize());
        assertEquals(List.of(0L, 4L, 5L), offsets(l));
        assertEquals(List.of("id", "flags", "value"), l.fields().stream().map(FieldAccessor::path).toList());
        StructLayout s = assertInstanceOf(StructLayout.class, l.layout());
        assertEquals(3, s.memberLayouts().size(), "no padding members");
        assertEquals(5, s.byteOffset(MemoryLayout.PathElement.groupElement("value")));
        assertEquals(1, s.byteAlignment(), "unaligned: any offset is legal");
    }

    @Test
    void theSpecsNestedExampleIs16BytesWithValueAt8() {
        RecordLayout l = RecordLayout.compile(NESTED, ByteOrder.LITTLE_ENDIAN);
        assertEquals(16, l.recordSize());
        assertEquals(List.of("point.x", "point.y", "value"), l.fields().stream().map(FieldAccessor::path).toList());
        assertEquals(List.of(0L, 4L, 8L), offsets(l));
        assertEquals(List.of("point", "y"), l.fieldOrNull("point.y").segments());
        assertEquals(List.of(l.fieldOrNull("point.x"), l.fieldOrNull("point.y")), l.fieldsUnder("point"));
        assertEquals(l.fields(), l.fieldsUnder(""));
        assertEquals(List.of(l.fieldOrNull("value")), l.fieldsUnder("value"));
        assertNull(l.fieldOrNull("point"), "a nested struct is not a leaf");
        assertNull(l.fieldOrNull("nope"));
    }

    @Test
    void deepNestingIsDepthFirst() {
        StructType t = StructType.of(new Field("a", CoreType.UINT8),
                new Field("b", StructType.of(new Field("c", CoreType.INT16), new Field("d", StructType.of(new Field("e", CoreType.INT64))),
                        new Field("f", CoreType.UINT8))),
                new Field("g", CoreType.FLOAT32));
        RecordLayout l = RecordLayout.compile(t, ByteOrder.BIG_ENDIAN);
        assertEquals(List.of("a", "b.c", "b.d.e", "b.f", "g"), l.fields().stream().map(FieldAccessor::path).toList());
        assertEquals(List.of(0L, 1L, 3L, 11L, 12L), offsets(l));
        assertEquals(16, l.recordSize());
        MemorySegment s = segment(Enc.be().i8(1).i16(-2).i64(1L << 40).i8(200).f32(2.5f));
        assertEquals(1L << 40, ((LongField) l.fieldOrNull("b.d.e")).get(s, 0));
        assertEquals(200, ((ByteField) l.fieldOrNull("b.f")).getLong(s, 0));
        assertEquals(2.5f, ((FloatField) l.fieldOrNull("g")).get(s, 0));
    }

    @Test
    void fieldNamesWithDotsAndNonAscii() {
        StructType t = StructType.of(new Field("a.b", CoreType.INT32), new Field("a", StructType.of(new Field("c", CoreType.INT16))),
                new Field("température", CoreType.FLOAT32), new Field("Δt", CoreType.FLOAT64));
        RecordLayout l = RecordLayout.compile(t, ByteOrder.LITTLE_ENDIAN);
        MemorySegment s = segment(Enc.le().i32(7).i16(-9).f32(21.5f).f64(0.25));
        assertEquals(7, ((IntField) l.fieldOrNull("a.b")).get(s, 0));
        assertEquals(7, ((IntField) l.fieldOrNull(List.of("a.b"))).get(s, 0));
        assertEquals(-9, ((ShortField) l.fieldOrNull("a.c")).get(s, 0));
        assertEquals(-9, ((ShortField) l.fieldOrNull(List.of("a", "c"))).get(s, 0));
        assertEquals(21.5f, ((FloatField) l.fieldOrNull("température")).get(s, 0));
        assertEquals(0.25, ((DoubleField) l.fieldOrNull("Δt")).get(s, 0));
        assertEquals(List.of(0L, 4L, 6L, 10L), offsets(l));
    }

    @Test
    void twoFieldsOfOneDottedPathAreRefused() {
        ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class, () -> StructType.of(
                new Field("a.b", CoreType.INT32), new Field("a", StructType.of(new Field("b", CoreType.INT16)))));
        assertEquals("two fields have the dotted path 'a.b'", e.getMessage());
        // a leaf and a nested struct of one path too: "a.b" would name either
        assertThrows(ZarrException.BadRequest.class, () -> StructType.of(new Field("a", StructType.of(
                new Field("b", StructType.of(new Field("c", CoreType.INT8))))), new Field("a.b", CoreType.INT8)));
    }

    @Test
    void accessorsReadRecordIByStride() {
        RecordLayout l = RecordLayout.compile(RECORD, ByteOrder.LITTLE_ENDIAN);
        Enc e = Enc.le();
        for (int i = 0; i < 5; i++) {
            e.i32(i * 1000 - 2).i8(i * 60).f64(i / 4.0);
        }
        MemorySegment s = segment(e);
        IntField id = (IntField) l.fieldOrNull("id");
        ByteField flags = (ByteField) l.fieldOrNull("flags");
        DoubleField value = (DoubleField) l.fieldOrNull("value");
        for (int i = 0; i < 5; i++) {
            assertEquals(i * 1000 - 2, id.get(s, i));
            assertEquals(i * 60, flags.getLong(s, i));
            assertEquals(i / 4.0, value.get(s, i));
            assertEquals(i / 4.0, value.getDouble(s, i));
        }
    }

    @Test
    void bigEndianAccessorsReadBigEndianBytes() {
        RecordLayout be = RecordLayout.compile(NESTED, ByteOrder.BIG_ENDIAN);
        MemorySegment s = segment(Enc.be().f32(1.5f).f32(-2f).f64(Math.PI).f32(3f).f32(4f).f64(-0.5));
        assertEquals(ByteOrder.BIG_ENDIAN, be.order());
        assertEquals(1.5f, ((FloatField) be.fieldOrNull("point.x")).get(s, 0));
        assertEquals(-2f, ((FloatField) be.fieldOrNull("point.y")).get(s, 0));
        assertEquals(Math.PI, ((DoubleField) be.fieldOrNull("value")).get(s, 0));
        assertEquals(4f, ((FloatField) be.fieldOrNull("point.y")).get(s, 1));
        assertEquals(-0.5, ((DoubleField) be.fieldOrNull("value")).get(s, 1));
        assertEquals(ByteOrder.BIG_ENDIAN, be.fieldOrNull("value").order());
        // the same bytes through a little-endian layout read differently
        RecordLayout le = RecordLayout.compile(NESTED, ByteOrder.LITTLE_ENDIAN);
        assertFalse(((DoubleField) le.fieldOrNull("value")).get(s, 0) == Math.PI);
    }

    /** A bulk read spans several windows of records, in either order, into the middle of its array. */
    @ParameterizedTest
    @EnumSource(names = {"LITTLE", "BIG"})
    void aBulkReadOfLongsCrossesWindowsInEitherOrder(Order o) {
        RecordLayout l = RecordLayout.compile(StructType.of(new Field("flag", CoreType.UINT8), new Field("n", CoreType.INT64)), o.order);
        int records = 10_001;
        MemorySegment s = MemorySegment.ofArray(new byte[records * 9]);
        ValueLayout.OfLong n = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(o.order);
        for (int i = 0; i < records; i++) {
            s.set(n, i * 9L + 1, i * 0x0102_0304_0506L - 7);
        }
        long[] out = new long[records + 2];
        ((LongField) l.fieldOrNull("n")).get(s, 3, records - 3, out, 2);
        for (int k = 0; k < records - 3; k++) {
            assertEquals((k + 3) * 0x0102_0304_0506L - 7, out[k + 2], "record " + (k + 3));
        }
        assertEquals(0, out[0]);
        assertEquals(0, out[records + 1], "nothing past the records asked for");
    }

    /** One record holding every core type, in both byte orders. */
    @ParameterizedTest
    @EnumSource(names = {"LITTLE", "BIG"})
    void everyCoreTypesAccessorReadsKnownBytes(Order o) {
        StructType all = StructType.of(
                new Field("b", CoreType.BOOL), new Field("i8", CoreType.INT8), new Field("u8", CoreType.UINT8),
                new Field("i16", CoreType.INT16), new Field("u16", CoreType.UINT16), new Field("i32", CoreType.INT32),
                new Field("u32", CoreType.UINT32), new Field("i64", CoreType.INT64), new Field("u64", CoreType.UINT64),
                new Field("f16", CoreType.FLOAT16), new Field("f32", CoreType.FLOAT32), new Field("f64", CoreType.FLOAT64),
                new Field("c64", CoreType.COMPLEX64), new Field("c128", CoreType.COMPLEX128), new Field("r24", new RawType(24)),
                new Field("t", new TimeType(true, "s", 1)), new Field("nat", new TimeType(false, "ns", 1)));
        RecordLayout l = RecordLayout.compile(all, o.order);
        MemorySegment s = segment(Enc.of(o.order).bool(true).i8(-5).i8(250).i16(-300).i16(65000).i32(-70000).i32((int) 4_000_000_000L)
                .i64(-5_000_000_000L).i64(-1L).i16(Float.floatToFloat16(-2.5f)).f32(1e-3f).f64(-1e300)
                .f32(1.25f).f32(-0f).f64(Double.NaN).f64(Double.NEGATIVE_INFINITY).raw((byte) 1, (byte) 2, (byte) 0xff)
                .i64(1_700_000_000L).i64(Long.MIN_VALUE));
        assertEquals(1 + 1 + 1 + 2 + 2 + 4 + 4 + 8 + 8 + 2 + 4 + 8 + 8 + 16 + 3 + 8 + 8, l.recordSize());
        assertEquals(l.recordSize(), s.byteSize());

        assertTrue(((BoolField) l.fieldOrNull("b")).get(s, 0));
        assertEquals(1.0, l.fieldOrNull("b").getDouble(s, 0));
        assertEquals(-5, ((ByteField) l.fieldOrNull("i8")).getLong(s, 0));
        assertEquals((byte) 250, ((ByteField) l.fieldOrNull("u8")).get(s, 0));
        assertEquals(250, ((ByteField) l.fieldOrNull("u8")).getLong(s, 0));
        assertEquals(-300, ((ShortField) l.fieldOrNull("i16")).getLong(s, 0));
        assertEquals(65000, ((ShortField) l.fieldOrNull("u16")).getLong(s, 0));
        assertEquals(65000.0, l.fieldOrNull("u16").getDouble(s, 0));
        assertEquals(-70000, ((IntField) l.fieldOrNull("i32")).get(s, 0));
        assertEquals(4_000_000_000L, ((IntField) l.fieldOrNull("u32")).getLong(s, 0));
        assertEquals(4e9, l.fieldOrNull("u32").getDouble(s, 0));
        assertEquals(-5_000_000_000L, ((LongField) l.fieldOrNull("i64")).get(s, 0));
        assertEquals(-1L, ((LongField) l.fieldOrNull("u64")).get(s, 0), "uint64 as raw bits");
        assertEquals(18446744073709551615.0, l.fieldOrNull("u64").getDouble(s, 0), "uint64 as a double is unsigned");
        assertEquals(-2.5f, ((HalfField) l.fieldOrNull("f16")).get(s, 0));
        assertEquals(1e-3f, ((FloatField) l.fieldOrNull("f32")).get(s, 0));
        assertEquals(-1e300, ((DoubleField) l.fieldOrNull("f64")).get(s, 0));
        ComplexField c64 = (ComplexField) l.fieldOrNull("c64");
        assertEquals(1.25, c64.real(s, 0));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(c64.imaginary(s, 0)));
        ComplexField c128 = (ComplexField) l.fieldOrNull("c128");
        assertTrue(Double.isNaN(c128.real(s, 0)));
        assertEquals(Double.NEGATIVE_INFINITY, c128.imaginary(s, 0));
        assertArrayEquals(new byte[] {1, 2, (byte) 0xff}, ((RawField) l.fieldOrNull("r24")).get(s, 0), "raw bytes never swapped");
        assertEquals(1_700_000_000L, ((LongField) l.fieldOrNull("t")).get(s, 0));
        assertEquals(TimeType.NAT, ((LongField) l.fieldOrNull("nat")).get(s, 0));

        String json = JsonCodec.print(l.toJson(s, 0));
        assertEquals("{\"b\":true,\"i8\":-5,\"u8\":250,\"i16\":-300,\"u16\":65000,\"i32\":-70000,\"u32\":4000000000,"
                + "\"i64\":-5000000000,\"u64\":18446744073709551615,\"f16\":-2.5,\"f32\":0.001,\"f64\":-1.0E300,"
                + "\"c64\":[1.25,-0.0],\"c128\":[\"NaN\",\"-Infinity\"],\"r24\":[1,2,255],\"t\":1700000000,\"nat\":\"NaT\"}", json);
    }

    enum Order {
        LITTLE(ByteOrder.LITTLE_ENDIAN), BIG(ByteOrder.BIG_ENDIAN);
        final ByteOrder order;

        Order(ByteOrder order) {
            this.order = order;
        }
    }

    @Test
    void complexAndRawFieldsAreNotRealNumbers() {
        RecordLayout l = RecordLayout.compile(StructType.of(new Field("c", CoreType.COMPLEX64), new Field("r", new RawType(8))),
                ByteOrder.LITTLE_ENDIAN);
        MemorySegment s = MemorySegment.ofArray(new byte[9]);
        var e = assertThrows(ZarrException.BadRequest.class, () -> l.fieldOrNull("c").getDouble(s, 0));
        assertTrue(e.getMessage().contains("field 'c' (complex64) is not a real number"), e.getMessage());
        assertThrows(ZarrException.BadRequest.class, () -> l.fieldOrNull("r").getDouble(s, 0));
    }

    @ParameterizedTest
    @EnumSource(CoreType.class)
    void aPlainTypeCompilesToOneUnnamedField(CoreType type) {
        RecordLayout l = RecordLayout.compile(type, ByteOrder.BIG_ENDIAN);
        assertEquals(1, l.fields().size());
        FieldAccessor f = l.fields().getFirst();
        assertEquals("", f.path());
        assertEquals(List.of(), f.segments());
        assertEquals(0, f.offset());
        assertEquals(type.byteSize(), f.byteSize());
        assertEquals(type, f.type());
        assertSame(f, l.fieldOrNull(""));
        assertEquals(type.byteSize(), l.recordSize());
    }

    /** A user holds the interface of the field's kind; the class behind it is no part of the API. */
    @ParameterizedTest
    @EnumSource(CoreType.class)
    void anAccessorIsItsKindsInterfaceOverAHiddenClass(CoreType type) {
        FieldAccessor f = RecordLayout.compile(type, ByteOrder.LITTLE_ENDIAN).fields().getFirst();
        assertTrue(FieldAccessor.class.isInterface() && FieldAccessor.class.isSealed());
        assertEquals("dev.stride.internal.field", f.getClass().getPackageName());
        assertFalse(java.lang.reflect.Modifier.isPublic(f.getClass().getModifiers()), f.getClass().getName());
    }

    @Test
    void plainArraysReadByStride() {
        RecordLayout l = RecordLayout.compile(CoreType.FLOAT64, ByteOrder.BIG_ENDIAN);
        MemorySegment s = segment(Enc.be().f64(1).f64(-2).f64(3.5));
        DoubleField f = (DoubleField) l.fieldOrNull("");
        assertEquals(-2, f.get(s, 1));
        assertEquals(3.5, f.get(s, 2));
        assertEquals(new Json.JNumber("3.5"), l.toJson(s, 2));
        RecordLayout complex = RecordLayout.compile(CoreType.COMPLEX128, ByteOrder.BIG_ENDIAN);
        MemorySegment c = segment(Enc.be().f64(1).f64(-1).f64(2.5).f64(Double.POSITIVE_INFINITY));
        ComplexField cf = (ComplexField) complex.fieldOrNull("");
        assertEquals(2.5, cf.real(c, 1));
        assertEquals(Double.POSITIVE_INFINITY, cf.imaginary(c, 1));
        assertEquals("[1.0,-1.0]", JsonCodec.print(complex.toJson(c, 0)));
        RecordLayout raw = RecordLayout.compile(new RawType(16), ByteOrder.LITTLE_ENDIAN);
        assertArrayEquals(new byte[] {3, 4}, ((RawField) raw.fieldOrNull("")).get(MemorySegment.ofArray(new byte[] {1, 2, 3, 4}), 1));
        RecordLayout time = RecordLayout.compile(new TimeType(true, "D", 1), ByteOrder.LITTLE_ENDIAN);
        assertEquals(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN), time.layout());
    }

    @Test
    void accessorsWorkOnOffHeapSegmentsAtOddOffsets() {
        RecordLayout l = RecordLayout.compile(RECORD, ByteOrder.BIG_ENDIAN);
        try (var arena = java.lang.foreign.Arena.ofConfined()) {
            byte[] bytes = Enc.be().i32(1).i8(2).f64(3).i32(4).i8(5).f64(6).bytes();
            MemorySegment s = arena.allocate(bytes.length + 1).asSlice(1);
            MemorySegment.copy(MemorySegment.ofArray(bytes), 0, s, 0, bytes.length);
            assertEquals(6.0, ((DoubleField) l.fieldOrNull("value")).get(s, 1));
            assertEquals(4, ((IntField) l.fieldOrNull("id")).get(s, 1));
        }
    }

    @Test
    void float16AccessorWidensEverySpecialValue() {
        RecordLayout l = RecordLayout.compile(CoreType.FLOAT16, ByteOrder.LITTLE_ENDIAN);
        MemorySegment s = segment(Enc.le().i16(0x3c00).i16(0x7c00).i16(0xfc00).i16(0x7e00).i16(0x0001).i16(0x7bff));
        HalfField h = (HalfField) l.fieldOrNull("");
        assertEquals(1.0f, h.get(s, 0));
        assertEquals(Float.POSITIVE_INFINITY, h.get(s, 1));
        assertEquals(Float.NEGATIVE_INFINITY, h.get(s, 2));
        assertTrue(Float.isNaN(h.get(s, 3)));
        assertEquals(5.9604645e-8f, h.get(s, 4));
        assertEquals(65504f, h.get(s, 5));
    }

    @Test
    void toStringListsTheFieldsTheSizeAndTheOrder() {
        assertEquals("RecordLayout[id int32 @0, flags uint8 @4, value float64 @5; 13 bytes, big-endian]",
                RecordLayout.compile(RECORD, ByteOrder.BIG_ENDIAN).toString());
        assertEquals("RecordLayout[point.x float32 @0, point.y float32 @4, value float64 @8; 16 bytes, little-endian]",
                RecordLayout.compile(NESTED, ByteOrder.LITTLE_ENDIAN).toString());
        assertEquals("RecordLayout[numpy.datetime64[s] @0; 8 bytes, little-endian]",
                RecordLayout.compile(new TimeType(true, "s", 1), ByteOrder.LITTLE_ENDIAN).toString());
    }
}
