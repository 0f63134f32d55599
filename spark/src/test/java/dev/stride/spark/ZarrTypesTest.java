package dev.stride.spark;

import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every data type Stride reads, at the edges of its range, in both byte orders, with the fill value standing for a
 * chunk never written; the expected Spark values are written out here, not derived from Stride.
 */
class ZarrTypesTest {
    @TempDir
    Path dir;

    private static final String TIME_NS = "{'name': 'numpy.datetime64', 'configuration': {'unit': 'ns', 'scale_factor': 1}}";
    private static final String TIME_S = "{'name': 'numpy.datetime64', 'configuration': {'unit': 's', 'scale_factor': 1}}";
    private static final String DELTA_MS = "{'name': 'numpy.timedelta64', 'configuration': {'unit': 'ms', 'scale_factor': 1}}";

    /** Every kind of field, a nested struct last. */
    private static final String ALL_TYPES = Doc.struct(
            Doc.field("b", "'bool'"),
            Doc.field("i1", "'int8'"), Doc.field("i2", "'int16'"), Doc.field("i4", "'int32'"), Doc.field("i8", "'int64'"),
            Doc.field("u1", "'uint8'"), Doc.field("u2", "'uint16'"), Doc.field("u4", "'uint32'"), Doc.field("u8", "'uint64'"),
            Doc.field("h", "'float16'"), Doc.field("f", "'float32'"), Doc.field("d", "'float64'"),
            Doc.field("c8", "'complex64'"), Doc.field("c16", "'complex128'"),
            Doc.field("r", "'r24'"),
            Doc.field("t", TIME_NS), Doc.field("td", DELTA_MS),
            Doc.field("nested", Doc.struct(Doc.field("s", "'int16'"), Doc.field("when", TIME_S))));

    private static final String ALL_TYPES_FILL = "{'b': true, 'i1': -1, 'i2': -2, 'i4': -4, 'i8': -8,"
            + " 'u1': 200, 'u2': 60000, 'u4': 4000000000, 'u8': 18446744073709551615,"
            + " 'h': 'NaN', 'f': 'Infinity', 'd': -1.5, 'c8': [1.0, '-Infinity'], 'c16': [2.0, 3.0],"
            + " 'r': [9, 8, 7], 't': 'NaT', 'td': 42, 'nested': {'s': 5, 'when': 0}}";

    private static final String SCHEMA = "struct<b:boolean,i1:tinyint,i2:smallint,i4:int,i8:bigint,"
            + "u1:smallint,u2:int,u4:bigint,u8:decimal(20,0),h:float,f:float,d:double,"
            + "c8:struct<re:float,im:float>,c16:struct<re:double,im:double>,r:binary,t:timestamp,td:bigint,"
            + "nested:struct<s:smallint,when:timestamp>>";

    /** Two records written in chunk 0 (lowest and highest values, NaN, -0.0, NaT), chunk 1 never written. */
    private Path allTypes(ByteOrder order) {
        Enc chunk = Enc.of(order)
                .bool(true).i8(-128).i16(Short.MIN_VALUE).i32(Integer.MIN_VALUE).i64(Long.MIN_VALUE)
                .i8(255).i16(0xFFFF).i32(0xFFFFFFFF).i64(-1L)
                .f16(1.5f).f32(Float.NaN).f64(-0.0)
                .f32(1.5f).f32(-2.5f).f64(1e300).f64(Double.NEGATIVE_INFINITY)
                .raw((byte) 1, (byte) 2, (byte) 3)
                .i64(-1).i64(1500)
                .i16(-7).i64(Long.MIN_VALUE)
                // record 1
                .bool(false).i8(127).i16(Short.MAX_VALUE).i32(Integer.MAX_VALUE).i64(Long.MAX_VALUE)
                .i8(128).i16(0x8000).i32(0x80000000).i64(Long.MIN_VALUE)
                .i16(0x7C00).f32(Float.MIN_VALUE).f64(Double.MAX_VALUE)
                .f32(0f).f32(0f).f64(Double.NaN).f64(0.5)
                .raw((byte) 0xFF, (byte) 0, (byte) 0x80)
                .i64(Long.MIN_VALUE).i64(Long.MIN_VALUE)
                .i16(Short.MAX_VALUE).i64(86_400);
        String bytes = order == ByteOrder.BIG_ENDIAN ? Doc.BYTES_BE : Doc.BYTES_LE;
        return Tree.array(Doc.array(ALL_TYPES, "[4]", "[2]", ALL_TYPES_FILL, bytes)).put("c/0", chunk.bytes()).writeTo(dir);
    }

    private static final List<List<Object>> ALL_TYPES_ROWS = List.of(
            Arrays.asList(true, (byte) -128, Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE,
                    (short) 255, 65535, 4294967295L, new BigDecimal("18446744073709551615"),
                    1.5f, Float.NaN, -0.0,
                    List.of(1.5f, -2.5f), List.of(1e300, Double.NEGATIVE_INFINITY),
                    new byte[]{1, 2, 3},
                    // -1 ns: rounded down to the microsecond before the epoch
                    Instant.parse("1969-12-31T23:59:59.999999Z"), 1500L,
                    Arrays.asList((short) -7, null)),
            Arrays.asList(false, (byte) 127, Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE,
                    (short) 128, 32768, 2147483648L, new BigDecimal("9223372036854775808"),
                    Float.POSITIVE_INFINITY, Float.MIN_VALUE, Double.MAX_VALUE,
                    List.of(0f, 0f), List.of(Double.NaN, 0.5),
                    new byte[]{-1, 0, -128},
                    null, null,
                    Arrays.asList(Short.MAX_VALUE, Instant.parse("1970-01-02T00:00:00Z"))));

    /** The fill value, in both records of the chunk never written. */
    private static final List<Object> FILL_ROW = Arrays.asList(true, (byte) -1, (short) -2, -4, -8L,
            (short) 200, 60000, 4000000000L, new BigDecimal("18446744073709551615"),
            Float.NaN, Float.POSITIVE_INFINITY, -1.5,
            List.of(1.0f, Float.NEGATIVE_INFINITY), List.of(2.0, 3.0),
            new byte[]{9, 8, 7},
            null, 42L,
            Arrays.asList((short) 5, Instant.EPOCH));

    @ParameterizedTest
    @ValueSource(strings = {"little", "big"})
    void everyTypeReadsAsItsSparkValue(String endian) {
        Path array = allTypes(endian.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        var df = Sessions.spark().read().format("zarr").option("indexColumns", "true").load(array.toString());
        assertEquals("struct<_index:bigint," + SCHEMA.substring("struct<".length()), df.schema().simpleString());
        List<Row> rows = df.collectAsList().stream().sorted(java.util.Comparator.comparingLong(r -> r.getLong(0))).toList();
        assertEquals(4, rows.size());
        assertRow(ALL_TYPES_ROWS.get(0), rows.get(0));
        assertRow(ALL_TYPES_ROWS.get(1), rows.get(1));
        assertRow(FILL_ROW, rows.get(2));
        assertRow(FILL_ROW, rows.get(3));
    }

    @Test
    void partsOfComplexAndNestedFieldsAreReadAlone() {
        var df = Sessions.spark().read().format("zarr").option("indexColumns", "true").load(allTypes(ByteOrder.BIG_ENDIAN).toString())
                .select("_index", "c16.im", "c8.re", "nested.when");
        // in the array's order, each struct cut to the part asked for
        assertEquals("struct<c8:struct<re:float>,c16:struct<im:double>,nested:struct<when:timestamp>>",
                Plans.scan(df).readSchema().simpleString().replace("_index:bigint,", ""));
        List<Row> rows = df.collectAsList().stream().sorted(java.util.Comparator.comparingLong(r -> r.getLong(0))).toList();
        assertRow(Arrays.asList(0L, Double.NEGATIVE_INFINITY, 1.5f, null), rows.get(0));
        assertRow(Arrays.asList(1L, 0.5, 0f, Instant.parse("1970-01-02T00:00:00Z")), rows.get(1));
        assertRow(Arrays.asList(2L, 3.0, 1.0f, Instant.EPOCH), rows.get(2));
    }

    @Test
    void timeColumnsAreNullableAndOthersNot() {
        var schema = Sessions.spark().read().format("zarr").load(allTypes(ByteOrder.LITTLE_ENDIAN).toString()).schema();
        for (var f : schema.fields()) {
            assertEquals(f.name().equals("t") || f.name().equals("td"), f.nullable(), f.name());
        }
        // a column keeps the Zarr type it came from, for writes to give it back
        assertEquals("uint64", schema.apply("u8").metadata().getString("zarr_type"));
        assertEquals("numpy.datetime64[ns]", schema.apply("t").metadata().getString("zarr_type"));
    }

    @Test
    void anArrayWithNoChunkWrittenIsItsStructFillValue() {
        Path array = Tree.array(Doc.array(Points.TYPE, "[30]", "[8]", "{'id': 7, 'x': 'NaN', 'point': {'x': 1.5, 'y': -0.0}}", Doc.BYTES_LE))
                .writeTo(dir);
        List<Row> rows = Sessions.spark().read().format("zarr").load(array.toString()).collectAsList();
        assertEquals(30, rows.size());
        for (Row r : rows) {
            assertRow(List.of(7, Double.NaN, List.of(1.5f, -0.0f)), r);
        }
    }

    /** Shards of 8 records in inner chunks of 4: shard 0 whole, shard 1 without its second inner chunk, shard 2 never written. */
    @Test
    void shardedArraysReadWholeAndFilledShardsAndOnlyTheShardsOfTheRegion() {
        String inner = "[" + Doc.BYTES_LE + "]";
        Shard0and1 shards = new Shard0and1();
        Path array = Tree.array(Doc.array("'int32'", "[24]", "[8]", "-1", dev.stride.testing.Shard.codec("[4]", inner,
                        "[" + Doc.BYTES_LE + "]", "end")))
                .put("c/0", shards.shard(0, 2))
                .put("c/1", shards.shard(8, 1))
                .writeTo(dir);
        List<Integer> expected = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
        var all = Sessions.spark().read().format("zarr").option("indexColumns", "true").load(array.toString());
        assertEquals(expected, all.collectAsList().stream().sorted(java.util.Comparator.comparingLong(r -> r.getLong(0)))
                .map(r -> r.getInt(1)).toList());

        RecordingStoreProvider.forget(array);
        var region = Sessions.spark().read().format("zarr").option("indexColumns", "true")
                .load(RecordingStoreProvider.uri(array)).where("_index >= 9 and _index < 14");
        assertEquals(List.of(9, 10, 11, -1, -1), region.collectAsList().stream().map(r -> r.getInt(1)).toList());
        assertEquals(java.util.Set.of("c/1"), RecordingStoreProvider.chunksRead(array));
    }

    /** Shards of int32 values equal to their index, with the first {@code chunks} inner chunks of 4 written. */
    private static final class Shard0and1 {
        byte[] shard(int first, int chunks) {
            dev.stride.testing.Shard shard = new dev.stride.testing.Shard(2).noCrc();
            for (int c = 0; c < chunks; c++) {
                Enc values = Enc.le();
                for (int i = 0; i < 4; i++) {
                    values.i32(first + 4 * c + i);
                }
                shard.put(c, values.bytes());
            }
            return shard.bytes();
        }
    }

    @Test
    void aRankZeroArrayIsOneRowWithoutIndexColumns() {
        Path written = Tree.array(Doc.array("'float64'", "[]", "[]", "2.5", Doc.BYTES_LE)).put("c", Enc.le().f64(-4.25).bytes())
                .writeTo(dir.resolve("written"));
        var df = Sessions.spark().read().format("zarr").option("indexColumns", "true").load(written.toString());
        assertEquals("struct<value:double>", df.schema().simpleString());
        assertEquals(List.of(-4.25), df.collectAsList().stream().map(r -> r.getDouble(0)).toList());

        Path filled = Tree.array(Doc.array("'float64'", "[]", "[]", "2.5", Doc.BYTES_LE)).writeTo(dir.resolve("filled"));
        assertEquals(List.of(2.5), Sessions.spark().read().format("zarr").load(filled.toString()).collectAsList()
                .stream().map(r -> r.getDouble(0)).toList());
    }

    @Test
    void anEmptyArrayHasNoRows() {
        Path array = Tree.array(Doc.array("'int16'", "[0, 3]", "[2, 2]", "0", Doc.BYTES_LE)).writeTo(dir);
        var df = Sessions.spark().read().format("zarr").option("indexColumns", "true").load(array.toString());
        assertEquals("struct<dim_0:bigint,dim_1:bigint,value:smallint>", df.schema().simpleString());
        assertEquals(0, df.collectAsList().size());
        assertEquals(0, df.count());
    }

    private static void assertRow(List<Object> expected, Row actual) {
        int offset = actual.size() - expected.size();
        for (int k = 0; k < expected.size(); k++) {
            String diff = SparkValues.difference(expected.get(k), actual.get(offset + k));
            if (diff != null) {
                fail("column " + actual.schema().fields()[offset + k].name() + ": " + diff);
            }
        }
    }
}
