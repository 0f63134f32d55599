package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.CoreType;
import dev.stride.model.Extension;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * DataFrames written as arrays: read back by Spark and by Stride itself, every codec, both ways of placing rows, text
 * and byte strings as their metadata names them.
 */
class ZarrWriteTest {
    private static final int ROWS = 10_000;

    @TempDir
    Path dir;

    private static SparkSession spark() {
        return Sessions.spark();
    }

    /** Rows 0..ROWS-1 in three partitions of different lengths, with a field of each kind the writer maps. */
    private static Dataset<Row> records() {
        return spark().range(0, ROWS, 1, 3).selectExpr(
                "id as _index",
                "cast(id as double) * 0.5 as x",
                "cast(id as float) as y",
                "cast(id % 7 as short) as flags",
                "id % 2 = 0 as even",
                "named_struct('a', cast(id as int), 'b', cast(id % 100 as byte)) as inner",
                "timestamp_micros(id * 1000000) as t");
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "gzip:5", "zstd:3", "blosc:lz4:5:shuffle"})
    void everyCodecRoundTrips(String codec) {
        String path = dir.resolve("a").toString();
        records().write().format("zarr").mode("overwrite").option("chunks", "1000").option("codec", codec).save(path);
        Dataset<Row> back = spark().read().format("zarr").option("indexColumns", "true").load(path);
        assertEquals(0, back.exceptAll(records()).count());
        assertEquals(0, records().exceptAll(back).count());
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            ArrayMetadata meta = array.metadata();
            assertArrayEquals(new long[]{ROWS}, meta.shape());
            assertArrayEquals(new long[]{1000}, meta.chunkShape());
            StructType type = (StructType) meta.dataType();
            assertEquals(List.of("x", "y", "flags", "even", "inner", "t"), type.fields().stream().map(StructType.Field::name).toList());
            assertEquals(new TimeType(true, "us", 1), type.fields().get(5).type());
            double[] x = array.readDoubles("x");
            for (int i = 0; i < ROWS; i++) {
                assertEquals(i * 0.5, x[i]);
            }
            assertEquals(codec.equals("none") ? List.of("bytes") : List.of("bytes", codec.substring(0, codec.indexOf(':'))),
                    meta.codecs().stream().map(Extension::name).toList());
        }
    }

    @Test
    void shardsHoldTheChunks() {
        String path = dir.resolve("sharded").toString();
        records().write().format("zarr").mode("overwrite").option("chunks", "250").option("shards", "1000").option("codec", "zstd:1").save(path);
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertArrayEquals(new long[]{1000}, array.metadata().chunkShape());
            assertArrayEquals(new long[]{250}, array.readUnitShape());
            assertEquals((ROWS - 1) * ROWS / 2.0 * 0.5, array.scan("x").sumAsDouble());
        }
        assertEquals(0, spark().read().format("zarr").option("indexColumns", "true").load(path).exceptAll(records()).count());
    }

    @Test
    void rowsWithoutAnIndexKeepTheirOrder() {
        String path = dir.resolve("ordered").toString();
        // partitions of 1, 6,999 and 3,000 rows: runs start wherever the partitions before end, not on chunk edges
        Dataset<Row> df = spark().range(0, ROWS, 1, 1).selectExpr("cast(id as double) as x",
                "case when id < 1 then 0 when id < 7000 then 1 else 2 end as part")
                .repartitionByRange(3, org.apache.spark.sql.functions.col("part")).sortWithinPartitions("x").drop("part");
        df.write().format("zarr").mode("overwrite").option("chunks", "999").save(path);
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertEquals(CoreType.FLOAT64, ((StructType) array.dataType()).fields().getFirst().type());
            double[] x = array.readDoubles("x");
            assertEquals(ROWS, x.length);
            for (int i = 0; i < ROWS; i++) {
                assertEquals(i, x[i], "record " + i);
            }
        }
        assertStagingGone(path);
    }

    @Test
    void sparseIndexesLeaveTheFillValueBetween() {
        String path = dir.resolve("sparse").toString();
        spark().range(0, 100, 1, 2).selectExpr("id * 37 as _index", "cast(id + 1 as int) as v")
                .write().format("zarr").mode("overwrite").option("chunks", "64").option("shape", "5000").save(path);
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertArrayEquals(new long[]{5000}, array.shape());
            double[] v = array.readDoubles("v");
            for (int i = 0; i < 5000; i++) {
                assertEquals(i % 37 == 0 && i / 37 < 100 ? i / 37 + 1 : 0, v[i], "record " + i);
            }
        }
    }

    @Test
    void aSingleValueColumnMakesAPlainArray() {
        String path = dir.resolve("plain").toString();
        spark().range(0, 50).selectExpr("id as _index", "cast(id * 3 as int) as value").write().format("zarr").mode("overwrite").save(path);
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertEquals(CoreType.INT32, array.dataType());
            assertEquals(147.0, array.readDoubles("")[49]);
        }
    }

    @Test
    void aFailedTaskLeavesNothingReadable() throws IOException {
        String path = dir.resolve("failed").toString();
        Dataset<Row> twice = spark().range(0, 5000, 1, 2).selectExpr("case when id = 4000 then 3999 else id end as _index", "cast(id as double) as x");
        Exception e = assertThrows(Exception.class, () ->
                twice.write().format("zarr").mode("overwrite").option("chunks", "100").save(path));
        assertTrue(e.getMessage().contains("two rows have _index = 3999: each index holds one record"), e.getMessage());
        assertNothingThere(path);
    }

    @Test
    void aFailedCommitLeavesNothingReadable() throws IOException {
        String path = dir.resolve("short").toString();
        ZarrException e = assertThrows(ZarrException.class, () -> spark().range(0, 500, 1, 2).selectExpr("cast(id as double) as x")
                .write().format("zarr").mode("overwrite").option("chunks", "100").option("shape", "400").save(path));
        assertEquals("option shape is 400 but the rows need 500", e.reason());
        assertNothingThere(path);
    }

    @Test
    void overwriteReplacesAndAppendRefusesAnArray() {
        String path = dir.resolve("again").toString();
        records().write().format("zarr").mode("append").save(path);
        spark().range(0, 10).selectExpr("cast(id as long) as z").write().format("zarr").mode("overwrite").save(path);
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertArrayEquals(new long[]{10}, array.shape());
            assertEquals(45.0, array.scan("z").sumAsDouble());
        }
        ZarrException e = assertThrows(ZarrException.class, () -> records().write().format("zarr").mode("append").save(path));
        assertEquals("an array exists here; write with mode(\"overwrite\") to replace it", e.reason());
    }

    /** A query that reads an array cannot overwrite it, in order or by index: the array is left as it was. */
    @Test
    void anArrayTheQueryReadsIsNotOverwritten() {
        String path = dir.resolve("read-and-overwritten").toString();
        spark().range(0, 100).selectExpr("id as _index", "cast(id as long) as x").write().format("zarr").mode("overwrite").save(path);
        for (boolean indexColumns : new boolean[] {false, true}) {
            Dataset<Row> doubled = spark().read().format("zarr").option("indexColumns", indexColumns).load(path).selectExpr(
                    indexColumns ? new String[] {"_index", "x * 2 as x"} : new String[] {"x * 2 as x"});
            ZarrException e = assertThrows(ZarrException.class, () -> doubled.write().format("zarr").mode("overwrite").save(path));
            assertEquals("is read by the query that would overwrite it, which deletes it first; write to another path (then"
                    + " replace this one), or cache and materialize the rows before writing", e.reason());
            try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
                assertEquals(4950.0, array.scan("x").sumAsDouble(), "index columns " + indexColumns);
            }
        }
        String elsewhere = dir.resolve("doubled").toString();
        spark().read().format("zarr").load(path).selectExpr("x * 2 as x").write().format("zarr").mode("overwrite").save(elsewhere);
        assertEquals(9900L, spark().read().format("zarr").load(elsewhere).selectExpr("sum(x)").first().getLong(0));
    }

    /**
     * A write running at the path holds its claim there: a second write, overwrite or not, is refused before it deletes
     * or stores anything, and a write done leaves no claim behind.
     */
    @Test
    void aPathAnotherWriteHoldsIsRefusedUntouched() throws IOException {
        Path path = dir.resolve("claimed");
        spark().range(0, 10).selectExpr("cast(id as long) as z").write().format("zarr").mode("overwrite").save(path.toString());
        assertFalse(Files.exists(path.resolve(".stride-write-claim")), "released once written");
        String holder = "stride write 0000, pid 4242 on elsewhere since 2026-01-01T00:00:00Z\n";
        Files.writeString(path.resolve(".stride-write-claim"), holder);
        ZarrException e = assertThrows(ZarrException.class, () -> spark().range(0, 5).selectExpr("cast(id as long) as z")
                .write().format("zarr").mode("overwrite").save(path.toString()));
        assertEquals("is being written by another write (pid 4242 on elsewhere since 2026-01-01T00:00:00Z), which holds its"
                + " claim .stride-write-claim; two writes would mix their chunks. If no write is running there, delete that"
                + " object (" + path.toUri().toString().replaceFirst("/$", "") + "/.stride-write-claim) and write again", e.reason());
        assertEquals(holder, Files.readString(path.resolve(".stride-write-claim")));
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertEquals(45.0, array.scan("z").sumAsDouble(), "the array there is left as it was");
        }
    }

    /**
     * Chunks or shards a task could not hold, or that the codecs cannot, are refused on the driver naming the options,
     * before any task allocates one; nothing is written.
     */
    @Test
    void layoutsTooLargeAreRefusedBeforeAnyTask() {
        String path = dir.resolve("too-large").toString();
        Dataset<Row> ten = spark().range(0, 10).selectExpr("id as x");
        ZarrException chunks = assertThrows(ZarrException.class, () -> ten.write().format("zarr").mode("overwrite")
                .option("chunks", "2147483647").save(path));
        assertEquals("options chunks (2147483647) make chunks of 17179869176 bytes of 8-byte records, which a task assembles"
                + " whole in memory; at most 2 GiB: give fewer records", chunks.reason());
        ZarrException shards = assertThrows(ZarrException.class, () -> ten.write().format("zarr").mode("overwrite")
                .option("chunks", "1").option("shards", "4611686018427387904").save(path));
        assertEquals("options chunks (1) and shards (4611686018427387904) make shards of more than 2^63 bytes of 8-byte"
                + " records, which a task assembles whole in memory; at most 2 GiB: give fewer records", shards.reason());
        ZarrException index = assertThrows(ZarrException.class, () -> ten.write().format("zarr").mode("overwrite")
                .option("chunks", "1").option("shards", "134217728").save(path));
        assertEquals("options chunks (1) and shards (134217728) cannot be stored: a shard of 134217728 inner chunks has an"
                + " index larger than 1 GiB", index.reason());
        assertFalse(Files.exists(Path.of(path)), "nothing written");
    }

    @Test
    void aGroupOrADirectoryOfOtherFilesIsNeverReplaced() throws IOException {
        Path group = dir.resolve("group");
        Files.createDirectories(group);
        Files.writeString(group.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        ZarrException e = assertThrows(ZarrException.class, () -> records().write().format("zarr").mode("overwrite").save(group.toString()));
        assertTrue(e.reason().startsWith("is a group"), e.reason());
        assertTrue(Files.exists(group.resolve("zarr.json")));

        Path other = dir.resolve("other");
        Files.createDirectories(other);
        Files.writeString(other.resolve("notes.txt"), "mine");
        e = assertThrows(ZarrException.class, () -> records().write().format("zarr").mode("overwrite").save(other.toString()));
        assertEquals("holds keys [notes.txt] but no Zarr node; write to an empty or new directory", e.reason());
        assertEquals("mine", Files.readString(other.resolve("notes.txt")));
    }

    @Test
    void aColumnZarrCannotHoldIsRefusedBeforeAnyTask() {
        String path = dir.resolve("text").toString();
        ZarrException e = assertThrows(ZarrException.class, () ->
                spark().range(0, 3).selectExpr("cast(id as string) as name").write().format("zarr").mode("overwrite").save(path));
        assertEquals("column 'name' is string, which needs a fixed width: give it the metadata zarr_type = fixed_length_utf32[<CHARACTERS>]",
                e.reason());
        e = assertThrows(ZarrException.class, () ->
                spark().range(0, 3).selectExpr("array(cast(id as float), 1.5f) as pos").write().format("zarr").mode("overwrite").save(path));
        assertEquals("column 'pos' is array<float>, which no field of a Zarr v3 struct can hold (such a field has no shape): "
                + "select its elements as columns of their own", e.reason());
        assertTrue(Files.notExists(Path.of(path).resolve("zarr.json")));
    }

    private static Metadata zarrType(String type) {
        return new MetadataBuilder().putString(SparkTypes.ZARR_TYPE, type).build();
    }

    /** Text, byte strings (one with an inner NUL, one filling its width) and nulls, as the metadata's Zarr types. */
    private static Dataset<Row> texts() {
        List<Row> rows = List.of(
                RowFactory.create(0L, "a", new byte[] {'x'}),
                RowFactory.create(1L, "Ωé😀z", new byte[] {1, 0, 2, 3, (byte) 255}),
                RowFactory.create(2L, "", new byte[0]),
                RowFactory.create(3L, null, null));
        org.apache.spark.sql.types.StructType schema = new org.apache.spark.sql.types.StructType(new StructField[] {
                new StructField("_index", DataTypes.LongType, false, Metadata.empty()),
                new StructField("label", DataTypes.StringType, true, zarrType("fixed_length_utf32[4]")),
                new StructField("name", DataTypes.BinaryType, true, zarrType("null_terminated_bytes[5]"))});
        return spark().createDataFrame(rows, schema);
    }

    /**
     * A string column named fixed_length_utf32[4] and a binary one named null_terminated_bytes[5] are written as
     * zarr-python spells those types, their values NUL-padded UTF-32 and bytes, and read back as they were (a null
     * as the fill value: empty).
     */
    @Test
    void textAndByteStringsAreWrittenAsTheirMetadataSays() throws IOException {
        String path = dir.resolve("texts").toString();
        texts().write().format("zarr").mode("overwrite").option("chunks", "4").option("codec", "none").save(path);
        String meta = Files.readString(Path.of(path, "zarr.json"));
        assertTrue(meta.replaceAll("\\s", "").contains("{\"name\":\"fixed_length_utf32\",\"configuration\":{\"length_bytes\":16}}"), meta);
        assertTrue(meta.replaceAll("\\s", "").contains("{\"name\":\"null_terminated_bytes\",\"configuration\":{\"length_bytes\":5}}"), meta);
        ByteBuffer chunk = ByteBuffer.wrap(Files.readAllBytes(Path.of(path, "c", "0"))).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(4 * 21, chunk.capacity(), "four records of 16 + 5 bytes");
        assertEquals(List.of(0x3A9, 0xE9, 0x1F600, (int) 'z'), List.of(chunk.getInt(21), chunk.getInt(25), chunk.getInt(29), chunk.getInt(33)));
        assertArrayEquals(new byte[] {1, 0, 2, 3, (byte) 255}, Arrays.copyOfRange(chunk.array(), 37, 42));
        assertArrayEquals(new byte[] {'a', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'x', 0, 0, 0, 0}, Arrays.copyOfRange(chunk.array(), 0, 21));

        Dataset<Row> back = spark().read().format("zarr").option("indexColumns", "true").load(path);
        assertEquals(texts().schema().apply("label").metadata(), back.schema().apply("label").metadata());
        List<Row> rows = back.orderBy("_index").collectAsList();
        assertEquals(List.of("a", "Ωé😀z", "", ""), rows.stream().map(r -> r.getString(1)).toList());
        assertArrayEquals(new byte[] {'x'}, (byte[]) rows.get(0).get(2));
        assertArrayEquals(new byte[] {1, 0, 2, 3, (byte) 255}, (byte[]) rows.get(1).get(2));
        assertArrayEquals(new byte[0], (byte[]) rows.get(3).get(2));
        try (Zarr zarr = Zarr.open(path); ZarrArray array = zarr.array("/")) {
            assertEquals(List.of(new FixedStringType(4), new FixedBytesType(5)),
                    ((StructType) array.dataType()).fields().stream().map(StructType.Field::type).toList());
        }
    }

    /** A value longer than its column's Zarr type is refused naming the column, and leaves nothing readable. */
    @Test
    void overLongTextIsRefusedNamingTheColumn() throws IOException {
        String path = dir.resolve("long").toString();
        Dataset<Row> five = texts().selectExpr("_index", "concat(label, 'Ω') as label", "name")
                .select(col("_index"), col("label").as("label", zarrType("fixed_length_utf32[4]")), col("name"));
        Exception e = assertThrows(Exception.class, () -> five.write().format("zarr").mode("overwrite").save(path));
        assertTrue(e.getMessage().contains("column 'label' (fixed_length_utf32[4]) cannot hold a value of 5 characters"), e.getMessage());
        assertNothingThere(path);
        Dataset<Row> six = texts().selectExpr("_index", "label", "concat(name, X'00') as name")
                .select(col("_index"), col("label"), col("name").as("name", zarrType("null_terminated_bytes[5]")));
        e = assertThrows(Exception.class, () -> six.write().format("zarr").mode("overwrite").save(path));
        assertTrue(e.getMessage().contains("column 'name' (null_terminated_bytes[5]) cannot hold a value of 6 bytes"), e.getMessage());
    }

    /** numcodecs' v2 records read and written back as v3: every field but the shaped one, which v3 cannot hold. */
    @Test
    void v2RecordsWrittenAsV3KeepTheirTypesAndValues() {
        String v2 = Corpus.shared().resolve("conformance/zarr-v2/numcodecs/mixed.2d.gzip").toString();
        Dataset<Row> read = spark().read().format("zarr").option("indexColumns", "true").load(v2);
        String path = dir.resolve("from-v2").toString();
        ZarrException e = assertThrows(ZarrException.class, () -> read.write().format("zarr").mode("overwrite").save(path));
        assertTrue(e.reason().startsWith("column 'pos' is array<float>, which no field of a Zarr v3 struct can hold"), e.reason());
        Dataset<Row> flat = read.drop("pos", "dim_0", "dim_1");
        flat.write().format("zarr").mode("overwrite").option("chunks", "8").save(path);
        Dataset<Row> back = spark().read().format("zarr").load(path);
        assertEquals(flat.schema(), back.schema(), "the same types, and the same Zarr types in the metadata");
        assertEquals(0, back.exceptAll(flat).count());
        assertEquals(0, flat.exceptAll(back).count());
    }

    private static void assertNothingThere(String path) throws IOException {
        assertThrows(ZarrException.NodeNotFound.class, () -> {
            try (Zarr zarr = Zarr.open(path)) {
                zarr.metadata("/");
            }
        });
        try (Stream<Path> left = Files.list(Path.of(path))) {
            assertEquals(List.of(), left.toList());
        }
    }

    private static void assertStagingGone(String path) {
        assertTrue(Files.notExists(Path.of(path).resolve(WriteJob.STAGING)));
    }
}
