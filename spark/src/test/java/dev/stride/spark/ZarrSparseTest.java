package dev.stride.spark;

import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Tree;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arrays of a huge shape and few chunks written: partitions follow the chunks stored, chunks never written give fill
 * values without a request each, count(*) comes from the metadata, and a store that cannot list refuses a plan past
 * maxPartitions instead of filling the driver's memory.
 */
class ZarrSparseTest {
    private static final long HUGE = 1L << 50;
    private static final int HUGE_CHUNK = 1 << 20;
    private static final long SPARSE = 1 << 20;
    private static final int SPARSE_CHUNK = 128;
    private static final int FILL = -1;

    @TempDir
    static Path dir;

    /**
     * {@code huge}: shape 2^50 in chunks of 2^20 {@code id int32}, chunks 40 and the last written; {@code sparse}: 2^20
     * records in 8192 chunks of 128, chunks 0, 5 and 8191 written. A written record's id is its index in its chunk
     * (huge) or in the array (sparse); the fill value's is -1.
     */
    @BeforeAll
    static void layOut() {
        String type = Doc.struct(Doc.field("id", "'int32'"));
        String fill = "{'id': " + FILL + "}";
        Tree huge = Tree.array(Doc.array(type, "[" + HUGE + "]", "[" + HUGE_CHUNK + "]", fill, Doc.BYTES_LE));
        huge.put("c/40", ids(0, HUGE_CHUNK)).put("c/" + (HUGE / HUGE_CHUNK - 1), ids(0, HUGE_CHUNK));
        huge.writeTo(dir.resolve("huge"));
        Tree sparse = Tree.array(Doc.array(type, "[" + SPARSE + "]", "[" + SPARSE_CHUNK + "]", fill, Doc.BYTES_LE));
        for (int c : new int[]{0, 5, 8191}) {
            sparse.put("c/" + c, ids(c * SPARSE_CHUNK, SPARSE_CHUNK));
        }
        sparse.writeTo(dir.resolve("sparse"));
    }

    private static byte[] ids(int first, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            b.putInt(first + i);
        }
        return b.array();
    }

    @BeforeEach
    void forgetReads() {
        RecordingStoreProvider.forget(dir.resolve("huge"));
        RecordingStoreProvider.forget(dir.resolve("sparse"));
    }

    private static Dataset<Row> read(String uri) {
        return read(uri, ReadOptions.DEFAULT_PARTITION_BYTES);
    }

    private static Dataset<Row> read(String uri, long partitionBytes) {
        return Sessions.spark().read().format("zarr").option("indexColumns", "true")
                .option("partitionBytes", partitionBytes).load(uri);
    }

    private static List<String> partitions(Dataset<Row> df) {
        return CollectionConverters.asJava(Plans.batchScan(df).inputPartitions()).stream()
                .map(p -> (((ZarrPartition) p).unwritten() ? "fill " : "read ") + ((ZarrPartition) p).region()).toList();
    }

    @Test
    void aHugeShapeIsPlannedFromItsStoredChunks() {
        Dataset<Row> df = read(RecordingStoreProvider.uri(dir.resolve("huge"))).select("id");
        assertEquals(List.of("fill [0:33554432]", "read [33554432:67108864]", "fill [67108864:1125899873288192]",
                "read [1125899873288192:1125899906842624]"), partitions(df), "boxes of 32 chunks of 4 MiB");
        assertEquals(Set.of(), RecordingStoreProvider.chunksRead(dir.resolve("huge")), "planning reads no chunk");

        long edge = 40L * HUGE_CHUNK;
        Dataset<Row> around = read(RecordingStoreProvider.uri(dir.resolve("huge")))
                .where("_index >= " + (edge - 2) + " and _index < " + (edge + 2)).select("id");
        assertEquals(List.of(FILL, FILL, 0, 1), around.collectAsList().stream().map(r -> r.getInt(0)).toList());
    }

    @Test
    void countOfAHugeShapeIsItsSizeWithNoTask() {
        Dataset<Row> counted = read(RecordingStoreProvider.uri(dir.resolve("huge"))).groupBy().count();
        String plan = counted.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("LocalTableScan"), plan);
        assertFalse(plan.contains("BatchScan"), plan);
        assertEquals(HUGE, counted.collectAsList().getFirst().getLong(0));
        assertEquals(HUGE, read(RecordingStoreProvider.uri(dir.resolve("huge"))).count());
        assertEquals(HUGE - 5, read(RecordingStoreProvider.uri(dir.resolve("huge"))).where("_index >= 5").count());
        assertEquals(HUGE, read(UnlistedStoreProvider.uri(dir.resolve("huge"))).count());
        assertEquals(Set.of(), RecordingStoreProvider.chunksRead(dir.resolve("huge")));
    }

    /**
     * The boxes never written are the fill record over and over: the tasks add it up from the box's size, so sums,
     * extremes and counts over 2^50 records come from the two chunks stored, exactly (Spark asks for count(id) of a
     * column never null as count(*)).
     */
    @Test
    void aggregatesOfAHugeShapeAddUpTheFillWithoutMakingItsRows() {
        Dataset<Row> df = read(RecordingStoreProvider.uri(dir.resolve("huge")))
                .agg(sum("id"), min("id"), max("id"), count("id"));
        assertTrue(Plans.scanText(df).contains("aggregatedPerTask=[sum(id), min(id), max(id), count(*)]"), Plans.scanText(df));
        long stored = 2L * HUGE_CHUNK;
        long storedSum = 2 * ((long) HUGE_CHUNK * (HUGE_CHUNK - 1) / 2);
        Row row = df.collectAsList().getFirst();
        assertEquals(storedSum + FILL * (HUGE - stored), row.getLong(0));
        assertEquals(FILL, row.getInt(1));
        assertEquals(HUGE_CHUNK - 1, row.getInt(2));
        assertEquals(HUGE, row.getLong(3));
        // the two boxes of 32 chunks that hold the stored ones are read, the other 2^30 - 64 chunks never asked for
        assertEquals(64, RecordingStoreProvider.chunksRead(dir.resolve("huge")).size());
    }

    @Test
    void aStoreThatCannotListRefusesAPlanPastMaxPartitions() {
        Dataset<Row> df = read(UnlistedStoreProvider.uri(dir.resolve("huge"))).select("id");
        var e = assertThrows(ZarrException.BadRequest.class, () -> df.rdd().getNumPartitions());
        assertEquals("a scan of region [0:1125899906842624] of [1125899906842624] needs more than maxPartitions (100000) "
                + "partitions: its store cannot list the chunks written, so each of the 1073741824 chunks the region meets "
                + "is planned; narrow the region with index filters (e.g. _index >= a AND _index < b, with indexColumns), "
                + "raise partitionBytes (now 134217728), or raise maxPartitions", e.getMessage());
        long edge = 40L * HUGE_CHUNK;
        Dataset<Row> around = read(UnlistedStoreProvider.uri(dir.resolve("huge")))
                .where("_index >= " + (edge - 1) + " and _index < " + (edge + 1)).select("id");
        assertEquals(List.of(FILL, 0), around.collectAsList().stream().map(r -> r.getInt(0)).toList());
    }

    @Test
    void chunksNeverWrittenGiveFillValuesWithoutBeingAskedFor() {
        Dataset<Row> df = read(RecordingStoreProvider.uri(dir.resolve("sparse")), 512);
        assertEquals(List.of("read [0:128]", "fill [128:640]", "read [640:768]", "fill [768:1048448]", "read [1048448:1048576]"),
                partitions(df.select("id")), "8192 boxes of one chunk planned from 3 stored");

        Map<Integer, Long> byId = new TreeMap<>();
        for (Row r : df.groupBy("id").count().collectAsList()) {
            byId.put(r.getInt(0), r.getLong(1));
        }
        assertEquals(1 + 3 * SPARSE_CHUNK, byId.size());
        assertEquals(SPARSE - 3 * SPARSE_CHUNK, byId.get(FILL));
        assertTrue(byId.containsKey(5 * SPARSE_CHUNK + 127) && byId.containsKey((int) SPARSE - 1), byId.keySet()::toString);

        Row filled = df.where("id = " + FILL).agg(count(lit(1)), sum("_index")).collectAsList().getFirst();
        long stored = 0;
        for (int c : new int[]{0, 5, 8191}) {
            for (long i = (long) c * SPARSE_CHUNK; i < (long) (c + 1) * SPARSE_CHUNK; i++) {
                stored += i;
            }
        }
        assertEquals(SPARSE - 3 * SPARSE_CHUNK, filled.getLong(0));
        assertEquals(SPARSE * (SPARSE - 1) / 2 - stored, filled.getLong(1), "the index columns of fill rows");
        assertEquals(Set.of("c/0", "c/5", "c/8191"), RecordingStoreProvider.chunksRead(dir.resolve("sparse")));
    }
}
