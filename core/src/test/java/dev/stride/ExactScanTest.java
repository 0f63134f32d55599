package dev.stride;

import dev.stride.model.CoreType;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.spi.Store;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import dev.stride.testing.UnlistedStore;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Scans against an independent oracle (BigInteger and BigDecimal sums of the values written): random records of every
 * integer width, bool, both time types and the three float widths, with extremes (Long.MIN/MAX, 2^62+3, uint64 max,
 * NaT, NaN, ±Inf, -0.0, Double.MAX_VALUE), missing chunks, on 1, 2 and 8 threads and in several groupings of fields.
 */
class ExactScanTest {
    static final String TIME_MS = "{'name': 'numpy.datetime64', 'configuration': {'unit': 'ms', 'scale_factor': 1}}";
    static final String DELTA_10S = "{'name': 'numpy.timedelta64', 'configuration': {'unit': 's', 'scale_factor': 10}}";
    static final List<String> NAMES = List.of("b", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "dt", "td", "h", "f", "d");
    static final List<String> TYPES = List.of("'bool'", "'int8'", "'int16'", "'int32'", "'int64'", "'uint8'", "'uint16'", "'uint32'",
            "'uint64'", TIME_MS, DELTA_10S, "'float16'", "'float32'", "'float64'");
    static final int[] WIDTHS = {1, 1, 2, 4, 8, 1, 2, 4, 8, 8, 8, 2, 4, 8};
    static final int RECORD = 61;
    static final int CHUNK = 4096;
    static final int CHUNKS = 7;
    static final int MISSING = 2;
    /** Chunks where NaN, infinities and overflowing values sit; the others hold finite values only. */
    static final int SPECIAL = 4;
    static final String FILL = "{'b': true, 'i8': -128, 'i16': 32767, 'i32': -2147483648, 'i64': 4611686018427387907, 'u8': 255, "
            + "'u16': 65535, 'u32': 4294967295, 'u64': 18446744073709551615, 'dt': 'NaT', 'td': 9223372036854775807, "
            + "'h': 'NaN', 'f': '-Infinity', 'd': 1e300}";
    static final long[] FILL_BITS = {1, -128, 32767, Integer.MIN_VALUE, (1L << 62) + 3, 255, 65535, 0xFFFF_FFFFL, -1L, Long.MIN_VALUE,
            Long.MAX_VALUE, Float.floatToFloat16(Float.NaN), Float.floatToRawIntBits(Float.NEGATIVE_INFINITY), Double.doubleToRawLongBits(1e300)};

    /** values[field][record] as raw bits (floats as their bits, integers sign- or zero-extended by width). */
    final long[][] values = new long[NAMES.size()][CHUNK * CHUNKS];
    final Tree tree;

    ExactScanTest() {
        Random random = new Random(13);
        for (int c = 0; c < CHUNKS; c++) {
            for (int i = c * CHUNK; i < (c + 1) * CHUNK; i++) {
                for (int f = 0; f < NAMES.size(); f++) {
                    values[f][i] = c == MISSING ? FILL_BITS[f] : random(f, random, c == SPECIAL);
                }
            }
        }
        tree = tree(ByteOrder.LITTLE_ENDIAN);
    }

    /** The array of {@link #values} with its bytes in {@code order}, chunk {@link #MISSING} never written. */
    Tree tree(ByteOrder order) {
        String bytes = order == ByteOrder.BIG_ENDIAN ? Doc.BYTES_BE : Doc.BYTES_LE;
        Tree out = Tree.array(Doc.array(struct(fields()), "[" + CHUNK * CHUNKS + "]", "[" + CHUNK + "]", FILL, bytes));
        for (int c = 0; c < CHUNKS; c++) {
            if (c != MISSING) {
                Enc e = Enc.of(order);
                for (int i = c * CHUNK; i < (c + 1) * CHUNK; i++) {
                    for (int f = 0; f < NAMES.size(); f++) {
                        write(e, f, values[f][i]);
                    }
                }
                out.put("c/" + c, e.bytes());
            }
        }
        return out;
    }

    static String[] fields() {
        String[] out = new String[NAMES.size()];
        for (int f = 0; f < out.length; f++) {
            out[f] = field(NAMES.get(f), TYPES.get(f));
        }
        return out;
    }

    static long random(int f, Random r, boolean special) {
        String name = NAMES.get(f);
        int pick = r.nextInt(special ? 8 : 20);
        return switch (name) {
            case "b" -> r.nextInt(2);
            case "i64", "dt", "td" -> switch (pick) {
                case 0 -> Long.MIN_VALUE;  // NaT for the times
                case 1 -> Long.MAX_VALUE;
                case 2 -> (1L << 62) + 3;
                case 3 -> -(1L << 62) - 3;
                default -> name.equals("i64") ? r.nextLong() : 1_717_201_083_000L + r.nextInt(1 << 30);
            };
            case "u64" -> switch (pick) {
                case 0 -> -1L;
                case 1 -> Long.MIN_VALUE;
                case 2 -> 0;
                default -> r.nextLong();
            };
            case "h" -> Float.floatToFloat16(special(pick, r, true) ? specialFloat(pick) : (float) (r.nextGaussian() * 1000));
            case "f" -> Float.floatToRawIntBits(special(pick, r, true) ? specialFloat(pick) : (float) (r.nextGaussian() * Math.pow(10, r.nextInt(30))));
            case "d" -> Double.doubleToRawLongBits(special(pick, r, special) ? specialDouble(pick)
                    : r.nextGaussian() * Math.pow(10, r.nextInt(-20, 40)));
            default -> {
                int bits = WIDTHS[f] * 8;
                long v = pick < 2 ? (pick == 0 ? -1L : 0) : r.nextLong();
                yield name.startsWith("u") ? v >>> (64 - bits) : v >> (64 - bits);
            }
        };
    }

    static boolean special(int pick, Random r, boolean allowed) {
        return allowed && pick < 5;
    }

    static float specialFloat(int pick) {
        return new float[] {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f}[pick];
    }

    static double specialDouble(int pick) {
        return new double[] {Double.NaN, Double.POSITIVE_INFINITY, -Double.MAX_VALUE, Double.MAX_VALUE, -0.0}[pick];
    }

    static void write(Enc e, int f, long v) {
        switch (WIDTHS[f]) {
            case 1 -> e.i8((int) v);
            case 2 -> e.i16((int) v);
            case 4 -> e.i32((int) v);
            default -> e.i64(v);
        }
    }

    /** The oracle's statistics of field {@code f} over records [from, to). */
    FieldStats oracle(int f, int from, int to) {
        String name = NAMES.get(f);
        CoreType core = CoreType.byName(TYPES.get(f).replace("'", "")).orElse(null);
        if (core != null && core.kind() == CoreType.Kind.FLOAT) {
            long count = 0, nan = 0, plus = 0, minus = 0;
            BigDecimal sum = BigDecimal.ZERO;
            double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                double v = asDouble(core, values[f][i]);
                if (Double.isNaN(v)) {
                    nan++;
                    continue;
                }
                count++;
                if (Double.isInfinite(v)) {
                    plus += v > 0 ? 1 : 0;
                    minus += v < 0 ? 1 : 0;
                } else {
                    sum = sum.add(new BigDecimal(v));
                }
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            return new FieldStats.Floats(name, core, count, nan, sum, plus, minus, count == 0 ? Double.NaN : min, count == 0 ? Double.NaN : max);
        }
        boolean unsigned = name.startsWith("u");
        boolean time = core == null;
        long count = 0, nat = 0;
        BigInteger sum = BigInteger.ZERO, min = null, max = null;
        for (int i = from; i < to; i++) {
            long raw = values[f][i];
            if (time && raw == Long.MIN_VALUE) {
                nat++;
                continue;
            }
            BigInteger v = unsigned ? new BigInteger(Long.toUnsignedString(raw)) : BigInteger.valueOf(raw);
            count++;
            sum = sum.add(v);
            min = min == null ? v : min.min(v);
            max = max == null ? v : max.max(v);
        }
        long lo = min == null ? 0 : min.longValue();
        long hi = max == null ? 0 : max.longValue();
        if (time) {
            return new FieldStats.Times(name, (dev.stride.model.TimeType) null, count, nat, sum, lo, hi);
        }
        return new FieldStats.Integers(name, core, count, sum, lo, hi);
    }

    static double asDouble(CoreType type, long bits) {
        return switch (type) {
            case FLOAT16 -> Float.float16ToFloat((short) bits);
            case FLOAT32 -> Float.intBitsToFloat((int) bits);
            default -> Double.longBitsToDouble(bits);
        };
    }

    /** Integers and times equal the oracle exactly; float sums within the stated bound of the exact sum. */
    void assertMatchesOracle(FieldStats got, int f, int from, int to) {
        FieldStats want = oracle(f, from, to);
        String name = NAMES.get(f);
        switch (got) {
            case FieldStats.Integers g -> assertEquals(want, g, name);
            case FieldStats.Times g -> {
                FieldStats.Times w = (FieldStats.Times) want;
                assertEquals(List.of(w.count(), w.nanCount(), w.sum(), w.min(), w.max()), List.of(g.count(), g.nanCount(), g.sum(), g.min(), g.max()), name);
            }
            case FieldStats.Floats g -> {
                FieldStats.Floats w = (FieldStats.Floats) want;
                assertEquals(List.of(w.count(), w.nanCount(), w.positiveInfinities(), w.negativeInfinities(), w.min(), w.max()),
                        List.of(g.count(), g.nanCount(), g.positiveInfinities(), g.negativeInfinities(), g.min(), g.max()), name);
                BigDecimal magnitudes = BigDecimal.ZERO;
                for (int i = from; i < to; i++) {
                    double v = asDouble(w.type(), values[f][i]);
                    magnitudes = Double.isFinite(v) ? magnitudes.add(new BigDecimal(Math.abs(v))) : magnitudes;
                }
                long block = (1 << 20) / RECORD;
                BigDecimal bound = magnitudes.multiply(new BigDecimal(Math.scalb(block + 5.0, -53)));
                assertTrue(g.sum().subtract(w.sum()).abs().compareTo(bound) <= 0, name + ": " + g.sum() + " vs exact " + w.sum());
            }
            case FieldStats.Textual g -> fail(name + " is a number field, not " + g);
        }
    }

    @Test
    void everyTypeMatchesTheOracleOnAnyThreadsAndGrouping() {
        try (Zarr z = tree.open()) {
            ZarrArray a = z.array("/");
            for (Region region : List.of(Region.all(a.shape()), Region.parse("1000:27000", a.shape()))) {
                int from = (int) region.start()[0];
                int to = (int) region.stop()[0];
                List<FieldStats> together = a.scan(NAMES, region, ScanOptions.threads(1));
                for (int f = 0; f < NAMES.size(); f++) {
                    assertMatchesOracle(together.get(f), f, from, to);
                }
                for (int threads : new int[] {1, 2, 8}) {
                    assertEquals(together, a.scan(NAMES, region, ScanOptions.threads(threads)), threads + " threads, all fields");
                    List<String> reversed = new ArrayList<>(NAMES).reversed();
                    assertEquals(together.reversed(), a.scan(reversed, region, ScanOptions.threads(threads)), threads + " threads, reversed");
                    for (int f = 0; f < NAMES.size(); f++) {
                        assertEquals(together.get(f), a.scan(NAMES.get(f), region, ScanOptions.threads(threads)), NAMES.get(f) + " alone");
                        List<String> pair = List.of(NAMES.get(f), NAMES.get((f + 5) % NAMES.size()));
                        assertEquals(together.get(f), a.scan(pair, region, ScanOptions.threads(threads)).getFirst(), pair.toString());
                    }
                }
            }
        }
    }

    @Test
    void bigEndianBytesGiveTheSameStatistics() {
        try (Zarr little = tree.open(); Zarr big = tree(ByteOrder.BIG_ENDIAN).open()) {
            for (int threads : new int[] {1, 2}) {
                List<FieldStats> expected = little.array("/").scan(NAMES, null, ScanOptions.threads(threads));
                assertEquals(expected, big.array("/").scan(NAMES, null, ScanOptions.threads(threads)), threads + " threads");
            }
        }
    }

    @Test
    void extremesAreExactWhereDoublesWouldRound() {
        try (Zarr z = tree.open()) {
            ZarrArray a = z.array("/");
            Region missing = Region.parse(MISSING * CHUNK + ":" + (MISSING + 1) * CHUNK, a.shape());
            List<FieldStats> fill = a.scan(NAMES, missing, ScanOptions.threads(2));
            FieldStats.Integers i64 = assertInstanceOf(FieldStats.Integers.class, fill.get(NAMES.indexOf("i64")));
            assertEquals(4611686018427387907L, i64.min(), "2^62+3 exactly, not 2^62");
            assertEquals(BigInteger.valueOf(4611686018427387907L).multiply(BigInteger.valueOf(CHUNK)), i64.sum());
            FieldStats.Integers u64 = fill.get(NAMES.indexOf("u64")).asIntegers();
            assertEquals(new BigInteger("18446744073709551615"), u64.maxValue());
            assertEquals(new BigInteger("18446744073709551615").multiply(BigInteger.valueOf(CHUNK)), u64.sum());
            FieldStats.Times dt = fill.get(NAMES.indexOf("dt")).asTimes();
            assertEquals(List.of(0L, (long) CHUNK, BigInteger.ZERO), List.of(dt.count(), dt.nanCount(), dt.sum()), "NaT counted, not summed");
            assertTrue(Double.isNaN(dt.minAsDouble()));
            FieldStats.Floats d = fill.get(NAMES.indexOf("d")).asFloats();
            assertEquals(new BigDecimal(1e300).multiply(BigDecimal.valueOf(CHUNK)).stripTrailingZeros(), d.sum());
            FieldStats.Floats f = fill.get(NAMES.indexOf("f")).asFloats();
            assertEquals(List.of((long) CHUNK, (long) CHUNK, Double.NEGATIVE_INFINITY), List.of(f.count(), f.negativeInfinities(), f.sumAsDouble()));
            assertEquals(CHUNK, fill.get(NAMES.indexOf("h")).nanCount());
        }
    }

    @Test
    void timesConvertToJavaTime() {
        try (Zarr z = tree.open()) {
            FieldStats.Times dt = z.array("/").scan("dt").asTimes();
            assertEquals(Optional.of(Instant.parse("2024-06-01T00:18:03Z")), dt.instant(1_717_201_083_000L));
            assertEquals(Optional.empty(), dt.instant(Long.MIN_VALUE), "NaT");
            FieldStats.Times td = z.array("/").scan("td").asTimes();
            assertEquals(Optional.of(Duration.ofSeconds(-90)), td.duration(-9), "ticks of 10 s");
        }
    }

    /** An int64 and a float64 of 2^62 elements in chunks of 2^20, one chunk written far out, the rest fill. */
    static Tree huge() {
        Tree t = Tree.array(Doc.array(struct(field("i", "'int64'"), field("x", "'float64'")), "[4611686018427387904]", "[1048576]",
                "{'i': -3, 'x': 0.1}", Doc.BYTES_LE));
        ByteBuffer chunk = ByteBuffer.allocate(1 << 24).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1 << 20; i++) {
            chunk.putLong(i).putDouble(0.5);
        }
        return t.put("c/4398046511103", chunk.array());  // the last of 2^42 chunks
    }

    @Test
    void aScanOfTwoToTheSixtyTwoNeverWrittenElementsIsFastAndExact() {
        long n = 1L << 62;
        long written = 1L << 20;
        long started = System.nanoTime();
        try (Zarr z = huge().open()) {
            ZarrArray a = z.array("/");
            List<long[]> progress = new ArrayList<>();
            List<FieldStats> s = a.scan(List.of("i", "x"), null, ScanOptions.threads(2).withProgress((done, total) -> {
                synchronized (progress) {
                    progress.add(new long[] {done, total});
                }
            }));
            FieldStats.Integers i = s.getFirst().asIntegers();
            BigInteger fill = BigInteger.valueOf(-3).multiply(BigInteger.valueOf(n - written));
            BigInteger stored = BigInteger.valueOf(written).multiply(BigInteger.valueOf(written - 1)).shiftRight(1);
            assertEquals(new FieldStats.Integers("i", CoreType.INT64, n, fill.add(stored), -3, written - 1), i);
            FieldStats.Floats x = s.get(1).asFloats();
            assertEquals(n, x.count());
            assertEquals(new BigDecimal(0.1).multiply(BigDecimal.valueOf(n - written)).add(BigDecimal.valueOf(written / 2)).stripTrailingZeros(), x.sum());
            assertEquals(1, progress.size(), "only the written chunk is read");
            FieldStats.Integers edge = a.scan("i", Region.parse("5:-7", a.shape()), ScanOptions.threads(1)).asIntegers();
            assertEquals(n - 12, edge.count());
            assertEquals(fill.subtract(BigInteger.valueOf(-3 * 5)).add(stored).subtract(BigInteger.valueOf((written - 7 + written - 1) * 7 / 2)), edge.sum());
        }
        assertTrue(System.nanoTime() - started < 20e9, "seconds, not the age of the universe");
    }

    /** A store that cannot list: each unit is asked for, as before, and the results agree with a listed scan. */
    @Test
    void aStoreThatCannotListGivesTheSameResultUnitByUnit() {
        Tree t = Tree.array(Doc.array("'uint64'", "[300000]", "[2]", "18446744073709551615", Doc.BYTES_LE))
                .put("c/7", Enc.le().i64(5).i64(-2).bytes());
        Store memory = t.memory();
        Store cannotList = new UnlistedStore(memory);
        try (Zarr listed = t.open(); Zarr unlisted = Zarr.open(cannotList)) {
            FieldStats want = new FieldStats.Integers("", CoreType.UINT64, 300000,
                    new BigInteger("18446744073709551615").multiply(BigInteger.valueOf(299999)).add(BigInteger.valueOf(4)), 5, -1L);
            assertEquals(want, listed.array("/").scan("", null, ScanOptions.threads(2)));
            long[] calls = {0};
            assertEquals(want, unlisted.array("/").scan("", null, ScanOptions.threads(2).withProgress((done, total) -> calls[0] = total)));
            assertEquals(150000, calls[0], "every unit visited");
        }
    }

    /**
     * A listed grid whose chunks are all written holds no fill value: the fill neither counts nor widens min and max,
     * as a scan unit by unit of the same chunks says.
     */
    @Test
    void aListedScanOfChunksAllWrittenCountsNoFillValue() {
        int n = 65537; // one unit more than a grid read without listing
        Tree t = Tree.array(Doc.array("'int8'", "[" + n + "]", "[1]", "-100", Doc.BYTES_LE));
        for (int c = 0; c < n; c++) {
            t = t.put("c/" + c, new byte[] {(byte) (c % 7)});
        }
        long sum = 0;
        for (int c = 0; c < n; c++) {
            sum += c % 7;
        }
        FieldStats want = new FieldStats.Integers("", CoreType.INT8, n, BigInteger.valueOf(sum), 0, 6);
        try (Zarr listed = t.open(); Zarr unlisted = Zarr.open(new UnlistedStore(t.memory()))) {
            assertEquals(want, listed.array("/").scan("", null, ScanOptions.threads(2)));
            assertEquals(want, unlisted.array("/").scan("", null, ScanOptions.threads(2)));
        }
    }

    /** Two dimensions, listed through nested directories ({@code c/3/5}) and through flat v2 keys ({@code 3.5}). */
    @Test
    void listingFindsChunksOfEveryKeyEncoding() {
        for (String[] encoding : new String[][] {{"default", "/", "c/3/5"}, {"v2", ".", "3.5"}, {"default", ".", "c.3.5"}}) {
            Doc doc = Doc.array("'int16'", "[1073741824, 1073741824]", "[1024, 2]", "-2", Doc.BYTES_LE)
                    .with("chunk_key_encoding", "{'name': '" + encoding[0] + "', 'configuration': {'separator': '" + encoding[1] + "'}}");
            Enc chunk = Enc.le();
            for (int i = 0; i < 2048; i++) {
                chunk.i16(i);
            }
            try (Zarr z = Tree.array(doc).put(encoding[2], chunk.bytes()).put("c/x", new byte[1]).open()) {
                ZarrArray a = z.array("/");
                long n = 1L << 60;
                List<long[]> progress = new ArrayList<>();
                FieldStats s = a.scan("", null, ScanOptions.threads(2).withProgress((done, total) -> progress.add(new long[] {done, total})));
                BigInteger want = BigInteger.valueOf(-2).multiply(BigInteger.valueOf(n - 2048)).add(BigInteger.valueOf(2047L * 2048 / 2));
                assertEquals(new FieldStats.Integers("", CoreType.INT16, n, want, -2, 2047), s, encoding[2]);
                assertEquals(1, progress.size(), encoding[2] + ": only the written chunk is read");
            }
        }
    }
}
