package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.testing.Tree;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import scala.collection.Seq;
import scala.jdk.javaapi.CollectionConverters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Zarr v2 arrays (the corpus of zarr-python 2 and numcodecs output) through {@code format("zarr")}: every value the
 * manifest lists, from folders, a consolidated hierarchy and the corpus's zip files; strings as strings, byte strings
 * as binary, shaped fields as nested arrays; projections, counts and aggregates computed as the tasks read.
 */
class ZarrV2Test {
    private static final Path V2 = Corpus.shared().resolve("conformance/zarr-v2");
    private static final Pattern IN_FOLDER = Pattern.compile("zarr-python-2/data\\.zarr/(.+)");

    private static SparkSession spark() {
        return Sessions.spark();
    }

    /** zarr-python 2's arrays are read from the folder and, in turn, through each of the two zips of it. */
    @TestFactory
    Stream<DynamicTest> everyReadableV2ArrayReadsTheManifestsValues() {
        List<Corpus.Case> ok = Corpus.v2Cases().stream().filter(c -> c.expect().equals("ok")).toList();
        assertEquals(43, ok.size(), "ok cases in the v2 manifest");
        List<DynamicTest> tests = new ArrayList<>();
        int zipped = 0;
        for (Corpus.Case c : ok) {
            tests.add(DynamicTest.dynamicTest(c.path(), () -> check(c, c.dir())));
            Matcher inFolder = IN_FOLDER.matcher(c.path());
            if (inFolder.matches()) {
                Path zip = zipped++ % 2 == 0 ? V2.resolve("zarr-python-2/data.zipped_from_parent.zarr.zip/data.zarr")
                        : V2.resolve("zarr-python-2/data.zipped_from_within.zarr.zip");
                Path inZip = zip.resolve(inFolder.group(1));
                tests.add(DynamicTest.dynamicTest(c.path() + " in " + V2.relativize(inZip), () -> check(c, inZip)));
            }
        }
        return tests.stream();
    }

    private static void check(Corpus.Case c, Path path) {
        List<Json> expected = ((Json.JArray) c.values()).items();
        DataType type;
        try (Zarr zarr = Zarr.open(c.dir()); ZarrArray array = zarr.array("/")) {
            type = array.dataType();
        }
        Dataset<Row> df = spark().read().format("zarr").option("indexColumns", "true").load(path.toString());
        long[] shape = shape(c);
        int rank = shape.length;
        List<Row> rows = df.collectAsList();
        assertEquals(expected.size(), rows.size(), "rows");
        boolean[] seen = new boolean[expected.size()];
        for (Row row : rows) {
            int at = 0;
            for (int d = 0; d < rank; d++) {
                at = Math.toIntExact(at * shape[d] + row.getLong(d));
            }
            assertFalse(seen[at], "position " + at + " read twice");
            seen[at] = true;
            String diff = Values.difference(SparkJson.record(row, rank, type), expected.get(at), type);
            if (diff != null) {
                fail("position " + at + ": " + diff);
            }
        }
    }

    private static long[] shape(Corpus.Case c) {
        try (Zarr zarr = Zarr.open(c.dir()); ZarrArray array = zarr.array("/")) {
            return array.shape();
        }
    }

    private static Dataset<Row> mixed() {
        return spark().read().format("zarr").load(V2.resolve("numcodecs/mixed.2d.gzip").toString());
    }

    private static List<Json> mixedValues() {
        return Corpus.v2Cases().stream().filter(c -> c.path().equals("numcodecs/mixed.2d.gzip"))
                .map(c -> ((Json.JArray) c.values()).items()).findFirst().orElseThrow();
    }

    /** Each kind of v2 field as the Spark type the connector's mapping gives it, its Zarr type in the metadata. */
    @Test
    void mixedRecordsHaveStringBinaryAndArrayColumns() {
        StructType schema = mixed().schema();
        assertEquals(List.of("id", "t", "name", "label", "pos", "inner", "ok"), List.of(schema.fieldNames()));
        assertEquals(DataTypes.LongType, schema.apply("id").dataType(), ">u4 widens");
        assertEquals(DataTypes.TimestampType, schema.apply("t").dataType());
        assertEquals(DataTypes.BinaryType, schema.apply("name").dataType());
        assertEquals("null_terminated_bytes[6]", schema.apply("name").metadata().getString(SparkTypes.ZARR_TYPE));
        assertEquals(DataTypes.StringType, schema.apply("label").dataType());
        assertEquals("fixed_length_utf32[4]", schema.apply("label").metadata().getString(SparkTypes.ZARR_TYPE));
        assertEquals(DataTypes.createArrayType(DataTypes.FloatType, false), schema.apply("pos").dataType());
        assertEquals("float32[3]", schema.apply("pos").metadata().getString(SparkTypes.ZARR_TYPE));
        assertTrue(schema.apply("inner").dataType() instanceof StructType);
    }

    /** One field of a struct, a string column alone, an element of a shaped field, and counts with and without a filter. */
    @Test
    void projectionsAndCountsReadTheRightValues() {
        List<Json> values = mixedValues();
        // rows come chunk by chunk: the index columns give each one's place in C order (the array is 6 x 5)
        List<Row> rows = spark().read().format("zarr").option("indexColumns", "true").load(V2.resolve("numcodecs/mixed.2d.gzip").toString())
                .selectExpr("dim_0 * 5 + dim_1", "inner.b", "label", "pos[2]").collectAsList();
        assertEquals(values.size(), rows.size());
        for (Row row : rows) {
            int at = Math.toIntExact(row.getLong(0));
            Json.JObject v = (Json.JObject) values.get(at);
            Json b = SparkJson.value(row.get(1), CoreType.FLOAT64);
            assertNull(Values.difference(b, ((Json.JObject) v.get("inner")).get("b"), CoreType.FLOAT64), "inner.b at " + at);
            assertEquals(((Json.JString) v.get("label")).value(), row.getString(2), "label at " + at);
            Json z = SparkJson.value(row.get(3), CoreType.FLOAT32);
            assertNull(Values.difference(z, ((Json.JArray) v.get("pos")).get(2), CoreType.FLOAT32), "pos[2] at " + at);
        }
        assertEquals(values.size(), mixed().count());
        long named = values.stream().filter(v -> ((Json.JString) ((Json.JObject) v).get("name")).value().isEmpty()).count();
        assertEquals(named, mixed().where("length(name) = 0").count(), "rows whose byte string is empty");
        long omega = values.stream().filter(v -> ((Json.JString) ((Json.JObject) v).get("label")).value().startsWith("Ω")).count();
        assertEquals(omega, mixed().where("label like 'Ω%'").count());
        // points.zlib.missing: chunks never written count as fill values
        assertEquals(100, spark().read().format("zarr").load(V2.resolve("numcodecs/points.zlib.missing").toString()).count());
    }

    /** Aggregates the tasks compute as they read a v2 array, strings and arrays among the columns, equal the manifest's. */
    @Test
    void pushedAggregatesOfAV2ArrayEqualTheManifests() {
        spark().read().format("zarr").option("pushAggregates", "true").load(V2.resolve("numcodecs/mixed.2d.gzip").toString())
                .createOrReplaceTempView("mixed");
        Dataset<Row> df = spark().sql("SELECT ok, count(*), count(label), count(pos), min(id), max(id), sum(id) FROM mixed GROUP BY ok");
        assertTrue(Plans.scanText(df).contains(" aggregatedPerTask=["), Plans.scanText(df));
        Map<Boolean, long[]> expected = new TreeMap<>();
        for (Json v : mixedValues()) {
            Json.JObject o = (Json.JObject) v;
            long id = ((Json.JNumber) o.get("id")).bigInteger().longValueExact();
            long[] e = expected.computeIfAbsent(((Json.JBool) o.get("ok")).value(), k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE, 0});
            e[0]++;
            e[1] = Math.min(e[1], id);
            e[2] = Math.max(e[2], id);
            e[3] += id;
        }
        Map<Boolean, long[]> got = new TreeMap<>();
        for (Row r : df.collectAsList()) {
            assertEquals(r.getLong(1), r.getLong(2), "count(label): no string is null");
            assertEquals(r.getLong(1), r.getLong(3), "count(pos)");
            got.put(r.getBoolean(0), new long[] {r.getLong(1), r.getLong(4), r.getLong(5), r.getLong(6)});
        }
        assertEquals(expected.keySet(), got.keySet());
        expected.forEach((k, e) -> assertEquals(List.of(e[0], e[1], e[2], e[3]), List.of(got.get(k)[0], got.get(k)[1], got.get(k)[2], got.get(k)[3]), "ok = " + k));
        String smallest = mixedValues().stream().map(v -> ((Json.JString) ((Json.JObject) v).get("label")).value())
                .min(ZarrV2Test::byCodePoints).orElseThrow();
        assertEquals(smallest, spark().sql("SELECT min(label) FROM mixed").first().getString(0), "min of a string column, left to Spark");
        byte[] longest = spark().sql("SELECT name FROM mixed ORDER BY length(name) DESC, name LIMIT 1").first().getAs(0);
        assertEquals(6, longest.length, "a byte string that fills its S6");
        assertEquals(longest.length, Base64.getDecoder().decode(mixedValues().stream()
                .map(v -> ((Json.JString) ((Json.JObject) v).get("name")).value())
                .max((a, b) -> Integer.compare(Base64.getDecoder().decode(a).length, Base64.getDecoder().decode(b).length)).orElseThrow()).length);
    }

    /** Spark orders strings by their UTF-8 bytes, which is the order of their code points. */
    private static int byCodePoints(String a, String b) {
        return java.util.Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }

    /**
     * Records laid out by hand from numpy's rules (the corpus has no V&lt;n&gt; field and no shape of two dimensions):
     * V2 as binary, a big-endian (2, 3) int16 field as an array of arrays, big-endian text.
     */
    @Test
    void rawBytesAndATwoDimensionalShapeReadAsBinaryAndNestedArrays(@TempDir Path dir) {
        ByteBuffer chunk = ByteBuffer.allocate(2 * 22).order(ByteOrder.BIG_ENDIAN);
        chunk.put((byte) 1).put((byte) 255).putShort((short) 1).putShort((short) -2).putShort((short) 3)
                .putShort((short) 4).putShort((short) 5).putShort((short) -32768).putInt('Ω').putInt(0);
        chunk.put((byte) 0).put((byte) 0).putShort((short) 7).putShort((short) 8).putShort((short) 9)
                .putShort((short) 10).putShort((short) 11).putShort((short) 12).putInt(0x1F600).putInt('!');
        String zarray = "{\"zarr_format\": 2, \"shape\": [2], \"chunks\": [2], \"dtype\": [[\"raw\", \"|V2\"], "
                + "[\"grid\", \">i2\", [2, 3]], [\"u\", \">U2\"]], \"compressor\": null, \"fill_value\": null, "
                + "\"order\": \"C\", \"filters\": null}";
        Path array = new Tree().put(".zarray", zarray.getBytes(StandardCharsets.UTF_8)).put("0", chunk.array()).writeTo(dir.resolve("a"));
        Dataset<Row> df = spark().read().format("zarr").load(array.toString());
        StructType schema = df.schema();
        assertEquals(DataTypes.BinaryType, schema.apply("raw").dataType());
        assertEquals("raw_bytes[2]", schema.apply("raw").metadata().getString(SparkTypes.ZARR_TYPE));
        assertEquals(DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.ShortType, false), false), schema.apply("grid").dataType());
        assertEquals("int16[2, 3]", schema.apply("grid").metadata().getString(SparkTypes.ZARR_TYPE));
        List<Row> rows = df.collectAsList();
        assertArrayEquals(new byte[] {1, (byte) 255}, (byte[]) rows.get(0).get(0));
        assertEquals(List.of(List.of((short) 1, (short) -2, (short) 3), List.of((short) 4, (short) 5, (short) -32768)), lists(rows.get(0).get(1)));
        assertEquals("Ω", rows.get(0).getString(2));
        assertArrayEquals(new byte[] {0, 0}, (byte[]) rows.get(1).get(0));
        assertEquals(List.of(List.of((short) 7, (short) 8, (short) 9), List.of((short) 10, (short) 11, (short) 12)), lists(rows.get(1).get(1)));
        assertEquals("😀!", rows.get(1).getString(2));
        assertEquals(List.of(4L), df.selectExpr("grid[1][0] as x").where("x = 4").collectAsList().stream().map(r -> (long) r.getShort(0)).toList());
    }

    /** A UTF-32 unit that is no Unicode scalar value fails the read, naming the column and the unit. */
    @Test
    void aSurrogateInTextFailsTheReadNamingTheColumn(@TempDir Path dir) {
        ByteBuffer chunk = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt('a').putInt(0xDC00);
        String zarray = "{\"zarr_format\": 2, \"shape\": [1], \"chunks\": [1], \"dtype\": [[\"u\", \"<U2\"]], "
                + "\"compressor\": null, \"fill_value\": null, \"order\": \"C\", \"filters\": null}";
        Path array = new Tree().put(".zarray", zarray.getBytes(StandardCharsets.UTF_8)).put("0", chunk.array()).writeTo(dir.resolve("a"));
        Exception e = assertThrows(Exception.class, () -> spark().read().format("zarr").load(array.toString()).collectAsList());
        assertTrue(e.getMessage().contains("a value of column 'u' holds 0xdc00, a surrogate, at character 1"), e.getMessage());
    }

    private static List<List<Object>> lists(Object seqOfSeqs) {
        return CollectionConverters.asJava((Seq<?>) seqOfSeqs).stream()
                .map(inner -> List.<Object>copyOf(CollectionConverters.asJava((Seq<?>) inner))).toList();
    }
}
