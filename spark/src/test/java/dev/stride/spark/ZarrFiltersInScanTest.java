package dev.stride.spark;

import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.FilterExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import scala.jdk.javaapi.CollectionConverters;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Field filters the tasks test on each record, so that Spark does not: the rows are those Spark's own filter keeps
 * ({@code pushFilters=false}), at every corner of Spark's semantics (NaN equal to NaN and above every number, a NaN
 * with the sign bit or a payload, {@code -0.0} equal to {@code 0.0}, infinities, NaT read as null, times finer than
 * Spark's microseconds), and the plan keeps no Filter for them. The array, laid out by hand from the spec: 56 records
 * of {@code d float64, f float32, b bool, i int32, t datetime64[us], n datetime64[ns]} in chunks of 8, the last chunk
 * never written (fill values: zeros, the times NaT), with chunk statistics beside it, so that the same filters prune
 * chunks too.
 */
class ZarrFiltersInScanTest {
    private static final long SIZE = 56;
    private static final long WRITTEN = 48;
    private static final int CHUNK = 8;
    private static final int RECORD_BYTES = 33;
    private static final double[] D = {Double.NaN, -0.0, 0.0, 1.5, -1.5, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            2.0, 3.0, 1e300, -7.25, Double.longBitsToDouble(0xfff8000000000000L), Double.longBitsToDouble(0x7ff0000000000001L)};
    private static final float[] F = {Float.NaN, -0.0f, 0.0f, 0.1f, -2.5f, Float.POSITIVE_INFINITY, 3.0f};
    private static final long NAT = Long.MIN_VALUE;

    @TempDir
    static Path dir;

    @BeforeAll
    static void layOut() throws IOException {
        String type = Doc.struct(Doc.field("d", "'float64'"), Doc.field("f", "'float32'"), Doc.field("b", "'bool'"),
                Doc.field("i", "'int32'"),
                Doc.field("t", "{'name': 'numpy.datetime64', 'configuration': {'unit': 'us', 'scale_factor': 1}}"),
                Doc.field("n", "{'name': 'numpy.datetime64', 'configuration': {'unit': 'ns', 'scale_factor': 1}}"));
        Tree tree = Tree.array(Doc.array(type, "[" + SIZE + "]", "[" + CHUNK + "]",
                "{'d': 0.0, 'f': 0.0, 'b': false, 'i': 0, 't': 'NaT', 'n': 'NaT'}", Doc.BYTES_LE));
        for (int c = 0; c < WRITTEN / CHUNK; c++) {
            Enc chunk = Enc.of(ByteOrder.LITTLE_ENDIAN);
            for (int k = c * CHUNK; k < (c + 1) * CHUNK; k++) {
                chunk.f64(D[k % D.length]).f32(F[k % F.length]).bool(k % 3 == 0).i32(k * 7 % 19 - 9)
                        .i64(k % 4 == 0 ? NAT : 1_700_000_000_000_000L + k * 1_000_000L)
                        // half a microsecond apart from 2023-11-14T22:13:20Z: two values to each of Spark's microseconds
                        .i64(k % 5 == 0 ? NAT : 1_700_000_000_000_000_000L + k * 500L);
            }
            tree.put("c/" + c, chunk.bytes());
        }
        tree.writeTo(dir);
        StatisticsBeside.write(dir);
    }

    /** Filtered in the scan, in batches of 5 rows: runs of matches then end and start across batches. */
    private static Dataset<Row> corners(boolean pushFilters) {
        return corners(pushFilters, true);
    }

    private static Dataset<Row> corners(boolean pushFilters, boolean filterRows) {
        return Sessions.spark().read().format("zarr").option("indexColumns", "true").option("pushFilters", pushFilters)
                .option("filterRows", filterRows).option("batchRows", pushFilters ? 5 : 8192).option("partitionBytes", CHUNK * RECORD_BYTES).load(dir.toString());
    }

    private static List<String> rows(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "d = 0", "d = -0.0", "d > 1", "d < 1", "d <= 0", "d >= 0", "d <=> 1.5",
            "d = cast('NaN' as double)", "d > cast('NaN' as double)", "d >= cast('NaN' as double)",
            "d < cast('NaN' as double)", "d != cast('NaN' as double)", "d in (1.5, cast('NaN' as double), 0.0)",
            "not (d in (1.5, -1.5))", "d <= cast('Infinity' as double)", "d > cast('-Infinity' as double) or d = 3.0",
            "f = 0", "f > cast('NaN' as float)", "f >= cast('NaN' as float)", "f < cast(0.1 as float)",
            "f = cast(0.1 as float)", "f < 0.1", "f = -0.0",
            "b", "not b", "b = false", "b > false",
            "i between -3 and 4 and i != 0", "i in (1, 2, 3) or d > 2", "i > 5 and d < 1", "i + 1 > 3",
            "t > timestamp'2023-11-14 22:13:40'", "t is null", "d > 0 and t is not null", "not (t is null and d = 0)",
            "t >= timestamp'2023-11-14 22:13:36' and t < timestamp'2023-11-14 22:13:44'", "t <= timestamp'2023-11-14 22:13:25'",
            "t = timestamp'2023-11-14 22:13:25'", "not (t > timestamp'2023-11-14 22:13:30')",
            "t in (timestamp'2023-11-14 22:13:21', timestamp'2023-11-14 22:13:25')", "t <=> timestamp'2023-11-14 22:13:25'",
            "not (t <=> timestamp'2023-11-14 22:13:25')", "t > timestamp'2023-11-14 22:13:25.5'",
            "n > timestamp'2023-11-14 22:13:20.000019'", "n >= timestamp'2023-11-14 22:13:20.000019'",
            "n < timestamp'2023-11-14 22:13:20.000003'", "n <= timestamp'2023-11-14 22:13:20.000003'",
            "n = timestamp'2023-11-14 22:13:20.000011'", "not (n = timestamp'2023-11-14 22:13:20.000011')",
            "n in (timestamp'2023-11-14 22:13:20.000003', timestamp'2023-11-14 22:13:20.000011')",
            "not (n in (timestamp'2023-11-14 22:13:20.000003', timestamp'2023-11-14 22:13:20.000011'))", "n is not null"})
    void theRowsAreThoseSparksOwnFilterKeeps(String condition) {
        List<String> bySpark = rows(corners(false).where(condition));
        assertEquals(bySpark, rows(corners(true).where(condition)), condition);
        assertEquals(bySpark.size(), corners(true).where(condition).count(), condition + ": count");
    }

    /** Comparisons, IN lists, NOT and OR of numbers and bools, NaN and infinities among the literals. */
    @ParameterizedTest
    @ValueSource(strings = {
            "d = -0.0", "d <=> 1.5", "d = cast('NaN' as double)", "d >= cast('NaN' as double)", "d != cast('NaN' as double)",
            "d in (1.5, cast('NaN' as double), 0.0)", "not (d in (1.5, -1.5))", "d > cast('-Infinity' as double) or d = 3.0",
            "f >= cast('NaN' as float)", "f = -0.0", "b", "not b", "b > false", "i between -3 and 4 and i != 0",
            "i in (1, 2, 3) or d > 2", "t is null", "not (t > timestamp'2023-11-14 22:13:30')",
            "n = timestamp'2023-11-14 22:13:20.000011' or n < timestamp'2023-11-14 22:13:20.000001'",
            "n in (timestamp'2023-11-14 22:13:20.000003', timestamp'2023-11-14 22:13:20.000011')"})
    void theScanTestsTheseAlone(String condition) {
        Dataset<Row> df = corners(true).where(condition);
        assertTrue(Plans.scanText(df).contains(" fieldFiltersLeftToSpark=[]"), Plans.scanText(df));
        assertEquals(List.of(), filters(df), "no Filter in " + df.queryExecution().executedPlan());
    }

    @Test
    void theFiltersTheScanTestsLeaveNoFilterInThePlan() {
        Dataset<Row> df = corners(true).where("d > 1 and b").select("_index");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" indexFilters=[] fieldFiltersInScan=[GreaterThan(d,1.0), EqualTo(b,true)] fieldFiltersLeftToSpark=[]"), scan);
        assertEquals(List.of(), filters(df), "no Filter in " + df.queryExecution().executedPlan());
        // NaN is above every number, whatever its sign bit and payload; the fill records have b false
        List<Long> expected = LongStream.range(0, WRITTEN).filter(k -> k % 3 == 0)
                .filter(k -> Double.isNaN(D[(int) (k % D.length)]) || D[(int) (k % D.length)] > 1).boxed().toList();
        assertEquals(expected, df.collectAsList().stream().map(r -> r.getLong(0)).sorted().toList());
    }

    /**
     * A window of times prunes the chunks whose statistics lie outside it; on the nanosecond field, {@code n > X} is
     * the rounded value's, so the chunk whose greatest value lies within X's microsecond is ruled out too.
     */
    @Test
    void aTimeWindowPrunesChunksByTheirStatistics() {
        Dataset<Row> window = corners(true).where("t >= timestamp'2023-11-14 22:13:36' and t < timestamp'2023-11-14 22:13:44'");
        String scan = Plans.scanText(window);
        assertTrue(scan.contains(" chunksRuledOut=5 of 6 stored"), scan);
        assertTrue(scan.contains(" fieldFiltersLeftToSpark=[]"), scan);
        assertEquals(List.of(17L, 18L, 19L, 21L, 22L, 23L), window.select("_index").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList());
        Dataset<Row> late = corners(true).where("n > timestamp'2023-11-14 22:13:20.000019'");
        assertTrue(Plans.scanText(late).contains(" chunksRuledOut=5 of 6 stored"), Plans.scanText(late));
        assertEquals(List.of(41L, 42L, 43L, 44L, 46L, 47L), late.select("_index").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList());
    }

    @Test
    void aFilterTheScanCannotTestStaysWithSpark() {
        Dataset<Row> df = corners(true).where("d > 0 and t <=> timestamp'2023-11-14 22:13:25' and i + 1 > 3");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" fieldFiltersInScan=[GreaterThan(d,0.0)] fieldFiltersLeftToSpark=[EqualNullSafe(t,"), scan);
        List<String> kept = filters(df);
        assertEquals(1, kept.size(), kept.toString());
        assertFalse(kept.getFirst().contains("d#"), kept.getFirst());
    }

    @Test
    void withPushFiltersOffSparkTestsEveryRow() {
        Dataset<Row> df = corners(false).where("d > 1");
        assertTrue(Plans.scanText(df).contains(" fieldFiltersInScan=[] fieldFiltersLeftToSpark=[GreaterThan(d,1.0)]"), Plans.scanText(df));
        assertEquals(1, filters(df).size());
    }

    /** filterRows=false leaves the rows to Spark (a filter that keeps most of them) and still prunes by statistics. */
    @Test
    void withFilterRowsOffSparkTestsEveryRowOfThePartitionsLeft() {
        Dataset<Row> df = corners(true, false).where("d > 1");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" fieldFiltersInScan=[] fieldFiltersLeftToSpark=[GreaterThan(d,1.0)]"), scan);
        assertTrue(scan.contains(" statisticsFilters=[GreaterThan(d,1.0)]"), scan);
        assertEquals(1, filters(df).size());
        assertEquals(rows(corners(true).where("d > 1")), rows(df));
    }

    /** A never-written chunk's fill record passes {@code d = 0}: its rows come, made without reading the store. */
    @Test
    void theRowsOfAChunkNeverWrittenComeWhenTheFillValuePasses() {
        List<Long> indexes = corners(true).where("d = 0").select("_index").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList();
        assertEquals(LongStream.range(WRITTEN, SIZE).boxed().toList(), indexes.stream().filter(k -> k >= WRITTEN).toList());
        assertEquals(List.of(), corners(true).where("d > 0 and _index >= " + WRITTEN).collectAsList());
    }

    /** The conditions of the Filter nodes of the executed plan. */
    private static List<String> filters(Dataset<Row> df) {
        List<String> out = new ArrayList<>();
        collect(df.queryExecution().executedPlan(), out);
        return out;
    }

    private static void collect(SparkPlan plan, List<String> out) {
        if (plan instanceof FilterExec filter) {
            out.add(filter.condition().toString());
        } else if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            collect(adaptive.executedPlan(), out);
        }
        for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
            collect(child, out);
        }
    }
}
