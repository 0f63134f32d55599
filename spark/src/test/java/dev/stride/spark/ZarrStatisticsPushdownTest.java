package dev.stride.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Field filters pruned by chunk statistics: the points (chunk {@code c} holds {@code x} from {@code 5c} to
 * {@code 5c + 4.5}) with statistics beside them, read in partitions of one chunk. The partitions of chunks the
 * statistics rule out are never planned, their chunks never read, and the rows are those of the same query without
 * pruning.
 */
class ZarrStatisticsPushdownTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void layOutWithStatistics() throws IOException {
        Points.write(dir);
        StatisticsBeside.write(dir);
    }

    @BeforeEach
    void forgetReads() {
        RecordingStoreProvider.forget(dir);
    }

    private static Dataset<Row> points(boolean pushFilters) {
        return Sessions.spark().read().format("zarr").option("partitionBytes", Points.CHUNK * Points.RECORD_BYTES)
                .option("pushFilters", pushFilters).load(RecordingStoreProvider.uri(dir));
    }

    private static List<Integer> ids(Dataset<Row> df) {
        return df.select("id").collectAsList().stream().map(r -> r.getInt(0)).sorted().toList();
    }

    /** A plain array's one column, {@code value}, is its field with the empty path: filters on it prune and are exact. */
    @Test
    void aPlainArraysValueColumnIsPrunedAndFiltered() throws IOException {
        Path plain = dir.resolveSibling(dir.getFileName() + "-plain");
        Sessions.spark().range(0, 1000, 1, 1).selectExpr("cast(id as double) as value").write().format("zarr")
                .option("chunks", "100").option("statistics", "false").mode("overwrite").save(plain.toString());
        StatisticsBeside.write(plain);
        Dataset<Row> df = Sessions.spark().read().format("zarr").option("partitionBytes", 800).load(plain.toString()).where("value >= 950");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" fieldFiltersInScan=[GreaterThanOrEqual(value,950.0)] fieldFiltersLeftToSpark=[]"), scan);
        assertTrue(scan.contains(" chunksRuledOut=9 of 10 stored"), scan);
        assertEquals(50, df.count());
        assertEquals(Sessions.spark().read().format("zarr").option("pushFilters", false).load(plain.toString())
                .where("value >= 950").count(), df.count(), "the same rows without pruning");
    }

    @Test
    void chunksWhoseStatisticsRuleTheFilterOutAreNeitherPlannedNorRead() {
        Dataset<Row> df = points(true).where("x > 30 and point.y <= -61");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" statisticsFilters=[GreaterThan(x,30.0), LessThanOrEqual(point.y,-61.0)] chunksRuledOut=6 of 10 stored"), scan);
        assertEquals(4, df.rdd().getNumPartitions());
        RecordingStoreProvider.forget(dir);
        assertEquals(IntStream.range(61, 100).boxed().toList(), ids(df));
        assertEquals(Set.of("c/6", "c/7", "c/8", "c/9"), RecordingStoreProvider.chunksRead(dir));
        assertEquals(ids(points(false).where("x > 30 and point.y <= -61")), ids(df), "the same rows without pruning");
    }

    @Test
    void aDisjunctionPrunesOnlyWhatBothSidesRuleOut() {
        Dataset<Row> df = points(true).where("x < 3 or id in (55, 97)");
        assertTrue(Plans.scanText(df).contains(" chunksRuledOut=7 of 10 stored"), Plans.scanText(df));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 55, 97), ids(df));
        assertEquals(Set.of("c/0", "c/5", "c/9"), RecordingStoreProvider.chunksRead(dir));
    }

    @Test
    void aFilterTheStatisticsCannotExpressPrunesNothingAndStillFilters() {
        Dataset<Row> df = points(true).where("not (x > 30) or cast(id as string) = '97'");
        String scan = Plans.scanText(df);
        assertTrue(!scan.contains("statisticsFilters"), scan);
        assertEquals(62, ids(df).size());
    }

    @Test
    void withPushFiltersOffEveryChunkIsRead() {
        Dataset<Row> df = points(false).where("x > 30");
        assertTrue(!Plans.scanText(df).contains("statisticsFilters"), Plans.scanText(df));
        assertEquals(IntStream.range(61, 100).boxed().toList(), ids(df));
        assertEquals(10, RecordingStoreProvider.chunksRead(dir).size());
    }
}
