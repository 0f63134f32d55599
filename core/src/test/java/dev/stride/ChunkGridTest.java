package dev.stride;

import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The regular chunk grid: edge chunks, missing chunks, 0-d and empty arrays, chunk key encodings, regions. */
class ChunkGridTest {
    static final int ROWS = 5;
    static final int COLS = 7;
    static final int CR = 2;
    static final int CC = 3;

    static int v(int r, int c) {
        return r * 100 + c;
    }

    /**
     * Chunk (gr, gc) of a [5, 7] int32 array in chunks of [2, 3], stored at full size; elements outside the array hold
     * 999, which a reader must crop away.
     */
    static byte[] chunk(int gr, int gc, IntBinaryOperator values) {
        Enc e = Enc.le();
        for (int r = gr * CR; r < (gr + 1) * CR; r++) {
            for (int c = gc * CC; c < (gc + 1) * CC; c++) {
                e.i32(r < ROWS && c < COLS ? values.applyAsInt(r, c) : 999);
            }
        }
        return e.bytes();
    }

    /** Every chunk of the grid (3 x 3) under the key the encoding gives, except the skipped ones. */
    static Tree grid(String keyEncoding, String separator, List<String> skip) {
        Tree t = Tree.array(Doc.array("'int32'", "[5, 7]", "[2, 3]", "-1", Doc.BYTES_LE).with("chunk_key_encoding", keyEncoding));
        for (int gr = 0; gr < 3; gr++) {
            for (int gc = 0; gc < 3; gc++) {
                String key = (keyEncoding.contains("v2") ? "" : "c" + separator) + gr + separator + gc;
                if (!skip.contains(key)) {
                    t.put(key, chunk(gr, gc, ChunkGridTest::v));
                }
            }
        }
        return t;
    }

    static int[] expected(int r0, int r1, int c0, int c1, List<int[]> missingChunks) {
        List<Integer> out = new ArrayList<>();
        for (int r = r0; r < r1; r++) {
            for (int c = c0; c < c1; c++) {
                int gr = r / CR;
                int gc = c / CC;
                boolean missing = missingChunks.stream().anyMatch(m -> m[0] == gr && m[1] == gc);
                out.add(missing ? -1 : v(r, c));
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void edgeChunksAreCropped() {
        try (Zarr z = grid("{'name': 'default'}", "/", List.of()).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(expected(0, 5, 0, 7, List.of()), a.read("", null).asInts().values());
            assertArrayEquals(expected(3, 5, 5, 7, List.of()), a.read("", Region.parse("3:, 5:", a.shape())).asInts().values());
            assertArrayEquals(expected(1, 4, 2, 6, List.of()), a.read("", Region.parse("1:4, 2:6", a.shape())).asInts().values());
            assertArrayEquals(expected(4, 5, 0, 7, List.of()), a.read("", Region.parse("-1", a.shape())).asInts().values());
        }
    }

    @Test
    void missingChunksReadAsTheFillValue() {
        try (Zarr z = grid("{'name': 'default'}", "/", List.of("c/0/1", "c/2/2")).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(expected(0, 5, 0, 7, List.of(new int[] {0, 1}, new int[] {2, 2})), a.read("", null).asInts().values());
            FieldStats s = a.scan("", Region.parse("0:2, 3:6", a.shape()), ScanOptions.threads(1));
            assertEquals(6, s.count());
            assertEquals(-6, s.sumAsDouble());
        }
    }

    @Test
    void anArrayWithNoChunksIsAllFill() {
        try (Zarr z = Tree.array(Doc.array("'float32'", "[3, 3]", "[2, 2]", "'-Infinity'", Doc.BYTES_BE)).open()) {
            float[] all = z.array("/").read("", null).asFloats().values();
            assertEquals(9, all.length);
            for (float f : all) {
                assertEquals(Float.NEGATIVE_INFINITY, f);
            }
        }
    }

    @Test
    void missingStructChunksReadAsTheStructFill() {
        String type = struct(field("id", "'int32'"), field("p", struct(field("x", "'float32'"), field("n", "'uint64'"))));
        Doc doc = Doc.array(type, "[4]", "[2]", "{'id': -5, 'p': {'x': 'Infinity', 'n': 18446744073709551615}}", Doc.BYTES_BE);
        try (Zarr z = Tree.array(doc).put("c/1", Enc.be().i32(1).f32(1.5f).i64(2).i32(3).f32(2.5f).i64(4).bytes()).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new int[] {-5, -5, 1, 3}, a.read("id", null).asInts().values());
            assertArrayEquals(new float[] {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, 1.5f, 2.5f}, a.read("p.x", null).asFloats().values());
            assertArrayEquals(new long[] {-1, -1, 2, 4}, a.read("p.n", null).asLongs().values());
        }
    }

    @Test
    void aFillNanPayloadSurvivesIntoTheData() {
        try (Zarr z = Tree.array(Doc.array("'float32'", "[2]", "[2]", "'0x7fc00123'", Doc.BYTES_BE)).open(); Arena arena = Arena.ofConfined()) {
            var bytes = z.array("/").readRecords(null, arena).toArray(ValueLayout.JAVA_BYTE);
            assertArrayEquals(new byte[] {0x7f, (byte) 0xc0, 0x01, 0x23, 0x7f, (byte) 0xc0, 0x01, 0x23}, bytes);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{'name': 'default'}                                          | /",
            "{'name': 'default', 'configuration': {'separator': '/'}}     | /",
            "{'name': 'default', 'configuration': {'separator': '.'}}     | .",
            "{'name': 'v2'}                                               | .",
            "{'name': 'v2', 'configuration': {'separator': '.'}}          | .",
            "{'name': 'v2', 'configuration': {'separator': '/'}}          | /",
    })
    void chunkKeyEncodings(String encoding, String separator) {
        try (Zarr z = grid(encoding, separator, List.of()).open()) {
            assertArrayEquals(expected(0, 5, 0, 7, List.of()), z.array("/").read("", null).asInts().values());
        }
    }

    @Test
    void keysLiveUnderTheArraysPrefix() {
        Tree t = Tree.group(Doc.group()).node("g", Doc.group())
                .node("g/arr", Doc.array("'uint8'", "[4]", "[2]", "9", "{'name': 'bytes'}").with("chunk_key_encoding", "{'name': 'v2'}"))
                .put("g/arr/1", new byte[] {3, 4})
                .put("g/c/0", new byte[] {1, 2});
        try (Zarr z = t.open()) {
            assertArrayEquals(new byte[] {9, 9, 3, 4}, z.array("/g/arr").read("", null).asBytes().values());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"{'name': 'default'} | c", "{'name': 'v2'} | 0",
            "{'name': 'default', 'configuration': {'separator': '.'}} | c"})
    void zeroDimensionalArrays(String encoding, String key) {
        Doc doc = Doc.array("'float64'", "[]", "[]", "1.5", Doc.BYTES_LE).with("chunk_key_encoding", encoding);
        try (Zarr z = Tree.array(doc).put(key, Enc.le().f64(-42.25).bytes()).open()) {
            ZarrArray a = z.array("/");
            assertEquals(0, a.shape().length);
            assertArrayEquals(new double[] {-42.25}, a.readDoubles(""));
            assertArrayEquals(new double[] {-42.25}, a.readDoubles("", Region.parse("", a.shape())));
            assertEquals(1, a.scan("").count());
            List<Long> seen = new ArrayList<>();
            a.forEachRecord(null, (index, records, i) -> seen.add(index));
            assertEquals(List.of(0L), seen);
        }
        try (Zarr z = Tree.array(doc).open()) {
            assertArrayEquals(new double[] {1.5}, z.array("/").readDoubles(""), "missing: the fill value");
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"[0, 3] | [2, 3]", "[3, 0] | [2, 2]", "[0] | [5]", "[2, 0, 2] | [1, 1, 1]"})
    void emptyDimensionsReadNothing(String shape, String chunks) {
        try (Zarr z = Tree.array(Doc.array(struct(field("x", "'float64'")), shape, chunks, "{'x': 0}", Doc.BYTES_LE)).open();
             Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/");
            assertEquals(0, a.metadata().size());
            assertEquals(0, a.readDoubles("x").length);
            assertEquals(0, a.read("x", null).asDoubles().values().length);
            assertEquals(0, a.readRecords(null, arena).byteSize());
            a.forEachRecord(null, (index, records, i) -> {
                throw new AssertionError("no records");
            });
            FieldStats s = a.scan("x");
            assertEquals(0, s.count());
            assertTrue(Double.isNaN(s.mean()));
            int[] progress = {0};
            a.scan("x", null, ScanOptions.threads(4).withProgress((done, total) -> progress[0]++));
            assertEquals(0, progress[0]);
        }
    }

    @Test
    void aRegionTooLargeForAJavaArrayIsABadRequest() {
        try (Zarr z = Tree.array(Doc.array("'float64'", "[1099511627776]", "[1048576]", "0", Doc.BYTES_LE)).open()) {
            ZarrArray a = z.array("/");
            var e = assertThrows(ZarrException.BadRequest.class, () -> a.readDoubles(""));
            assertContains(e.getMessage(), "does not fit a Java array");
            assertThrows(ZarrException.BadRequest.class, () -> a.read("", null));
            assertArrayEquals(new double[] {0, 0}, a.readDoubles("", Region.parse("-2:", a.shape())));
        }
    }

    // ---- regions

    @Test
    void regionParsing() {
        long[] shape = {10, 20, 30};
        assertEquals(new Region(new long[] {0, 0, 0}, shape), Region.parse("", shape));
        assertEquals(new Region(new long[] {0, 0, 0}, shape), Region.parse(":,:,:", shape));
        assertEquals(new Region(new long[] {2, 0, 0}, new long[] {5, 20, 30}), Region.parse("2:5", shape));
        assertEquals(new Region(new long[] {3, 5, 0}, new long[] {4, 20, 28}), Region.parse(" 3 , 5: , :-2", shape));
        assertEquals(new Region(new long[] {8, 19, 0}, new long[] {10, 20, 30}), Region.parse("-2:, -1", shape));
        assertEquals(new Region(new long[] {0, 0, 0}, new long[] {10, 20, 30}), Region.parse("-100:100", shape), "slices clamp");
        assertEquals(0, Region.parse("7:3", shape).size(), "an inverted slice is empty");
        assertEquals(new Region(new long[] {1, 2}, new long[] {3, 4}).toString(), "[1:3, 2:4]");
        assertArrayEquals(new long[] {2, 2}, new Region(new long[] {1, 2}, new long[] {3, 4}).shape());
    }

    @Test
    void badRegionsAreRefused() {
        long[] shape = {10, 20};
        assertContains(assertThrows(ZarrException.BadRequest.class, () -> Region.parse("1,2,3", shape)).getMessage(), "has 3 dimensions, the array 2");
        assertContains(assertThrows(ZarrException.BadRequest.class, () -> Region.parse("10", shape)).getMessage(), "index 10 is outside dimension 0 of size 10");
        assertContains(assertThrows(ZarrException.BadRequest.class, () -> Region.parse("-11", shape)).getMessage(), "is outside dimension 0");
        assertContains(assertThrows(ZarrException.BadRequest.class, () -> Region.parse("a:b", shape)).getMessage(), "'a:b' is not a slice like 0:10");
        assertContains(assertThrows(ZarrException.BadRequest.class, () -> Region.parse("1:2:3", shape)).getMessage(), "is not a slice");
        try (Zarr z = grid("{'name': 'default'}", "/", List.of()).open()) {
            ZarrArray a = z.array("/");
            var outside = assertThrows(ZarrException.BadRequest.class, () -> a.readDoubles("", new Region(new long[] {0, 0}, new long[] {6, 7})));
            assertContains(outside.getMessage(), "is outside the array's shape [5, 7]");
            var rank = assertThrows(ZarrException.BadRequest.class, () -> a.readDoubles("", new Region(new long[] {0}, new long[] {1})));
            assertContains(rank.getMessage(), "region of rank 1 for an array of rank 2");
        }
    }

    @Test
    void regionsReadTheirElementsInCOrder() {
        try (Zarr z = grid("{'name': 'default'}", "/", List.of()).open()) {
            ZarrArray a = z.array("/");
            List<Long> indexes = new ArrayList<>();
            List<Integer> values = new ArrayList<>();
            var f = a.field("", dev.stride.model.FieldAccessor.IntField.class);
            a.forEachRecord(Region.parse("1:3, 2:5", a.shape()), (index, records, i) -> {
                indexes.add(index);
                values.add(f.get(records, i));
            });
            // forEachRecord goes chunk by chunk; sort by index to compare with C order
            List<Integer> byIndex = new ArrayList<>(values);
            for (int k = 0; k < indexes.size(); k++) {
                byIndex.set(indexes.get(k).intValue(), values.get(k));
            }
            assertEquals(List.of(102, 103, 104, 202, 203, 204), byIndex);
            assertEquals(6, indexes.stream().distinct().count());
        }
    }
}
