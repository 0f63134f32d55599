package dev.stride;

import dev.stride.model.Column;
import dev.stride.model.ComplexColumn;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.Selection;
import dev.stride.model.TimeColumn;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading struct arrays (little- and big-endian, nested) and plain arrays through every read call. */
class StructReadTest {
    static final String RECORD = struct(field("id", "'int32'"), field("flags", "'uint8'"), field("value", "'float64'"));
    static final String RECORD_FILL = "{'id': -1, 'flags': 0, 'value': 'NaN'}";
    static final int N = 5;
    static final int CHUNK = 2;

    static int id(int i) {
        return i * 3 - 4;
    }

    static int flags(int i) {
        return (i * 77) & 0xff;
    }

    static double value(int i) {
        return i * 0.5 - 1;
    }

    /** Records [first, first + chunk) of the array, those past its end being the fill value, as the spec lays them out. */
    static byte[] chunk(ByteOrder order, int first) {
        Enc e = Enc.of(order);
        for (int i = first; i < first + CHUNK; i++) {
            if (i < N) {
                e.i32(id(i)).i8(flags(i)).f64(value(i));
            } else {
                e.i32(-1).i8(0).f64(Double.NaN);
            }
        }
        return e.bytes();
    }

    static ByteOrder order(String name) {
        return name.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    /** Shape [5] in chunks of [2]: c/0, c/1 and the edge chunk c/2, in the given byte order. */
    static Tree records(String endian) {
        ByteOrder o = order(endian);
        Doc doc = Doc.array(RECORD, "[" + N + "]", "[" + CHUNK + "]", RECORD_FILL,
                "{'name': 'bytes', 'configuration': {'endian': '" + endian + "'}}");
        return Tree.array(doc).put("c/0", chunk(o, 0)).put("c/1", chunk(o, 2)).put("c/2", chunk(o, 4));
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void readsEveryFieldAsItsNaturalArray(String endian) {
        try (Zarr z = records(endian).open()) {
            ZarrArray a = z.array("/");
            assertEquals(order(endian), a.layout().order());
            int[] ids = a.read("id", null).asInts().values();
            byte[] flags = a.read("flags", null).asBytes().values();
            double[] values = a.read("value", null).asDoubles().values();
            for (int i = 0; i < N; i++) {
                assertEquals(id(i), ids[i]);
                assertEquals((byte) flags(i), flags[i]);
                assertEquals(value(i), values[i]);
            }
            assertEquals(N, ids.length);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void readDoublesConvertsAnyRealField(String endian) {
        try (Zarr z = records(endian).open()) {
            ZarrArray a = z.array("/");
            double[] expectedValues = new double[N];
            double[] expectedFlags = new double[N];
            double[] expectedIds = new double[N];
            for (int i = 0; i < N; i++) {
                expectedValues[i] = value(i);
                expectedFlags[i] = flags(i);
                expectedIds[i] = id(i);
            }
            assertArrayEquals(expectedValues, a.readDoubles("value"));
            assertArrayEquals(expectedFlags, a.readDoubles("flags"), "uint8 read unsigned");
            assertArrayEquals(expectedIds, a.readDoubles("id"));
            assertArrayEquals(new double[] {value(1), value(2), value(3)}, a.readDoubles("value", Region.parse("1:4", a.shape())));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void readRecordsGivesThePackedBytesAsStored(String endian) {
        ByteOrder o = order(endian);
        try (Zarr z = records(endian).open(); Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/");
            MemorySegment all = a.readRecords(null, arena);
            byte[] expected = Enc.concat(chunk(o, 0), chunk(o, 2), java.util.Arrays.copyOf(chunk(o, 4), 13));
            assertArrayEquals(expected, all.toArray(ValueLayout.JAVA_BYTE));
            MemorySegment some = a.readRecords(Region.parse("3:5", a.shape()), arena);
            assertArrayEquals(java.util.Arrays.copyOfRange(expected, 3 * 13, 5 * 13), some.toArray(ValueLayout.JAVA_BYTE));
            // and the array's own accessors read them
            assertEquals(value(4), a.field("value").getDouble(some, 1));
        }
    }

    @Test
    void readRecordsIntoABufferFillsItsStartAndRefusesOneTooSmall() {
        ByteOrder o = ByteOrder.LITTLE_ENDIAN;
        try (Zarr z = records("little").open(); Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/");
            MemorySegment buffer = arena.allocate(4 * 13).fill((byte) 0x5a);
            MemorySegment some = a.readRecords(Region.parse("1:3", a.shape()), buffer);
            assertEquals(2 * 13, some.byteSize());
            assertEquals(buffer.address(), some.address());
            byte[] expected = Enc.concat(chunk(o, 0), chunk(o, 2));
            assertArrayEquals(java.util.Arrays.copyOfRange(expected, 13, 3 * 13), some.toArray(ValueLayout.JAVA_BYTE));
            assertEquals((byte) 0x5a, buffer.get(ValueLayout.JAVA_BYTE, 2 * 13), "nothing written past the records");
            var e = assertThrows(ZarrException.BadRequest.class, () -> a.readRecords(null, buffer));
            assertContains(e.getMessage(), "destination holds 52 bytes, the records need 65");
            var readOnly = assertThrows(ZarrException.BadRequest.class, () -> a.readRecords(Region.parse("1:3", a.shape()), buffer.asReadOnly()));
            assertContains(readOnly.getMessage(), "destination is read-only");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void readFieldCopiesOneFieldPackedInTheArraysOrder(String endian) {
        ByteOrder o = order(endian);
        try (Zarr z = records(endian).open(); Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/");
            MemorySegment dst = arena.allocate(8 * 3);
            a.readField("value", Region.parse("2:", a.shape()), dst);
            assertArrayEquals(Enc.of(o).f64(value(2)).f64(value(3)).f64(value(4)).bytes(), dst.toArray(ValueLayout.JAVA_BYTE));
            MemorySegment ids = arena.allocate(4 * N);
            a.readField("id", null, ids);
            assertEquals(id(4), ids.get(ValueLayout.JAVA_INT_UNALIGNED.withOrder(o), 16));
            var e = assertThrows(ZarrException.BadRequest.class, () -> a.readField("value", null, arena.allocate(8)));
            assertContains(e.getMessage(), "destination holds 8 bytes, the field needs 40");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void forEachRecordVisitsInCOrderWithTheCompiledAccessors(String endian) {
        try (Zarr z = records(endian).open()) {
            ZarrArray a = z.array("/");
            FieldAccessor.IntField id = a.field("id", FieldAccessor.IntField.class);
            FieldAccessor.DoubleField value = a.field("value", FieldAccessor.DoubleField.class);
            List<Long> indexes = new ArrayList<>();
            a.forEachRecord(Region.parse("1:5", a.shape()), (index, records, i) -> {
                indexes.add(index);
                assertEquals(id((int) index + 1), id.get(records, i));
                assertEquals(value((int) index + 1), value.get(records, i));
            });
            assertEquals(List.of(0L, 1L, 2L, 3L), indexes);
        }
    }

    @Test
    void aFieldOfAnotherKindIsRefusedNamingItsTypeAndTheArray() {
        try (Zarr z = records("little").open()) {
            ZarrArray a = z.array("/");
            var e = assertThrows(ZarrException.BadRequest.class, () -> a.field("value", FieldAccessor.FloatField.class));
            assertEquals("/", e.node());
            assertEquals("field 'value' (float64) is read by DoubleField, not FloatField", e.reason());
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> a.field("nope", FieldAccessor.FloatField.class)).getMessage(),
                    "no field 'nope'");
        }
    }

    @Test
    void readSelectionGivesSeveralFieldsOrAll() {
        try (Zarr z = records("big").open()) {
            ZarrArray a = z.array("/");
            Map<String, Column> two = a.read(Selection.of(Region.parse("0:2", a.shape()), "value", "id", "value"));
            assertEquals(List.of("value", "id"), List.copyOf(two.keySet()), "a field asked twice is read once");
            assertArrayEquals(new double[] {value(0), value(1)}, two.get("value").asDoubles().values());
            assertArrayEquals(new int[] {id(0), id(1)}, two.get("id").asInts().values());
            Map<String, Column> all = a.read(Selection.all());
            assertEquals(List.of("id", "flags", "value"), List.copyOf(all.keySet()));
            assertEquals(N, all.get("flags").size());
            assertEquals(CoreType.UINT8, all.get("flags").type());
        }
    }

    @Test
    void unknownFieldsAreBadRequests() {
        try (Zarr z = records("little").open()) {
            ZarrArray a = z.array("/");
            var e = assertThrows(ZarrException.BadRequest.class, () -> a.readDoubles("nope"));
            assertContains(e.getMessage(), "no field 'nope'; the fields are [id, flags, value]");
            assertThrows(ZarrException.BadRequest.class, () -> a.read("", null));
            assertThrows(ZarrException.BadRequest.class, () -> a.read(Selection.of(null, "id", "x")));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void nestedStructs(String endian) {
        ByteOrder o = order(endian);
        String type = struct(field("point", struct(field("x", "'float32'"), field("y", "'float32'"))),
                field("meta", struct(field("id", "'uint16'"), field("inner", struct(field("ok", "'bool'"))))), field("value", "'float64'"));
        Doc doc = Doc.array(type, "[3]", "[3]", "{'point': {'x': 0, 'y': 0}, 'meta': {'id': 0, 'inner': {'ok': false}}, 'value': 0}",
                "{'name': 'bytes', 'configuration': {'endian': '" + endian + "'}}");
        Enc e = Enc.of(o);
        for (int i = 0; i < 3; i++) {
            e.f32(i + 0.5f).f32(-i).i16(60000 + i).bool(i % 2 == 1).f64(i * 10);
        }
        try (Zarr z = Tree.array(doc).put("c/0", e.bytes()).open()) {
            ZarrArray a = z.array("/");
            assertEquals(4 + 4 + 2 + 1 + 8, a.layout().recordSize());
            assertArrayEquals(new float[] {0.5f, 1.5f, 2.5f}, a.read("point.x", null).asFloats().values());
            assertArrayEquals(new float[] {0, -1, -2}, a.read("point.y", null).asFloats().values());
            assertArrayEquals(new short[] {(short) 60000, (short) 60001, (short) 60002}, a.read("meta.id", null).asShorts().values());
            assertArrayEquals(new double[] {60000, 60001, 60002}, a.readDoubles("meta.id"));
            assertArrayEquals(new boolean[] {false, true, false}, a.read("meta.inner.ok", null).asBools().values());
            assertArrayEquals(new double[] {0, 10, 20}, a.readDoubles("value"));
            assertEquals(List.of("point.x", "point.y", "meta.id", "meta.inner.ok", "value"), List.copyOf(a.read(Selection.all()).keySet()));
            assertEquals("{\"point\":{\"x\":1.5,\"y\":-1.0},\"meta\":{\"id\":60001,\"inner\":{\"ok\":true}},\"value\":10.0}",
                    dev.stride.internal.json.JsonCodec.print(jsonOf(a, 1)));
        }
    }

    private static dev.stride.model.Json jsonOf(ZarrArray a, long index) {
        dev.stride.model.Json[] out = new dev.stride.model.Json[1];
        a.forEachRecord(new Region(new long[] {index}, new long[] {index + 1}), (k, records, i) -> out[0] = a.layout().toJson(records, i));
        return out[0];
    }

    @Test
    void everyFieldTypeReadsIntoItsJavaArray() {
        String type = struct(field("b", "'bool'"), field("i8", "'int8'"), field("u16", "'uint16'"), field("u32", "'uint32'"),
                field("u64", "'uint64'"), field("f16", "'float16'"), field("f32", "'float32'"), field("c64", "'complex64'"),
                field("c128", "'complex128'"), field("r24", "'r24'"),
                field("t", "{'name': 'numpy.datetime64', 'configuration': {'unit': 'ms', 'scale_factor': 1}}"));
        String fill = "{'b': false, 'i8': 0, 'u16': 0, 'u32': 0, 'u64': 0, 'f16': 0, 'f32': 0, 'c64': [0, 0], 'c128': [0, 0],"
                + " 'r24': [0, 0, 0], 't': 'NaT'}";
        Enc e = Enc.be();
        for (int i = 0; i < 2; i++) {
            e.bool(i == 0).i8(-i - 1).i16(65535 - i).i32((int) (4294967295L - i)).i64(-1 - i).f16(1.5f + i).f32(-i)
                    .f32(i).f32(i + 1).f64(-i).f64(i * 2.5).raw((byte) i, (byte) 0x80, (byte) 0xff).i64(1000L * i);
        }
        try (Zarr z = Tree.array(Doc.array(type, "[3]", "[2]", fill, Doc.BYTES_BE)).put("c/0", e.bytes()).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new boolean[] {true, false, false}, a.read("b", null).asBools().values());
            assertArrayEquals(new byte[] {-1, -2, 0}, a.read("i8", null).asBytes().values());
            assertArrayEquals(new short[] {-1, -2, 0}, a.read("u16", null).asShorts().values(), "uint16 as raw bits");
            assertArrayEquals(new int[] {-1, -2, 0}, a.read("u32", null).asInts().values());
            assertArrayEquals(new long[] {-1, -2, 0}, a.read("u64", null).asLongs().values());
            assertArrayEquals(new double[] {18446744073709551615.0, 18446744073709551614.0, 0}, a.readDoubles("u64"));
            assertArrayEquals(new float[] {1.5f, 2.5f, 0}, a.read("f16", null).asFloats().values(), "float16 widened");
            assertArrayEquals(new float[] {0, -1, 0}, a.read("f32", null).asFloats().values());
            assertArrayEquals(new double[] {0, 1, 1, 2, 0, 0}, a.read("c64", null).asComplexes().values(), "complex as interleaved (re, im)");
            ComplexColumn c128 = a.read("c128", null).asComplexes();
            assertArrayEquals(new double[] {0, 0, -1, 2.5, 0, 0}, c128.values());
            assertEquals(3, c128.size());
            assertEquals(2.5, c128.imaginary(1));
            assertArrayEquals(new byte[] {0, (byte) 0x80, (byte) 0xff, 1, (byte) 0x80, (byte) 0xff, 0, 0, 0}, a.read("r24", null).asRaw().values());
            assertArrayEquals(new byte[] {1, (byte) 0x80, (byte) 0xff}, a.read("r24", null).asRaw().get(1));
            TimeColumn t = a.read("t", null).asTimes();
            assertArrayEquals(new long[] {0, 1000, Long.MIN_VALUE}, t.values(), "the missing third record is NaT");
            assertEquals(CoreType.FLOAT16, a.read("f16", null).type());
            var notLongs = assertThrows(ZarrException.BadRequest.class, () -> a.read("t", null).asLongs());
            assertEquals("field 't' (" + t.type().describe() + ") is read as TimeColumn, not LongColumn", notLongs.reason());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void plainArraysUseTheSameApi(String endian) {
        ByteOrder o = order(endian);
        Doc doc = Doc.array("'int16'", "[5]", "[3]", "-7", "{'name': 'bytes', 'configuration': {'endian': '" + endian + "'}}");
        try (Zarr z = Tree.array(doc).put("c/0", Enc.of(o).i16(1).i16(-2).i16(300).bytes()).open(); Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/");
            assertEquals(List.of(""), a.layout().fields().stream().map(FieldAccessor::path).toList());
            assertArrayEquals(new short[] {1, -2, 300, -7, -7}, a.read("", null).asShorts().values(), "c/1 is missing: fill");
            assertArrayEquals(new double[] {1, -2, 300, -7, -7}, a.readDoubles(""));
            assertArrayEquals(Enc.of(o).i16(-2).i16(300).i16(-7).bytes(),
                    a.readRecords(Region.parse("1:4", a.shape()), arena).toArray(ValueLayout.JAVA_BYTE));
            MemorySegment used = arena.allocate(10).fill((byte) 0x5a);
            assertArrayEquals(Enc.of(o).i16(300).i16(-7).i16(-7).bytes(),
                    a.readRecords(Region.parse("2:5", a.shape()), used).toArray(ValueLayout.JAVA_BYTE),
                    "a buffer read into before holds the fill where a chunk is missing");
            assertEquals(List.of(""), List.copyOf(a.read(Selection.all()).keySet()));
            FieldStats s = a.scan("");
            assertEquals(5, s.count());
            assertEquals(285, s.sumAsDouble());
        }
    }

    @Test
    void legacyStructuredReadsLittleEndianAndItsBase64Fill() {
        Doc doc = Doc.array("{'name': 'structured', 'configuration': {'fields': [['a', 'int32'], ['b', 'float64']]}}",
                "[4]", "[2]", "'AQAAAAAAAAAAAPA/'", "{'name': 'bytes'}");
        try (Zarr z = Tree.array(doc).put("c/1", Enc.le().i32(7).f64(0.25).i32(8).f64(-0.5).bytes()).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new int[] {1, 1, 7, 8}, a.read("a", null).asInts().values());
            assertArrayEquals(new double[] {1, 1, 0.25, -0.5}, a.readDoubles("b"));
        }
    }

    @Test
    void manyThreadsReadOneOpenArrayAtOnce() throws Exception {
        try (Zarr z = records("big").open()) {
            ZarrArray a = z.array("/");
            double[] expected = a.readDoubles("value");
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < 4; t++) {
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (int k = 0; k < 200; k++) {
                            assertArrayEquals(expected, a.readDoubles("value"));
                            assertEquals(id(3), (a.read("id", null).asInts().values())[3]);
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread t : threads) {
                t.join();
            }
            assertTrue(failures.isEmpty(), () -> failures.toString());
        }
    }

    @Test
    void theCompiledLayoutFollowsTheBytesCodec() {
        try (Zarr z = records("big").open()) {
            RecordLayout l = z.array("/").layout();
            assertEquals(13, l.recordSize());
            assertEquals(ByteOrder.BIG_ENDIAN, l.fieldOrNull("value").order());
            assertEquals(5, l.fieldOrNull("value").offset());
        }
    }
}
