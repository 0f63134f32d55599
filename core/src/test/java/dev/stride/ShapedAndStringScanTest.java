package dev.stride;

import dev.stride.model.CoreType;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;

import static dev.stride.testing.Refusals.assertContains;
import static dev.stride.testing.Refusals.corrupt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Statistics of shaped fields (every element of every record) and of text and byte string fields (count, empty values,
 * least and greatest in numpy's order), on numpy records laid out by hand as v2 chunks: ten records in chunks of four,
 * the middle chunk never written (four records of the fill value), the last one padded.
 */
class ShapedAndStringScanTest {
    /** id int32, pos float32[3], c big-endian int16[2], u U2, s S2: 30 bytes. */
    private static final String DTYPE = "[[\"id\", \"<i4\"], [\"pos\", \"<f4\", [3]], [\"c\", \">i2\", [2]], [\"u\", \"<U2\"], [\"s\", \"|S2\"]]";
    private static final float INF = Float.POSITIVE_INFINITY;
    private static final float NAN = Float.NaN;

    private record Rec(int id, float[] pos, short[] c, String u, byte[] s) {
    }

    private static final Rec FILL = new Rec(-1, new float[] {1.5f, NAN, -2f}, new short[] {7, -7}, "", new byte[] {'z'});

    /** Records 0..3 and 8..9; 4..7 are the fill value. */
    private static final List<Rec> WRITTEN = List.of(
            new Rec(-5, new float[] {0.25f, -1f, NAN}, new short[] {0, -100}, "😀", new byte[] {'a'}),
            new Rec(5, new float[] {INF, 2f, 3f}, new short[] {1, Short.MIN_VALUE}, "\ufffd", new byte[] {(byte) 0x80, 1}),
            new Rec(15, new float[] {-0.5f, 0f, 1f}, new short[] {2, Short.MAX_VALUE}, "", new byte[0]),
            new Rec(25, new float[] {4f, 4f, 4f}, new short[] {3, -300}, "ab", new byte[] {0x7f, 0x7f}),
            new Rec(75, new float[] {-INF, 0.75f, 2f}, new short[] {8, -800}, "a", new byte[] {'a', 0}),
            new Rec(85, new float[] {1f, 1f, 1f}, new short[] {9, -900}, "é", new byte[] {'z'}));

    @TempDir
    Path dir;

    @BeforeEach
    void layOut() throws IOException {
        Files.writeString(dir.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [10], \"chunks\": [4], \"dtype\": " + DTYPE
                + ", \"compressor\": null, \"fill_value\": \"" + Base64.getEncoder().encodeToString(bytes(FILL))
                + "\", \"order\": \"C\", \"filters\": null}");
        Files.write(dir.resolve("0"), chunk(WRITTEN.subList(0, 4)));
        Files.write(dir.resolve("2"), chunk(List.of(WRITTEN.get(4), WRITTEN.get(5), FILL, FILL)));
    }

    /** All ten records as numpy sees them. */
    private static List<Rec> all() {
        List<Rec> all = new ArrayList<>(WRITTEN.subList(0, 4));
        all.addAll(List.of(FILL, FILL, FILL, FILL));
        all.addAll(WRITTEN.subList(4, 6));
        return all;
    }

    @Test
    void aShapedFloatFieldCountsEveryElement() {
        long nan = 0;
        long plus = 0;
        long minus = 0;
        BigDecimal sum = BigDecimal.ZERO;
        for (Rec r : all()) {
            for (float v : r.pos()) {
                nan += Float.isNaN(v) ? 1 : 0;
                plus += v == INF ? 1 : 0;
                minus += v == -INF ? 1 : 0;
                sum = Float.isFinite(v) ? sum.add(new BigDecimal(v)) : sum;
            }
        }
        for (int threads : new int[] {1, 3}) {
            try (Zarr zarr = Zarr.open(dir)) {
                FieldStats.Floats pos = zarr.array("/").scan("pos", null, ScanOptions.threads(threads)).asFloats();
                assertEquals(CoreType.FLOAT32, pos.type());
                assertEquals(30 - nan, pos.count());
                assertEquals(5, nan, "one in the records written, one in each of four fill records");
                assertEquals(nan, pos.nanCount());
                assertEquals(List.of(plus, minus), List.of(pos.positiveInfinities(), pos.negativeInfinities()));
                assertEquals(0, sum.compareTo(pos.sum()), pos.sum() + " vs " + sum);
                assertEquals(List.of(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY), List.of(pos.min(), pos.max()));
            }
        }
    }

    @Test
    void aShapedBigEndianIntegerFieldIsSummedExactly() {
        BigInteger sum = BigInteger.ZERO;
        for (Rec r : all()) {
            for (short v : r.c()) {
                sum = sum.add(BigInteger.valueOf(v));
            }
        }
        try (Zarr zarr = Zarr.open(dir)) {
            FieldStats.Integers c = zarr.array("/").scan("c").asIntegers();
            assertEquals(new FieldStats.Integers("c", CoreType.INT16, 20, sum, Short.MIN_VALUE, Short.MAX_VALUE), c);
            FieldStats.Integers firstChunk = zarr.array("/").scan("c", Region.parse("0:2", new long[] {10}), ScanOptions.threads(1)).asIntegers();
            assertEquals(new FieldStats.Integers("c", CoreType.INT16, 4, BigInteger.valueOf(1 - 100 + Short.MIN_VALUE), Short.MIN_VALUE, 1), firstChunk);
        }
    }

    /** A scalar field's statistics are the same whether or not shaped and string fields share its pass. */
    @Test
    void scalarFieldsAreUnchangedBySharingThePass() {
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray a = zarr.array("/");
            FieldStats alone = a.scan("id");
            List<FieldStats> together = a.scan(List.of("pos", "id", "u", "s", "c"), null, ScanOptions.threads(2));
            assertEquals(alone, together.get(1));
            assertEquals(new FieldStats.Integers("id", CoreType.INT32, 10, BigInteger.valueOf(-5 + 5 + 15 + 25 + 75 + 85 - 4), -5, 85), alone);
            assertEquals(a.scan("pos").asFloats().sum(), together.getFirst().asFloats().sum());
        }
    }

    /** Code-point order puts U+FFFD before U+1F600, which Java's UTF-16 order would not. */
    @Test
    void textHasCountEmptyValuesAndCodePointExtremes() {
        List<String> values = all().stream().map(Rec::u).toList();
        Comparator<String> byCodePoint = (x, y) -> Arrays.compare(x.codePoints().toArray(), y.codePoints().toArray());
        try (Zarr zarr = Zarr.open(dir)) {
            FieldStats.Strings u = zarr.array("/").scan("u", null, ScanOptions.threads(2)).asStrings();
            assertEquals(new FieldStats.Strings("u", u.type(), 10, 5, "", "😀"), u);
            assertEquals(values.stream().max(byCodePoint).orElseThrow(), u.max());
            assertEquals("\ufffd", zarr.array("/").scan("u", Region.parse("1:2", new long[] {10}), ScanOptions.threads(1)).asStrings().max());
            FieldStats.Strings some = zarr.array("/").scan("u", Region.parse("8:10", new long[] {10}), ScanOptions.threads(1)).asStrings();
            assertEquals(List.of(2L, 0L, "a", "é"), List.of(some.count(), some.emptyCount(), some.min(), some.max()));
            assertEquals(Double.NaN, u.mean());
        }
    }

    /** Unsigned byte order: 0x80 after 0x7f and 'z'; a value's trailing NULs are padding, not part of it. */
    @Test
    void byteStringsHaveUnsignedExtremes() {
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray a = zarr.array("/");
            FieldStats.ByteStrings s = a.scan("s").asByteStrings();
            assertEquals(List.of(10L, 1L), List.of(s.count(), s.emptyCount()));
            assertArrayEquals(new byte[0], s.min());
            assertArrayEquals(new byte[] {(byte) 0x80, 1}, s.max());
            FieldStats.ByteStrings signedWouldDiffer = a.scan("s", Region.parse("0:2", a.shape()), ScanOptions.threads(1)).asByteStrings();
            assertArrayEquals(new byte[] {'a'}, signedWouldDiffer.min());
            assertArrayEquals(new byte[] {(byte) 0x80, 1}, signedWouldDiffer.max());
            FieldStats.ByteStrings withFill = a.scan("s", Region.parse("3:5", a.shape()), ScanOptions.threads(1)).asByteStrings();
            assertArrayEquals(new byte[] {'z'}, withFill.min());
            assertArrayEquals(new byte[] {0x7f, 0x7f}, withFill.max());
            FieldStats.ByteStrings padded = a.scan("s", Region.parse("8:9", a.shape()), ScanOptions.threads(1)).asByteStrings();
            assertEquals(List.of(1L, 0L), List.of(padded.count(), padded.emptyCount()));
            assertArrayEquals(new byte[] {'a'}, padded.max());
        }
    }

    @Test
    void illFormedTextInAScanIsACorruptChunk() throws IOException {
        Rec bad = new Rec(0, new float[3], new short[2], "", new byte[0]);
        byte[] chunk = chunk(List.of(bad, bad, bad, bad));
        ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).putInt(30 * 2 + 20, 0xdc00);
        Files.write(dir.resolve("0"), chunk);
        try (Zarr zarr = Zarr.open(dir)) {
            corrupt("0", "field 'u' of record 2 holds 0xdc00, a surrogate, at character 0", () -> zarr.array("/").scan("u"));
        }
    }

    @Test
    void fieldsWithNothingToScanAreRefusedByName() throws IOException {
        Files.writeString(dir.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [1], \"chunks\": [1], \"dtype\": "
                + "[[\"z\", \"<c8\", [2]], [\"v\", \"|V3\"]], \"compressor\": null, \"fill_value\": null, \"order\": \"C\", \"filters\": null}");
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray a = zarr.array("/");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> a.scan("z")).getMessage(),
                    "field 'z' (complex64[2]) is not a real number, time or string");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> a.scan("v")).getMessage(),
                    "field 'v' (raw_bytes[3]) is not a real number, time or string");
        }
    }

    private static byte[] chunk(List<Rec> records) {
        ByteBuffer out = ByteBuffer.allocate(30 * records.size());
        records.forEach(r -> out.put(bytes(r)));
        return out.array();
    }

    private static byte[] bytes(Rec r) {
        ByteBuffer b = ByteBuffer.allocate(30).order(ByteOrder.LITTLE_ENDIAN).putInt(r.id());
        for (float v : r.pos()) {
            b.putFloat(v);
        }
        b.order(ByteOrder.BIG_ENDIAN).putShort(r.c()[0]).putShort(r.c()[1]).order(ByteOrder.LITTLE_ENDIAN);
        int[] units = Arrays.copyOf(r.u().codePoints().toArray(), 2);
        b.putInt(units[0]).putInt(units[1]);
        return b.put(Arrays.copyOf(r.s(), 2)).array();
    }
}
