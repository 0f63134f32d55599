package dev.stride.spark;

import dev.stride.model.Region;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Group-by aggregations the tasks compute as they read ({@link AggregatePlan}) give what Spark's own aggregation of
 * the same rows gives, and the ones they cannot compute are left to Spark.
 */
class ZarrAggregatesTest {
    private static final int SIZE = 1000;
    private static final int CHUNK = 64;
    /** Bytes of a record: k int8, g uint8, b bool, n int64, x float64, f float32. */
    private static final int RECORD = 23;
    @TempDir
    static Path dir;

    /** Readings laid out by hand: 16 chunks of 64 records, the last one partly past the end, chunk 5 never written. */
    @BeforeAll
    static void layOut() {
        String type = Doc.struct(Doc.field("k", "'int8'"), Doc.field("g", "'uint8'"), Doc.field("b", "'bool'"),
                Doc.field("n", "'int64'"), Doc.field("x", "'float64'"), Doc.field("f", "'float32'"));
        Tree readings = Tree.array(Doc.array(type, "[" + SIZE + "]", "[" + CHUNK + "]",
                "{'k': -3, 'g': 7, 'b': true, 'n': 11, 'x': 0.5, 'f': 1.5}", Doc.BYTES_LE));
        for (int c = 0; c < (SIZE + CHUNK - 1) / CHUNK; c++) {
            if (c == 5) {
                continue;
            }
            Enc chunk = Enc.of(ByteOrder.LITTLE_ENDIAN);
            for (int i = c * CHUNK; i < (c + 1) * CHUNK; i++) {
                chunk.i8(i % 7 - 3).i8((i * 37) % 251).i8(i % 3 == 0 ? 1 : 0)
                        .i64((i % 2 == 0 ? 1L : -1L) * i * 1_000_000_007L)
                        .f64(i % 50 == 0 ? -0.0 : i * 0.1 - 17.3).f32(i / 3.0f);
            }
            readings.put("c/" + c, chunk.bytes());
        }
        readings.writeTo(dir.resolve("readings"));

        Tree big = Tree.array(Doc.array(Doc.struct(Doc.field("k", "'int8'"), Doc.field("n", "'int64'")), "[4]", "[4]",
                "{'k': 0, 'n': 0}", Doc.BYTES_LE));
        big.put("c/0", Enc.of(ByteOrder.LITTLE_ENDIAN).i8(1).i64(Long.MAX_VALUE / 2 + 1).i8(1).i64(Long.MAX_VALUE / 2 + 1)
                .i8(2).i64(5).i8(2).i64(6).bytes());
        big.writeTo(dir.resolve("big"));

        String lapse = "{'name': 'numpy.timedelta64', 'configuration': {'unit': 's', 'scale_factor': 1}}";
        Tree lapses = Tree.array(Doc.array(Doc.struct(Doc.field("d", lapse), Doc.field("k", "'int8'")), "[4]", "[4]",
                "{'d': 0, 'k': 0}", Doc.BYTES_LE));
        lapses.put("c/0", Enc.of(ByteOrder.LITTLE_ENDIAN).i64(Long.MIN_VALUE).i8(1).i64(0).i8(2).i64(Long.MIN_VALUE).i8(3)
                .i64(5).i8(4).bytes());
        lapses.writeTo(dir.resolve("lapses"));
    }

    private static Dataset<Row> sql(String query, String array, boolean push, long partitionBytes) {
        SparkSession spark = Sessions.spark();
        spark.read().format("zarr").option("indexColumns", "true").option("pushAggregates", String.valueOf(push))
                .option("partitionBytes", String.valueOf(partitionBytes))
                .load(dir.resolve(array).toString()).createOrReplaceTempView("t");
        return spark.sql(query);
    }

    private static List<String> sorted(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).sorted(Comparator.naturalOrder()).toList();
    }

    private static final List<String> PUSHED = List.of(
            "SELECT g, avg(x), count(*), sum(n), min(k), max(n), sum(f), count(x) FROM t GROUP BY g",
            "SELECT k, sum(x), max(b), min(b), min(g), max(_index) FROM t GROUP BY k",
            "SELECT b, count(*), sum(k), sum(g) FROM t GROUP BY b",
            "SELECT n, count(*), sum(x) FROM t GROUP BY n",
            "SELECT _index, sum(x) FROM t GROUP BY _index",
            "SELECT count(*), avg(x), sum(n), min(k), max(n), sum(f), count(x), max(b) FROM t");

    /**
     * One partition: Spark's final aggregation adds one partial result to nothing, so the tasks' sums must be Spark's
     * own bit for bit (the same rows added in the same order), -0.0 and all.
     */
    @Test
    void inOnePartitionTheTasksGiveSparksOwnResultsExactly() {
        for (String query : PUSHED) {
            Dataset<Row> pushed = sql(query, "readings", true, Long.MAX_VALUE);
            assertTrue(Plans.scanText(pushed).contains(" aggregatedPerTask=["), () -> query + ": " + Plans.scanText(pushed));
            List<String> got = sorted(pushed);
            Dataset<Row> plain = sql(query, "readings", false, Long.MAX_VALUE);
            assertFalse(Plans.scanText(plain).contains("aggregatedPerTask"), Plans.scanText(plain));
            assertEquals(sorted(plain), got, query);
        }
    }

    /** Many partitions (three chunks each): the partial results add up to Spark's. */
    @Test
    void overManyPartitionsThePartialResultsAddUpToSparks() {
        for (String query : PUSHED) {
            Dataset<Row> pushed = sql(query, "readings", true, 3L * CHUNK * RECORD);
            assertTrue(Plans.scanText(pushed).contains(" aggregatedPerTask=["), () -> query + ": " + Plans.scanText(pushed));
            List<Row> got = pushed.collectAsList();
            List<Row> expected = sql(query, "readings", false, 3L * CHUNK * RECORD).collectAsList();
            assertEquals(expected.size(), got.size(), query);
            Comparator<Row> byKey = Comparator.comparing(r -> r.get(0).toString());
            List<Row> g = got.stream().sorted(byKey).toList();
            List<Row> e = expected.stream().sorted(byKey).toList();
            for (int i = 0; i < g.size(); i++) {
                for (int c = 0; c < g.get(i).size(); c++) {
                    Object a = g.get(i).get(c);
                    Object b = e.get(i).get(c);
                    if (a instanceof Double x && b instanceof Double y) {
                        // the partial sums reach the final aggregation in the order the shuffle delivers them
                        assertEquals(y, x, Math.abs(y) * 1e-12, query + " " + e.get(i));
                    } else {
                        assertEquals(b, a, query + " " + e.get(i));
                    }
                }
            }
        }
    }

    /** Past its bound on groups a task gives what it has and starts afresh: the partial rows still add up. */
    @Test
    void aTaskPastItsBoundOnGroupsGivesPartialRowsThatAddUp() {
        StructType columns = Sessions.spark().read().format("zarr").load(dir.resolve("readings").toString()).schema();
        AggregatePlan plan = new AggregatePlan(columns.apply("k"), List.of(
                new AggregatePlan.Measure(AggregatePlan.Kind.COUNT_ROWS, null),
                new AggregatePlan.Measure(AggregatePlan.Kind.SUM, columns.apply("n"))));
        ReadOptions options = new ReadOptions(StoreDescriptor.parse(dir.resolve("readings").toString()), false,
                ReadOptions.DEFAULT_PARTITION_BYTES, 2, true, true, true, ReadOptions.DEFAULT_MAX_PARTITIONS);
        Map<Byte, long[]> byKey = new TreeMap<>();
        int rows = 0;
        try (AggregateReader reader = new AggregateReader(options, plan, ZarrPartition.read(new Region(new long[]{0}, new long[]{SIZE})), 3)) {
            while (reader.next()) {
                InternalRow row = reader.get();
                long[] total = byKey.computeIfAbsent(row.getByte(0), k -> new long[2]);
                total[0] += row.getLong(1);
                total[1] += row.getLong(2);
                rows++;
            }
        }
        assertTrue(rows > 7 * 10, "batches of 2 rows and at most 3 groups: many partial rows, not " + rows);
        Map<Byte, long[]> expected = new TreeMap<>();
        for (Row r : sql("SELECT k, count(*), sum(n) FROM t GROUP BY k", "readings", false, Long.MAX_VALUE).collectAsList()) {
            expected.put(r.getByte(0), new long[]{r.getLong(1), r.getLong(2)});
        }
        assertEquals(expected.keySet(), byKey.keySet());
        expected.forEach((k, v) -> assertArrayEquals(v, byKey.get(k), "k = " + k));
    }

    /**
     * Spark plans joins from a scan's statistics: an aggregating task gives one row per group it meets, so no more rows
     * than it reads records nor than its key has values. Each row here is the key (1 byte) and a count (8).
     */
    @Test
    void theStatisticsCountAtMostOneRowPerKeyValueAndTask() {
        // partitions of three chunks: five tasks of 192 records and one of the last 40
        assertEquals(List.of(6L * 2, 6L * 2 * 9), rowsAndBytes(sql("SELECT b, count(*) FROM t GROUP BY b", "readings", true, 3L * CHUNK * RECORD)));
        // one task: an int8 key has 256 values, fewer than the 1,000 records
        assertEquals(List.of(256L, 256L * 9), rowsAndBytes(sql("SELECT k, count(*) FROM t GROUP BY k", "readings", true, Long.MAX_VALUE)));
        // an int64 key may differ in every record
        assertEquals(List.of((long) SIZE, SIZE * 16L), rowsAndBytes(sql("SELECT n, count(*) FROM t GROUP BY n", "readings", true, Long.MAX_VALUE)));
    }

    /** Past a task's table of groups the same keys start new groups: only a key of fewer values bounds the rows. */
    @Test
    void onlyAKeyOfFewerValuesThanATasksGroupsBoundsItsRows() {
        long records = 1L << 40;
        assertEquals(2, new AggregatePlan.KeyRange(0, 1).rowsAtMost(records));
        assertEquals(65536, new AggregatePlan.KeyRange(Short.MIN_VALUE, Short.MAX_VALUE).rowsAtMost(records));
        assertEquals(100, new AggregatePlan.KeyRange(Short.MIN_VALUE, Short.MAX_VALUE).rowsAtMost(100));
        assertEquals(records, new AggregatePlan.KeyRange(0, AggregateReader.MAX_GROUPS).rowsAtMost(records));
        assertEquals(records, new AggregatePlan.KeyRange(Integer.MIN_VALUE, Integer.MAX_VALUE).rowsAtMost(records));
        assertEquals(records, new AggregatePlan.KeyRange(Long.MIN_VALUE, Long.MAX_VALUE).rowsAtMost(records));
    }

    private static List<Long> rowsAndBytes(Dataset<Row> df) {
        assertTrue(Plans.scanText(df).contains(" aggregatedPerTask=["), () -> Plans.scanText(df));
        Statistics stats = ((SupportsReportStatistics) Plans.scan(df)).estimateStatistics();
        return List.of(stats.numRows().getAsLong(), stats.sizeInBytes().getAsLong());
    }

    @Test
    void theExplainNamesWhatTheTasksCompute() {
        Dataset<Row> df = sql("SELECT g, avg(x) FROM t GROUP BY g", "readings", true, Long.MAX_VALUE);
        // Spark asks for avg as a sum and a count
        assertTrue(Plans.scanText(df).contains(" columns=[g, x] "), Plans.scanText(df));
        assertTrue(Plans.scanText(df).contains(" aggregatedPerTask=[sum(x), count(x)] by g"), Plans.scanText(df));
        assertEquals("struct<g:smallint,sum(x):double,count(x):bigint>", Plans.scan(df).readSchema().simpleString());
    }

    @Test
    void aggregationsTheTasksCannotComputeAreLeftToSpark() {
        for (String query : List.of(
                "SELECT g, k, count(*) FROM t GROUP BY g, k",
                "SELECT g, min(x), max(f) FROM t GROUP BY g",
                "SELECT g, count(DISTINCT k) FROM t GROUP BY g",
                "SELECT x, count(*) FROM t GROUP BY x",
                "SELECT g, sum(x) FROM t WHERE x > 0 GROUP BY g")) {
            Dataset<Row> df = sql(query, "readings", true, Long.MAX_VALUE);
            assertFalse(Plans.scanText(df).contains("aggregatedPerTask"), () -> query + ": " + Plans.scanText(df));
        }
        // a key that can be null (NaT) stays with Spark, which gives it a group of its own
        Dataset<Row> byLapse = sql("SELECT d, count(*), sum(k) FROM t GROUP BY d", "lapses", true, Long.MAX_VALUE);
        assertFalse(Plans.scanText(byLapse).contains("aggregatedPerTask"), Plans.scanText(byLapse));
        assertEquals(List.of("[0,1,2]", "[5,1,4]", "[null,2,4]"), sorted(byLapse));
        // the 64 records of chunk 5, never written, are the fill value: g 7, k -3
        assertEquals(List.of("[7,-1,1]", "[7,-2,1]", "[7,-3,65]", "[7,3,1]"),
                sorted(sql("SELECT g, k, count(*) FROM t WHERE g = 7 GROUP BY g, k", "readings", true, Long.MAX_VALUE)));
    }

    /**
     * A sum of integers past a long fails the query, naming the way to Spark's own sum, which fails in ANSI mode (its
     * default), wraps without it and gives null as try_sum: the tasks cannot tell which was asked for.
     */
    @Test
    void aSumOfIntegersPastALongFailsNamingTheWayToSparksOwn() {
        String query = "SELECT k, sum(n) FROM t GROUP BY k";
        SparkSession spark = Sessions.spark();
        for (String ansi : List.of("true", "false")) {
            spark.conf().set("spark.sql.ansi.enabled", ansi);
            try {
                var e = assertThrows(Exception.class, () -> sql(query, "big", true, Long.MAX_VALUE).collectAsList());
                assertTrue(causes(e).contains("long overflow in sum(n) grouped by k: read with pushAggregates=false"), causes(e));
            } finally {
                spark.conf().unset("spark.sql.ansi.enabled");
            }
        }
        spark.conf().set("spark.sql.ansi.enabled", "false");
        try {
            assertEquals(List.of("[1,-9223372036854775808]", "[2,11]"), sorted(sql(query, "big", false, Long.MAX_VALUE)));
        } finally {
            spark.conf().unset("spark.sql.ansi.enabled");
        }
    }

    private static String causes(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append('\n');
        }
        return all.toString();
    }
}
