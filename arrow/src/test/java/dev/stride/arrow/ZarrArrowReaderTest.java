package dev.stride.arrow;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Arrays laid out byte by byte from the spec, read as Arrow batches: time units, metadata, projections, batches. */
class ZarrArrowReaderTest {
    private static final BufferAllocator ALLOCATOR = new RootAllocator();
    private static final long NAT = Long.MIN_VALUE;

    @AfterAll
    static void allFreed() {
        assertEquals(0, ALLOCATOR.getAllocatedMemory(), "memory still allocated");
        ALLOCATOR.close();
    }

    private static String time(String kind, String unit, int scale) {
        return "{'name': 'numpy." + kind + "', 'configuration': {'unit': '" + unit + "', 'scale_factor': " + scale + "}}";
    }

    /** Big-endian records of five time fields, in units Arrow has, has not, and cannot have. */
    @Test
    void timesBecomeTimestampsAndDurationsInArrowUnitsWithNaTAsNull() throws IOException {
        String type = Doc.struct(
                Doc.field("day", time("datetime64", "D", 1)),
                Doc.field("lap", time("timedelta64", "ms", 10)),
                Doc.field("tick", time("datetime64", "ps", 1)),
                Doc.field("month", time("datetime64", "M", 1)),
                Doc.field("months", time("timedelta64", "M", 1)));
        Enc chunk = Enc.of(ByteOrder.BIG_ENDIAN)
                .i64(1).i64(-3).i64(1_999).i64(13).i64(5)
                .i64(NAT).i64(NAT).i64(NAT).i64(NAT).i64(NAT);
        Tree tree = Tree.array(Doc.array(type, "[2]", "[2]",
                "{'day': 0, 'lap': 0, 'tick': 0, 'month': 0, 'months': 0}", Doc.BYTES_BE)).put("c/0", chunk.bytes());
        try (Zarr zarr = tree.open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.all(array.shape()))) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<ArrowType> types = root.getSchema().getFields().stream().map(Field::getType).toList();
            assertEquals(List.of(new ArrowType.Timestamp(TimeUnit.SECOND, null), new ArrowType.Duration(TimeUnit.MILLISECOND),
                    new ArrowType.Timestamp(TimeUnit.NANOSECOND, null), new ArrowType.Timestamp(TimeUnit.SECOND, null),
                    new ArrowType.Int(64, true)), types);
            assertTrue(reader.loadNextBatch());
            assertEquals(List.of(86_400L, -30L, 1L, 34_214_400L, 5L), longs(root, 0), "1970-01-02; -30 ms; 1999 ps down to 1 ns; 1971-02-01");
            for (FieldVector v : root.getFieldVectors()) {
                assertTrue(!v.isNull(0) && v.isNull(1), v.getName() + ": NaT is null and nothing else is");
            }
            assertEquals("numpy.timedelta64[10ms]", root.getVector("lap").getField().getMetadata().get(ArrowTypes.DATA_TYPE));
        }
    }

    private static List<Long> longs(VectorSchemaRoot root, int row) {
        List<Long> out = new ArrayList<>();
        for (FieldVector v : root.getFieldVectors()) {
            out.add(v.getDataBuffer().getLong(8L * row));
        }
        return out;
    }

    @Test
    void aTimeBeyondArrowsRangeFailsNamingTheColumn() {
        String type = Doc.struct(Doc.field("day", time("datetime64", "D", 1)));
        Tree tree = Tree.array(Doc.array(type, "[1]", "[1]", "{'day': 0}", Doc.BYTES_LE)).put("c/0", Enc.le().i64(Long.MAX_VALUE / 1000).bytes());
        try (Zarr zarr = tree.open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.all(array.shape()))) {
            var e = assertThrows(ZarrException.BadRequest.class, reader::loadNextBatch);
            assertEquals("numpy.datetime64[D] value 9223372036854775 of column 'day' is beyond what Arrow's Timestamp(SECOND, null) holds",
                    e.getMessage());
        }
    }

    /** A 2-D grid of {@code id int32, point {x float32, y float32}} records, id = row * 10 + column, chunks of 3 x 4. */
    private static Tree grid() {
        String type = Doc.struct(Doc.field("id", "'int32'"),
                Doc.field("point", Doc.struct(Doc.field("x", "'float32'"), Doc.field("y", "'float32'"))));
        Tree tree = Tree.array(Doc.array(type, "[7, 10]", "[3, 4]", "{'id': -1, 'point': {'x': 0.0, 'y': 0.0}}", Doc.BYTES_LE)
                .with("dimension_names", "['row', 'column']").with("attributes", "{'survey': 'grid', 'n': 70}"));
        for (int cr = 0; cr < 3; cr++) {
            for (int cc = 0; cc < 3; cc++) {
                Enc chunk = Enc.le();
                for (int r = cr * 3; r < cr * 3 + 3; r++) {
                    for (int c = cc * 4; c < cc * 4 + 4; c++) {
                        chunk.i32(r * 10 + c).f32(r).f32(c);
                    }
                }
                tree.put("c/" + cr + "/" + cc, chunk.bytes());
            }
        }
        return tree;
    }

    @Test
    void aRegionOfAGridComesRowByRowInCOrderWithItsMetadata() throws IOException {
        try (Zarr zarr = grid().open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of("id", "point.y"), Region.parse("1:6,2:9", array.shape()))) {
            Schema schema = reader.getVectorSchemaRoot().getSchema();
            assertEquals(List.of("id", "point.y"), schema.getFields().stream().map(Field::getName).toList());
            assertEquals(Map.of(ArrowTypes.ATTRIBUTES, "{\"survey\":\"grid\",\"n\":70}", ArrowTypes.DIMENSION_NAMES, "[\"row\",\"column\"]",
                    ArrowTypes.SHAPE, "[5, 7]"), schema.getCustomMetadata());
            assertEquals("int32", schema.getFields().getFirst().getMetadata().get(ArrowTypes.DATA_TYPE));
            List<Json> rows = ArrowConformanceTest.rows(reader);
            List<String> expected = new ArrayList<>();
            for (int r = 1; r < 6; r++) {
                for (int c = 2; c < 9; c++) {
                    expected.add("{\"id\":" + (r * 10 + c) + ",\"point.y\":" + (double) c + "}");
                }
            }
            assertEquals(expected, rows.stream().map(JsonCodec::print).toList());
        }
    }

    @Test
    void aNestedStructIsAStructColumnAndUnknownFieldsAreNamed() throws IOException {
        try (Zarr zarr = grid().open(); ZarrArray array = zarr.array("/")) {
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of("point"), Region.parse("6,9", array.shape()))) {
                assertEquals("{\"point\":{\"x\":6.0,\"y\":9.0}}", JsonCodec.print(ArrowConformanceTest.rows(reader).getFirst()));
            }
            var e = assertThrows(ZarrException.BadRequest.class, () -> new ZarrArrowReader(ALLOCATOR, array, List.of("point.z"), Region.all(array.shape())));
            assertEquals("/: no field 'point.z'; the fields are id, point.x, point.y", e.getMessage());
        }
    }

    @Test
    void batchesAreWholeChunksAndReuseTheirVectors() throws IOException {
        int chunk = 1 << 20;
        try (Zarr zarr = countingChunks().open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.parse("7:", array.shape()))) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            FieldVector first = null;
            List<Integer> sizes = new ArrayList<>();
            double next = 7;
            while (reader.loadNextBatch()) {
                sizes.add(root.getRowCount());
                first = first == null ? root.getVector(0) : first;
                assertTrue(first == root.getVector(0), "the same vector");
                for (int i = 0; i < root.getRowCount(); i++, next++) {
                    assertEquals(next, root.getVector(0).getDataBuffer().getDouble(8L * i));
                }
            }
            // 32 MiB of float64 is 4 Mi rows: the first batch ends on the chunk boundary in reach
            assertEquals(List.of(4 * chunk - 7, chunk + 5), sizes);
        }
    }

    /**
     * Six chunks of 1 Mi float64 counting up from 0; the last one holds 5 values of the array, and is stored whole, as
     * every chunk is: its values past the array's end are never read.
     */
    private static Tree countingChunks() {
        int chunk = 1 << 20;
        Tree tree = Tree.array(Doc.array("'float64'", "[" + (5 * chunk + 5) + "]", "[" + chunk + "]", "0.0", Doc.BYTES_LE));
        for (int c = 0; c < 6; c++) {
            Enc values = Enc.le();
            for (int i = 0; i < chunk; i++) {
                values.f64(c * chunk + i);
            }
            tree.put("c/" + c, values.bytes());
        }
        return tree;
    }

    /** To a file, every thread writes batches of 1 MiB of its own chunks at their places, read back in order. */
    @Test
    void aFileIsWrittenInBatchesOfAMebibytePerChunkByEveryThread(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("out.arrow");
        try (Zarr zarr = countingChunks().open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.parse("7:", array.shape()), 3)) {
            assertEquals(5L * (1 << 20) - 2, Export.arrowFile(reader, file, (done, total) -> { }));
            assertFalse(reader.loadNextBatch(), "the reader is spent");
        }
        int batch = (1 << 20) / 8;
        List<Integer> expected = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            // the first chunk starts at row 7, the rest are whole: 8 batches each, the first one's last short
            expected.addAll(List.of(batch, batch, batch, batch, batch, batch, batch, c == 0 ? batch - 7 : batch));
        }
        expected.add(5);
        assertEquals(expected, batchSizesCounting(file, 7));
    }

    /** Small chunks are grouped into batches of many: 1000 chunks of 10 values make one batch, and no rows none. */
    @Test
    void smallChunksShareABatchAndAnEmptyRegionIsAnEmptyFile(@TempDir Path dir) throws IOException {
        Tree tree = Tree.array(Doc.array("'float64'", "[10000]", "[10]", "0.0", Doc.BYTES_LE));
        for (int c = 0; c < 1000; c++) {
            Enc values = Enc.le();
            for (int i = 0; i < 10; i++) {
                values.f64(c * 10 + i);
            }
            tree.put("c/" + c, values.bytes());
        }
        Path file = dir.resolve("out.arrow");
        Path empty = dir.resolve("empty.arrow");
        try (Zarr zarr = tree.open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.all(array.shape()), 2);
             ZarrArrowReader none = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.parse("5:5", array.shape()), 2)) {
            assertEquals(10000, Export.arrowFile(reader, file, (done, total) -> { }));
            assertEquals(0, Export.arrowFile(none, empty, (done, total) -> { }));
        }
        assertEquals(List.of(10000), batchSizesCounting(file, 0));
        assertEquals(List.of(), batchSizesCounting(empty, 0));
    }

    /** The row counts of an Arrow file's batches, checking that its one float64 column counts up from {@code first}. */
    private static List<Integer> batchSizesCounting(Path file, double first) throws IOException {
        try (FileChannel in = FileChannel.open(file); ArrowFileReader back = new ArrowFileReader(in, ALLOCATOR)) {
            List<Integer> sizes = new ArrayList<>();
            double next = first;
            while (back.loadNextBatch()) {
                VectorSchemaRoot root = back.getVectorSchemaRoot();
                sizes.add(root.getRowCount());
                for (int i = 0; i < root.getRowCount(); i++, next++) {
                    assertEquals(next, root.getVector(0).getDataBuffer().getDouble(8L * i));
                }
            }
            return sizes;
        }
    }

    /** A chunk that fails to decode fails the export naming it, and leaves no file behind, nor a hidden part of one. */
    @Test
    void aFileWithAChunkThatFailsIsNotWritten(@TempDir Path dir) throws IOException {
        Tree tree = countingChunks();
        tree.put("c/3", new byte[12]);
        Path file = dir.resolve("out.arrow");
        try (Zarr zarr = tree.open(); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.all(array.shape()), 2)) {
            var e = assertThrows(ZarrException.CorruptChunk.class, () -> Export.arrowFile(reader, file, (done, total) -> { }));
            assertTrue(e.getMessage().contains("c/3"), e.getMessage());
        }
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
