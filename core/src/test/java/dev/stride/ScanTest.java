package dev.stride;

import dev.stride.model.Column;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.Selection;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.RecordingStore;
import dev.stride.testing.Shard;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scans: count, sum, min, max and mean of each kind of field over 1000 records in 16 chunks of 64 (the last an edge
 * chunk, chunk 5 missing so its records are the fill value), on 1 and 4 threads, with progress and NaN.
 */
class ScanTest {
    static final int N = 1000;
    static final int CHUNK = 64;
    static final int MISSING = 5;
    static final String TYPE = struct(field("id", "'int32'"), field("v", "'float64'"), field("f", "'float32'"), field("u", "'uint64'"),
            field("b", "'bool'"), field("h", "'float16'"), field("i8", "'int8'"), field("u32", "'uint32'"), field("c", "'complex64'"),
            field("r", "'r8'"));
    static final String FILL = "{'id': 7, 'v': 0.5, 'f': -1.25, 'u': 3, 'b': true, 'h': 2, 'i8': -1, 'u32': 4000000000, 'c': [0, 0], 'r': [0]}";

    /** Each numeric field's value of record i (exact in every type and in double sums). */
    static double value(String field, int i) {
        if (i / CHUNK == MISSING) {
            return switch (field) {
                case "id" -> 7;
                case "v" -> 0.5;
                case "f" -> -1.25;
                case "u" -> 3;
                case "b" -> 1;
                case "h" -> 2;
                case "i8" -> -1;
                default -> 4e9;
            };
        }
        return switch (field) {
            case "id" -> i - 500;
            case "v" -> ((i * 37) % 101) - 50;
            case "f" -> (((i * 37) % 101) - 50) / 4.0;
            case "u" -> (double) i * (1L << 30);
            case "b" -> i % 3 == 0 ? 1 : 0;
            case "h" -> (i % 16) - 8;
            case "i8" -> (i % 256) - 128;
            default -> 4_000_000_000.0 + i;
        };
    }

    static Tree records(String endian) {
        ByteOrder o = endian.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        Tree t = Tree.array(Doc.array(TYPE, "[" + N + "]", "[" + CHUNK + "]", FILL, "{'name': 'bytes', 'configuration': {'endian': '" + endian + "'}}"));
        for (int c = 0; c * CHUNK < N; c++) {
            if (c == MISSING) {
                continue;
            }
            Enc e = Enc.of(o);
            for (int i = c * CHUNK; i < (c + 1) * CHUNK; i++) {
                int k = Math.min(i, N - 1);  // the edge chunk's tail repeats the last record: a reader must crop it
                e.i32((int) value("id", k)).f64(value("v", k)).f32((float) value("f", k)).i64((long) value("u", k))
                        .bool(value("b", k) == 1).f16((float) value("h", k)).i8((int) value("i8", k)).i32((int) (long) value("u32", k))
                        .f32(1).f32(2).raw((byte) 1);
            }
            t.put("c/" + c, e.bytes());
        }
        return t;
    }

    /** What the tests compare: field, count, sum, min and max (the sums here are exact in doubles). */
    static List<Object> view(FieldStats s) {
        return List.of(s.field(), s.count(), s.sumAsDouble(), s.minAsDouble(), s.maxAsDouble());
    }

    static List<Object> view(String field, long count, double sum, double min, double max) {
        return List.of(field, count, sum, min, max);
    }

    static List<Object> expected(String field, int from, int to) {
        IntToDoubleFunction v = i -> value(field, i);
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            sum += v.applyAsDouble(i);
            min = Math.min(min, v.applyAsDouble(i));
            max = Math.max(max, v.applyAsDouble(i));
        }
        return view(field, to - from, sum, min, max);
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void everyNumericFieldOnOneAndFourThreads(String endian) {
        try (Zarr z = records(endian).open()) {
            ZarrArray a = z.array("/");
            for (String field : List.of("id", "v", "f", "u", "b", "h", "i8", "u32")) {
                List<Object> want = expected(field, 0, N);
                FieldStats one = a.scan(field, null, ScanOptions.threads(1));
                FieldStats four = a.scan(field, null, ScanOptions.threads(4));
                assertEquals(want, view(one), field);
                assertEquals(one, four, field);
                assertEquals((double) want.get(2) / N, one.mean(), field);
            }
        }
    }

    @Test
    void scanningARegion() {
        try (Zarr z = records("little").open()) {
            ZarrArray a = z.array("/");
            Region r = Region.parse("100:700", a.shape());
            for (String field : List.of("v", "id", "u32")) {
                assertEquals(expected(field, 100, 700), view(a.scan(field, r, ScanOptions.threads(3))), field);
            }
            assertEquals(expected("v", 999, 1000), view(a.scan("v", Region.parse("-1", a.shape()), ScanOptions.threads(2))));
        }
    }

    @Test
    void progressReachesTheTotal() {
        try (Zarr z = records("little").open()) {
            ZarrArray a = z.array("/");
            for (int threads : new int[] {1, 4}) {
                List<long[]> calls = Collections.synchronizedList(new ArrayList<>());
                a.scan("v", null, ScanOptions.threads(threads).withProgress((done, total) -> calls.add(new long[] {done, total})));
                assertEquals(16, calls.size());
                assertTrue(calls.stream().allMatch(c -> c[1] == 16 && c[0] >= 1 && c[0] <= 16));
                assertEquals(16, calls.stream().mapToLong(c -> c[0]).max().orElseThrow());
                assertEquals(16, calls.stream().mapToLong(c -> c[0]).distinct().count(), "each chunk counted once");
            }
            List<Long> totals = Collections.synchronizedList(new ArrayList<>());
            a.scan("v", Region.parse("100:300", a.shape()), ScanOptions.threads(2).withProgress((done, total) -> totals.add(total)));
            assertEquals(List.of(4L, 4L, 4L, 4L), totals, "units 1..4 hold records 100..299");
        }
    }

    static Tree withNan(String type, String nanFill, int nanAt) {
        Enc e = Enc.le();
        for (int i = 0; i < 8; i++) {
            float v = i == nanAt ? Float.NaN : i;
            switch (type) {
                case "'float64'" -> e.f64(v);
                case "'float32'" -> e.f32(v);
                default -> e.f16(v);
            }
        }
        byte[] all = e.bytes();
        int half = all.length / 2;
        return Tree.array(Doc.array(type, "[8]", "[4]", nanFill, Doc.BYTES_LE))
                .put("c/0", java.util.Arrays.copyOf(all, half)).put("c/1", java.util.Arrays.copyOfRange(all, half, all.length));
    }

    @ParameterizedTest
    @ValueSource(strings = {"'float64'", "'float32'", "'float16'"})
    void nanIsCountedApartFromSumMinAndMax(String type) {
        for (int nanAt : new int[] {0, 3, 6, 7}) {
            try (Zarr z = withNan(type, "0", nanAt).open()) {
                ZarrArray a = z.array("/");
                for (int threads : new int[] {1, 4}) {
                    FieldStats s = a.scan("", null, ScanOptions.threads(threads));
                    assertEquals(view("", 7, 28 - nanAt, nanAt == 0 ? 1 : 0, nanAt == 7 ? 6 : 7), view(s), type + " NaN at " + nanAt);
                    assertEquals(1, s.nanCount());
                    assertEquals((28.0 - nanAt) / 7, s.mean());
                }
                FieldStats clean = a.scan("", nanAt < 4 ? Region.parse("4:", a.shape()) : Region.parse(":4", a.shape()), ScanOptions.threads(1));
                assertEquals(0, clean.nanCount(), clean.toString());
            }
        }
    }

    /**
     * Zeros of both signs as the extremes of a block with no NaN: the kernels' fast loop must still answer as
     * {@code Math.min/max} do (-0.0 below 0.0), wherever the odd zero falls among the unrolled lanes and the tail.
     */
    @ParameterizedTest
    @ValueSource(strings = {"'float64'", "'float32'"})
    void signedZerosAsExtremesAreOrderedAsMathMinAndMax(String type) {
        int n = 9;
        for (double base : new double[] {0.0, -0.0}) {
            for (int odd = 0; odd < n; odd++) {
                Enc e = Enc.le();
                for (int i = 0; i < n; i++) {
                    double v = i == odd ? -base : base;
                    if (type.equals("'float64'")) {
                        e.f64(v);
                    } else {
                        e.f32((float) v);
                    }
                }
                try (Zarr z = Tree.array(Doc.array(type, "[" + n + "]", "[" + n + "]", "0", Doc.BYTES_LE)).put("c/0", e.bytes()).open()) {
                    FieldStats s = z.array("/").scan("");
                    String what = type + " with " + (-base) + " at " + odd;
                    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(s.minAsDouble()), what);
                    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(s.maxAsDouble()), what);
                }
            }
        }
    }

    @Test
    void aNanFillIsCountedForMissingChunks() {
        try (Zarr z = Tree.array(Doc.array("'float64'", "[8]", "[4]", "'NaN'", Doc.BYTES_LE)).put("c/0", Enc.le().f64(1).f64(2).f64(3).f64(4).bytes()).open()) {
            ZarrArray a = z.array("/");
            FieldStats all = a.scan("");
            assertEquals(view("", 4, 10, 1, 4), view(all));
            assertEquals(4, all.nanCount());
            assertEquals(0, a.scan("", Region.parse(":4", a.shape()), ScanOptions.threads(4)).nanCount());
        }
    }

    @Test
    void shardedScansAgreeAcrossThreads() {
        // float64 [1000] in shards of [256] with inner chunks of [32]; every fourth inner chunk left empty (fill 1)
        Tree t = null;
        double sum = 0;
        for (int s = 0; s < 4; s++) {
            Shard shard = new Shard(8);
            for (int k = 7; k >= 0; k--) {
                if (k % 4 == 3) {
                    continue;
                }
                Enc e = Enc.le();
                for (int i = 0; i < 32; i++) {
                    e.f64(s * 256 + k * 32 + i);
                }
                shard.put(k, e.bytes());
            }
            if (t == null) {
                t = Tree.array(Doc.array("'float64'", "[1000]", "[256]", "1", shard.codec("[32]", "[" + Doc.BYTES_LE + "]")));
            }
            t.put("c/" + s, shard.bytes());
        }
        for (int i = 0; i < 1000; i++) {
            sum += (i / 32) % 8 % 4 == 3 ? 1 : i;
        }
        try (Zarr z = t.open()) {
            ZarrArray a = z.array("/");
            FieldStats one = a.scan("", null, ScanOptions.threads(1));
            assertEquals(one, a.scan("", null, ScanOptions.threads(4)));
            assertEquals(1000, one.count());
            assertEquals(sum, one.sumAsDouble());
            assertEquals(0, one.minAsDouble());
            assertEquals(991, one.maxAsDouble(), "992..999 lie in an empty inner chunk");
            int[] calls = {0};
            a.scan("", null, ScanOptions.threads(4).withProgress((done, total) -> {
                synchronized (calls) {
                    calls[0]++;
                }
                assertEquals(32, total, "one unit per inner chunk");
            }));
            assertEquals(32, calls[0]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void severalFieldsInOnePassReadEachChunkOnce(String endian) {
        List<String> fields = List.of("v", "id", "f", "u", "b", "h", "i8", "u32");
        RecordingStore store = new RecordingStore(records(endian).memory());
        try (Zarr z = Zarr.open(store)) {
            ZarrArray a = z.array("/");
            for (int threads : new int[] {1, 3}) {
                store.clear();
                List<FieldStats> all = a.scan(fields, null, ScanOptions.threads(threads));
                assertEquals((N + CHUNK - 1) / CHUNK, store.chunkReads().size(), "one read per chunk for all eight fields");
                assertEquals(fields.stream().map(f -> expected(f, 0, N)).toList(), all.stream().map(ScanTest::view).toList());
            }
            Region r = Region.parse("100:700", a.shape());
            assertEquals(List.of(expected("f", 100, 700), expected("v", 100, 700), expected("f", 100, 700)),
                    a.scan(List.of("f", "v", "f"), r, ScanOptions.threads(2)).stream().map(ScanTest::view).toList(), "in the order asked, repeats too");
        }
    }

    @Test
    void severalFieldsOfLargeRecordsAreReadABlockOfRecordsAtATime() {
        // 64 KiB records: a pass over several fields goes through a chunk a few records at a time
        String type = struct(field("a", "'float64'"), field("pad", "'r524288'"), field("b", "'int32'"));
        int n = 40;
        Enc e = Enc.le();
        for (int i = 0; i < n; i++) {
            e.f64(i * 0.5).raw(new byte[65536]).i32(-3 * i);
        }
        Tree t = Tree.array(Doc.array(type, "[" + n + "]", "[" + n + "]", "{'a': 0, 'pad': [" + "0, ".repeat(65535) + "0], 'b': 0}", Doc.BYTES_LE))
                .put("c/0", e.bytes());
        try (Zarr z = t.open()) {
            List<FieldStats> both = z.array("/").scan(List.of("b", "a"), null, ScanOptions.threads(2));
            assertEquals(List.of(view("b", n, -3 * (n - 1) * n / 2, -3 * (n - 1), 0),
                    view("a", n, 0.5 * (n - 1) * n / 2, 0, 0.5 * (n - 1))), both.stream().map(ScanTest::view).toList());
        }
    }

    @Test
    void aScanOfSeveralFieldsRefusesTheFirstThatIsNotANumber() {
        try (Zarr z = records("little").open()) {
            ZarrArray a = z.array("/");
            var none = assertThrows(ZarrException.BadRequest.class, () -> a.scan(List.of(), null, ScanOptions.threads(1)));
            assertContains(none.getMessage(), "no field to scan");
            var complex = assertThrows(ZarrException.BadRequest.class, () -> a.scan(List.of("v", "c", "r"), null, ScanOptions.threads(1)));
            assertContains(complex.getMessage(), "field 'c' (complex64) is not a real number");
        }
    }

    @Test
    void readsOnSeveralThreadsFillTheSameArrays() {
        try (Zarr z = records("big").open()) {
            ZarrArray a = z.array("/");
            Region r = Region.parse("30:1000", a.shape());
            double[] want = new double[970];
            for (int i = 0; i < want.length; i++) {
                want[i] = value("v", 30 + i);
            }
            int[] ids = a.read("id", r, ScanOptions.threads(1)).asInts().values();
            Map<String, Column> both = a.read(Selection.of(r, "f", "i8"), ScanOptions.threads(1));
            for (int threads = 2; threads <= 5; threads++) {
                List<Long> totals = Collections.synchronizedList(new ArrayList<>());
                ScanOptions options = ScanOptions.threads(threads).withProgress((done, total) -> totals.add(total));
                assertArrayEquals(want, a.readDoubles("v", r, options), threads + " threads");
                assertEquals(16, totals.size(), "one report per chunk");
                double[] reused = new double[want.length + 2];
                Arrays.fill(reused, -1);
                a.readDoubles("v", r, reused, ScanOptions.threads(threads));
                assertArrayEquals(want, Arrays.copyOf(reused, want.length));
                assertEquals(-1, reused[want.length], "nothing written past the region");
                assertArrayEquals(ids, a.read("id", r, ScanOptions.threads(threads)).asInts().values());
                Map<String, Column> again = a.read(Selection.of(r, "f", "i8"), ScanOptions.threads(threads));
                assertArrayEquals(both.get("f").asFloats().values(), again.get("f").asFloats().values());
                assertArrayEquals(both.get("i8").asBytes().values(), again.get("i8").asBytes().values());
            }
            var small = assertThrows(ZarrException.BadRequest.class, () -> a.readDoubles("v", r, new double[969], ScanOptions.threads(1)));
            assertContains(small.getMessage(), "the array holds 969 doubles, the region has 970 elements");
        }
    }

    @Test
    void sumsAreExactWhateverTheThreads() {
        // one value per chunk, chosen so that the order of the additions changes a rounded sum
        double[] values = {1e16, 1, -1e16, 1, 1e16, 1, 1, -1e16, 3, 1e16, 1, -1e16};
        Tree t = Tree.array(Doc.array("'float64'", "[" + values.length + "]", "[1]", "0", Doc.BYTES_LE));
        for (int c = 0; c < values.length; c++) {
            t.put("c/" + c, Enc.le().f64(values[c]).bytes());
        }
        try (Zarr z = t.open()) {
            ZarrArray a = z.array("/");
            for (int round = 0; round < 20; round++) {
                for (int threads = 1; threads <= 6; threads++) {
                    FieldStats.Floats s = a.scan("", null, ScanOptions.threads(threads)).asFloats();
                    assertEquals(new java.math.BigDecimal(8), s.sum(), threads + " threads");
                    assertEquals(8.0, s.sumAsDouble());
                }
            }
        }
    }

    @Test
    void aCorruptChunkStopsAParallelScanAndIsNamed() {
        byte[] bad = new byte[13];
        try (Zarr z = records("little").put("c/9", bad).open()) {
            ZarrArray a = z.array("/");
            for (int threads : new int[] {1, 4}) {
                var e = assertThrows(ZarrException.CorruptChunk.class, () -> a.scan("v", null, ScanOptions.threads(threads)));
                assertEquals("c/9", e.chunkKey());
                assertContains(e.getMessage(), "chunk holds 13 bytes");
            }
            assertEquals(expected("v", 0, 576), view(a.scan("v", Region.parse(":576", a.shape()), ScanOptions.threads(4))), "other chunks still read");
        }
    }

    @Test
    void nonRealFieldsAreRefused() {
        try (Zarr z = records("little").open()) {
            ZarrArray a = z.array("/");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> a.scan("c")).getMessage(), "field 'c' (complex64) is not a real number");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> a.scan("r")).getMessage(), "field 'r' (r8) is not a real number");
            assertThrows(ZarrException.BadRequest.class, () -> a.scan("nope"));
            assertThrows(ZarrException.BadRequest.class, () -> ScanOptions.threads(0));
        }
    }

    @Test
    void fieldStatsOfNothing() {
        FieldStats none = new FieldStats.Integers("x", dev.stride.model.CoreType.INT8, 0, java.math.BigInteger.ZERO, 0, 0);
        assertTrue(Double.isNaN(none.mean()) && Double.isNaN(none.minAsDouble()) && Double.isNaN(none.maxAsDouble()));
        assertEquals(2.5, new FieldStats.Floats("x", dev.stride.model.CoreType.FLOAT32, 2, 0, java.math.BigDecimal.valueOf(5), 0, 0, 1, 4).mean());
    }

    @Test
    void typedStatisticsWithoutCastsAndAClearRefusal() {
        FieldStats ints = new FieldStats.Integers("id", dev.stride.model.CoreType.UINT64, 1, java.math.BigInteger.TWO, -1, -1);
        assertEquals(new java.math.BigInteger("18446744073709551615"), ints.asIntegers().maxValue());
        var e = assertThrows(ZarrException.BadRequest.class, ints::asFloats);
        assertEquals("field 'id' (uint64) has statistics of Integers, not Floats", e.reason());
        assertThrows(ZarrException.BadRequest.class, ints::asTimes);
    }
}
