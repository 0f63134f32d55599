package dev.stride.spark;

import dev.stride.model.Region;
import dev.stride.spi.StoreDescriptor;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a query asks of the scan: the columns it reads (nested fields too), the region its index filters leave, and
 * the chunks actually fetched, seen through the recording store.
 */
class ZarrPushdownTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void layOut() {
        Points.write(dir);
    }

    @BeforeEach
    void forgetReads() {
        RecordingStoreProvider.forget(dir);
    }

    private static Dataset<Row> points() {
        return Sessions.spark().read().format("zarr").option("indexColumns", "true").load(RecordingStoreProvider.uri(dir));
    }

    @Test
    void oneFieldReadsOneColumn() {
        Dataset<Row> df = points().select("x");
        assertTrue(Plans.scanText(df).contains(" columns=[x] "), Plans.scanText(df));
        assertEquals("struct<x:double>", Plans.scan(df).readSchema().simpleString());
        List<Row> rows = df.collectAsList();
        assertEquals(Points.SIZE, rows.size());
        assertEquals(List.of(0.0, 0.5, 1.0), rows.subList(0, 3).stream().map(r -> r.getDouble(0)).toList());
    }

    @Test
    void oneNestedFieldReadsThatFieldOfTheStruct() {
        Dataset<Row> df = points().select("point.y");
        assertEquals("struct<point:struct<y:float>>", Plans.scan(df).readSchema().simpleString());
        assertTrue(Plans.scanText(df).contains(" columns=[point] "), Plans.scanText(df));
        List<Row> rows = df.collectAsList();
        assertEquals(IntStream.range(0, Points.SIZE).mapToObj(i -> (float) -i).toList(), rows.stream().map(r -> r.getFloat(0)).toList());
    }

    @Test
    void indexBoundsNarrowTheRegionAndOnlyItsChunksAreRead() {
        Dataset<Row> df = points().where("_index >= 25 and _index < 47");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" region=[25:47] of [100] "), scan);
        assertTrue(scan.contains(" indexFilters=[GreaterThanOrEqual(_index,25), LessThan(_index,47)] fieldFiltersInScan=[] fieldFiltersLeftToSpark=[]"), scan);

        List<Row> rows = df.collectAsList();
        assertEquals(LongStream.range(25, 47).boxed().toList(), rows.stream().map(r -> r.getLong(0)).toList());
        assertEquals(IntStream.range(25, 47).boxed().toList(), rows.stream().map(r -> r.getInt(1)).toList());
        assertEquals(Set.of("c/2", "c/3", "c/4"), RecordingStoreProvider.chunksRead(dir));
    }

    @Test
    void fieldFiltersAreTestedInTheScanBesideTheIndexBounds() {
        Dataset<Row> df = points().where("_index >= 25 and _index < 47 and x > 20");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" region=[25:47] "), scan);
        assertTrue(scan.contains(" fieldFiltersInScan=[GreaterThan(x,20.0)] fieldFiltersLeftToSpark=[]"), scan);

        assertEquals(List.of(41, 42, 43, 44, 45, 46), df.collectAsList().stream().map(r -> r.getInt(1)).toList());
        assertEquals(Set.of("c/2", "c/3", "c/4"), RecordingStoreProvider.chunksRead(dir));
    }

    @Test
    void anIndexBoundNeedNotBeSelected() {
        // the bounds are exact: Spark keeps no filter, so the index column is not read at all
        Dataset<Row> df = points().where("_index = 13").select("id");
        assertTrue(Plans.scanText(df).contains(" columns=[id] region=[13:14] "), Plans.scanText(df));
        assertEquals(List.of(13), df.collectAsList().stream().map(r -> r.getInt(0)).toList());
        assertEquals(Set.of("c/1"), RecordingStoreProvider.chunksRead(dir));
    }

    @Test
    void boundsThatExcludeEachOtherReadNothing() {
        Dataset<Row> df = points().where("_index <= 7").where("_index > 12");
        assertTrue(Plans.scanText(df).contains(" region=[8:8] of [100] "), Plans.scanText(df));
        assertEquals(List.of(), df.collectAsList());
        assertEquals(Set.of(), RecordingStoreProvider.chunksRead(dir));
    }

    @Test
    void aDisjunctionIsNotPushedAndStillFilters() {
        Dataset<Row> df = points().where("_index < 2 or _index > 97");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" region=[0:100] "), scan);
        assertTrue(scan.contains(" indexFilters=[] fieldFiltersInScan=[] fieldFiltersLeftToSpark=[Or(LessThan(_index,2),GreaterThan(_index,97))]"), scan);
        assertEquals(List.of(0, 1, 98, 99), df.collectAsList().stream().map(r -> r.getInt(1)).toList());
    }

    @Test
    void boundsOutsideTheArrayReadNothing() {
        Dataset<Row> df = points().where("_index >= 200");
        assertTrue(Plans.scanText(df).contains(" region=[100:100] of [100] "), Plans.scanText(df));
        assertEquals(0, df.collectAsList().size());
        assertEquals(0, df.rdd().getNumPartitions());
        assertEquals(Set.of(), RecordingStoreProvider.chunksRead(dir));
    }

    @Test
    void countReadsNoChunk() {
        assertEquals(Points.SIZE, points().count());
        assertEquals(22, points().where("_index >= 25 and _index < 47").count());
        assertEquals(Set.of(), RecordingStoreProvider.chunksRead(dir));
    }

    /** Spark plans joins from a scan's statistics: the records of the region the index filters leave, times a row's bytes. */
    @Test
    void theStatisticsCountTheRecordsOfTheRegionRead() {
        Statistics stats = ((SupportsReportStatistics) Plans.scan(points().where("_index >= 25 and _index < 47").select("x")))
                .estimateStatistics();
        assertEquals(22, stats.numRows().getAsLong());
        assertEquals(22 * 8, stats.sizeInBytes().getAsLong()); // x is a double
    }

    /**
     * A scan planned by hand over 2^60 records of 16 bytes: 2^64 bytes, which wrapped to 0 in a long, and Spark would
     * have taken the table for empty and broadcast it. The bytes stop at the largest long.
     */
    @Test
    void theBytesOfAnArrayPastALongStopAtTheLargestLong() {
        StructType columns = new StructType().add("n", DataTypes.LongType, false).add("x", DataTypes.DoubleType, false);
        long records = 1L << 60;
        ReadOptions options = new ReadOptions(StoreDescriptor.parse(dir.toString()), false, ReadOptions.DEFAULT_PARTITION_BYTES, 1024, false, true, true, ReadOptions.DEFAULT_MAX_PARTITIONS);
        ZarrScan scan = new ZarrScan(options, new ArrayShape(new long[]{records}, new long[]{1 << 20}, 16), columns,
                new Region(new long[]{0}, new long[]{records}), ScanFilters.NONE, null);
        assertEquals(records, scan.estimateStatistics().numRows().getAsLong());
        assertEquals(Long.MAX_VALUE, scan.estimateStatistics().sizeInBytes().getAsLong());
    }
}
