package dev.stride.spark;

import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Arrays of more than one dimension and their index columns, and the cuts of a read (partitions of chunks, batches
 * of rows) that must not change the rows.
 */
class ZarrLayoutTest {
    @TempDir
    static Path dir;

    private static Path points;

    @BeforeAll
    static void layOut() {
        points = Points.write(dir.resolve("points"));
    }

    /** A 3 x 5 int32 grid in chunks of 2 x 2, the value at (y, x) 10 * y + x; dimension_names as given (null: none). */
    private static Path grid(String name, String dimensionNames, String type) {
        Doc doc = Doc.array(type, "[3, 5]", "[2, 2]", type.contains("struct") ? "{'v': 0}" : "0", Doc.BYTES_LE);
        if (dimensionNames != null) {
            doc = doc.with("dimension_names", dimensionNames);
        }
        Tree tree = Tree.array(doc);
        for (int cy = 0; cy < 2; cy++) {
            for (int cx = 0; cx < 3; cx++) {
                // edge chunks are stored whole, the part outside the array unused
                Enc chunk = Enc.le();
                for (int y = 2 * cy; y < 2 * cy + 2; y++) {
                    for (int x = 2 * cx; x < 2 * cx + 2; x++) {
                        chunk.i32(10 * y + x);
                    }
                }
                tree.put("c/" + cy + "/" + cx, chunk.bytes());
            }
        }
        return tree.writeTo(dir.resolve(name));
    }

    private static Dataset<Row> read(Path array, String... options) {
        var reader = Sessions.spark().read().format("zarr").option("indexColumns", "true");
        for (int i = 0; i < options.length; i += 2) {
            reader = reader.option(options[i], options[i + 1]);
        }
        return reader.load(array.toString());
    }

    /** Rows as text, sorted: the same rows in any order compare equal. */
    private static List<String> rows(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).sorted().toList();
    }

    @Test
    void twoDimensionsWithoutNamesGiveDim0AndDim1() {
        Dataset<Row> df = read(grid("plain", null, "'int32'"));
        assertEquals("struct<dim_0:bigint,dim_1:bigint,value:int>", df.schema().simpleString());
        List<Row> rows = df.collectAsList();
        assertEquals(15, rows.size());
        for (Row r : rows) {
            assertEquals(10 * r.getLong(0) + r.getLong(1), r.getInt(2), r.toString());
        }
        assertEquals(15, rows.stream().map(r -> r.getLong(0) + "," + r.getLong(1)).distinct().count());
    }

    @Test
    void dimensionNamesNameTheIndexColumnsAndBoundBothDimensions() {
        Path array = grid("named", "['y', 'x']", "'int32'");
        Dataset<Row> df = read(array).where("y = 1 and x >= 2");
        assertEquals("struct<y:bigint,x:bigint,value:int>", df.schema().simpleString());
        assertTrue(Plans.scanText(df).contains(" region=[1:2, 2:5] of [3, 5] "), Plans.scanText(df));
        assertEquals(List.of("[1,2,12]", "[1,3,13]", "[1,4,14]"), rows(df));

        RecordingStoreProvider.forget(array);
        assertEquals(3, Sessions.spark().read().format("zarr").option("indexColumns", "true")
                .load(RecordingStoreProvider.uri(array)).where("y = 1 and x >= 2").collectAsList().size());
        assertEquals(Set.of("c/0/1", "c/0/2"), RecordingStoreProvider.chunksRead(array));
    }

    @Test
    void dimensionNamesThatCannotNameColumnsGiveTheDefaults() {
        // a name missing, and a name taken by a field
        assertEquals("struct<dim_0:bigint,dim_1:bigint,value:int>", read(grid("unnamed", "['y', null]", "'int32'")).schema().simpleString());
        assertEquals("struct<dim_0:bigint,dim_1:bigint,v:int>",
                read(grid("clash", "['y', 'V']", Doc.struct(Doc.field("v", "'int32'")))).schema().simpleString());
    }

    @Test
    void aFieldWithTheNameOfAnIndexColumnIsRefusedOnlyWithIndexColumns() {
        Path array = Tree.array(Doc.array(Doc.struct(Doc.field("_Index", "'int32'")), "[2]", "[2]", "{'_Index': 0}", Doc.BYTES_LE))
                .put("c/0", Enc.le().i32(100).i32(101).bytes()).writeTo(dir.resolve("clash1d"));
        var e = assertThrows(ZarrException.BadRequest.class, () -> read(array));
        assertEquals("the index column '_index' would have the name of a field of the records: read without indexColumns", e.getMessage());
        assertEquals(List.of("[100]", "[101]"), rows(Sessions.spark().read().format("zarr").load(array.toString())));
    }

    @Test
    void indexColumnsAreFoundWhateverTheirCase() {
        Dataset<Row> df = read(points).where("_INDEX >= 95");
        assertTrue(Plans.scanText(df).contains(" region=[95:100] "), Plans.scanText(df));
        assertEquals(5, df.collectAsList().size());
    }

    @Test
    void oneDimensionIsUnderscoreIndexAndNoIndexColumnsUnlessAsked() {
        assertEquals("struct<id:int,x:double,point:struct<x:float,y:float>>",
                Sessions.spark().read().format("zarr").load(points.toString()).schema().simpleString());
        assertEquals("struct<_index:bigint,id:int,x:double,point:struct<x:float,y:float>>", read(points).schema().simpleString());
    }

    @Test
    void smallPartitionsGiveTheSameRows() {
        // two chunks of 10 records of 20 bytes a partition
        Dataset<Row> cut = read(points, "partitionBytes", "400");
        assertEquals(5, cut.rdd().getNumPartitions());
        Dataset<Row> whole = read(points);
        assertEquals(1, whole.rdd().getNumPartitions());
        assertEquals(rows(whole), rows(cut));
        assertEquals(IntStream.range(0, 100).boxed().toList(),
                cut.collectAsList().stream().map(r -> r.getInt(1)).sorted().toList());

        // one chunk of the grid a partition, the edge chunks cut to the array
        Path grid = grid("partitioned", null, "'int32'");
        Dataset<Row> chunks = read(grid, "partitionBytes", "1");
        assertEquals(6, chunks.rdd().getNumPartitions());
        assertEquals(rows(read(grid)), rows(chunks));
    }

    @Test
    void partitionsOfARegionShareNoChunk() {
        Dataset<Row> df = read(points, "partitionBytes", "400").where("_index >= 15 and _index < 62");
        // at most two chunks each, every box after the first starting on a chunk boundary
        List<String> boxes = CollectionConverters.asJava(Plans.batchScan(df).inputPartitions()).stream()
                .map(p -> ((ZarrPartition) p).region().toString()).toList();
        assertEquals(List.of("[15:30]", "[30:50]", "[50:62]"), boxes);
        assertEquals(IntStream.range(15, 62).boxed().toList(), df.collectAsList().stream().map(r -> r.getInt(1)).toList());
    }

    @Test
    void batchesSmallerThanAChunkGiveTheSameRows() {
        Dataset<Row> df = read(points, "batchRows", "7");
        assertEquals(rows(read(points)), rows(df));
        Path grid = grid("batched", null, "'int32'");
        assertEquals(rows(read(grid)), rows(read(grid, "batchRows", "3")));
    }

    /** The reader of one partition, driven by hand as Spark drives it: batches of 7 rows run across the chunks of 10. */
    @Test
    void batchesSpanChunks() {
        StructType schema = read(points).schema();
        ReadOptions options = new ReadOptions(StoreDescriptor.parse(points.toString()), true, ReadOptions.DEFAULT_PARTITION_BYTES, 7, true, true, true, ReadOptions.DEFAULT_MAX_PARTITIONS);
        List<Integer> sizes = new ArrayList<>();
        List<Long> indexes = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        List<Float> ys = new ArrayList<>();
        try (BatchReader reader = new BatchReader(options, schema, new Region(new long[]{3}, new long[]{40}))) {
            while (reader.next()) {
                ColumnarBatch batch = reader.get();
                sizes.add(batch.numRows());
                for (int i = 0; i < batch.numRows(); i++) {
                    indexes.add(batch.column(0).getLong(i));
                    ids.add(batch.column(1).getInt(i));
                    ys.add(batch.column(3).getChild(1).getFloat(i));
                }
                // what Spark's generated code does after each batch: the reused vectors must survive it
                batch.closeIfFreeable();
            }
        }
        assertEquals(List.of(7, 7, 7, 7, 7, 2), sizes);
        assertEquals(IntStream.range(3, 40).mapToObj(i -> (long) i).toList(), indexes);
        assertEquals(IntStream.range(3, 40).boxed().toList(), ids);
        assertEquals(IntStream.range(3, 40).mapToObj(i -> (float) -i).toList(), ys);
    }

    /** Rows, when Spark asks for them rather than batches, come from the same batches. */
    @Test
    void theRowReaderGivesTheRowsOfTheBatches() throws Exception {
        StructType schema = read(points).select("_index", "point").schema();
        ReadOptions options = new ReadOptions(StoreDescriptor.parse(points.toString()), true, ReadOptions.DEFAULT_PARTITION_BYTES, 8, true, true, true, ReadOptions.DEFAULT_MAX_PARTITIONS);
        List<String> rows = new ArrayList<>();
        try (var reader = new ZarrReaderFactory(options, schema, List.of(), null).createReader(ZarrPartition.read(new Region(new long[]{95}, new long[]{100})))) {
            while (reader.next()) {
                var row = reader.get();
                rows.add(row.getLong(0) + ":" + row.getStruct(1, 2).getFloat(0));
            }
        }
        assertEquals(List.of("95:95.0", "96:96.0", "97:97.0", "98:98.0", "99:99.0"), rows);
    }

    /** Only index columns: the rows are the region's positions, in batches, with no chunk decoded. */
    @Test
    void indexOnlyBatchesCountPositions() {
        StructType schema = read(grid("positions", null, "'int32'")).select("dim_0", "dim_1").schema();
        ReadOptions options = new ReadOptions(StoreDescriptor.parse(dir.resolve("positions").toString()), true,
                ReadOptions.DEFAULT_PARTITION_BYTES, 4, true, true, true, ReadOptions.DEFAULT_MAX_PARTITIONS);
        List<String> positions = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        try (BatchReader reader = new BatchReader(options, schema, new Region(new long[]{1, 1}, new long[]{3, 4}))) {
            while (reader.next()) {
                ColumnarBatch batch = reader.get();
                sizes.add(batch.numRows());
                for (int i = 0; i < batch.numRows(); i++) {
                    positions.add(batch.column(0).getLong(i) + "," + batch.column(1).getLong(i));
                }
            }
        }
        assertEquals(List.of(4, 2), sizes);
        assertEquals(List.of("1,1", "1,2", "1,3", "2,1", "2,2", "2,3"), positions);
    }

    @Test
    void aDataFrameOfTheGridSortsBackToCOrder() {
        List<Row> rows = new ArrayList<>(read(grid("order", "['row', 'col']", "'int32'"), "partitionBytes", "1").collectAsList());
        rows.sort(Comparator.comparingLong((Row r) -> r.getLong(0)).thenComparingLong(r -> r.getLong(1)));
        assertEquals(List.of(0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24), rows.stream().map(r -> r.getInt(2)).toList());
    }
}
