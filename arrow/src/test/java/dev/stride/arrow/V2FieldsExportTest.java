package dev.stride.arrow;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import dev.stride.testing.Tree;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Arrow types of Zarr v2's field kinds, and v2 records laid out byte by byte from numpy's rules (the corpus has no
 * V&lt;n&gt; field, no shape of two dimensions and no strings long enough to fill several batches) exported to Arrow
 * and Parquet.
 */
class V2FieldsExportTest {
    private static final BufferAllocator ALLOCATOR = new RootAllocator();

    @AfterAll
    static void allFreed() {
        assertEquals(0, ALLOCATOR.getAllocatedMemory(), "memory still allocated");
        ALLOCATOR.close();
    }

    private static byte[] zarray(String dtype, int shape, int chunks, String compressor) {
        return ("{\"zarr_format\": 2, \"shape\": [" + shape + "], \"chunks\": [" + chunks + "], \"dtype\": " + dtype
                + ", \"compressor\": " + compressor + ", \"fill_value\": null, \"order\": \"C\", \"filters\": null}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** numcodecs' mixed records: every kind of v2 field, as the Arrow type the export contract gives it. */
    @Test
    void mixedRecordsMapToBinaryUtf8AndFixedSizeLists() throws IOException {
        Path dir = Corpus.shared().resolve("conformance/zarr-v2/numcodecs/mixed.2d.gzip");
        try (Zarr zarr = Zarr.open(dir); ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), null)) {
            List<Field> fields = reader.getVectorSchemaRoot().getSchema().getFields();
            assertEquals(List.of("id", "t", "name", "label", "pos", "inner", "ok"), fields.stream().map(Field::getName).toList());
            assertEquals(new ArrowType.Int(32, false), fields.get(0).getType(), ">u4");
            assertEquals(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null), fields.get(1).getType(), "<M8[ms]");
            assertEquals(ArrowType.Binary.INSTANCE, fields.get(2).getType(), "|S6");
            assertEquals("null_terminated_bytes[6]", fields.get(2).getMetadata().get(ArrowTypes.DATA_TYPE));
            assertEquals(ArrowType.Utf8.INSTANCE, fields.get(3).getType(), "<U4");
            assertEquals("fixed_length_utf32[4]", fields.get(3).getMetadata().get(ArrowTypes.DATA_TYPE));
            Field pos = fields.get(4);
            assertEquals(new ArrowType.FixedSizeList(3), pos.getType(), "('pos', '<f4', (3,))");
            assertEquals(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), pos.getChildren().getFirst().getType());
            assertEquals("float32[3]", pos.getMetadata().get(ArrowTypes.DATA_TYPE));
            assertFalse(pos.isNullable() || pos.getChildren().getFirst().isNullable(), "every element is there");
            assertEquals(ArrowType.Struct.INSTANCE, fields.get(5).getType());
            assertEquals(ArrowType.Bool.INSTANCE, fields.get(6).getType());
        }
    }

    /** {@code text} as {@code characters} UTF-32 units in {@code order}, NUL-padded. */
    private static void utf32(ByteBuffer b, ByteOrder order, String text, int characters) {
        b.order(order);
        int[] points = text.codePoints().toArray();
        for (int k = 0; k < characters; k++) {
            b.putInt(k < points.length ? points[k] : 0);
        }
    }

    private static void record(ByteBuffer b, int[] raw, int[] grid, String u, byte[] s, String one, long when) {
        for (int x : raw) {
            b.put((byte) x);
        }
        b.order(ByteOrder.BIG_ENDIAN);
        for (int x : grid) {
            b.putShort((short) x);
        }
        utf32(b, ByteOrder.LITTLE_ENDIAN, u, 2);
        b.put(s);
        utf32(b, ByteOrder.BIG_ENDIAN, one, 1);
        b.order(ByteOrder.BIG_ENDIAN).putLong(when);
    }

    /**
     * V3, a big-endian int16 field of shape (2, 3), little- and big-endian text, a byte string with an inner NUL and
     * one without room for a NUL, and NaT: the types, metadata and values of batches, an IPC file and Parquet.
     */
    @Test
    void rawShapedTextAndByteOrdersExportAsNumpyReadsThem(@TempDir Path tmp) throws IOException {
        String dtype = "[[\"raw\", \"|V3\"], [\"grid\", \">i2\", [2, 3]], [\"u\", \"<U2\"], [\"s\", \"|S3\"], [\"b\", \">U1\"], [\"when\", \">M8[s]\"]]";
        ByteBuffer chunk = ByteBuffer.allocate(3 * 38);
        record(chunk, new int[] {1, 2, 3}, new int[] {1, -2, 3, 4, 5, -32768}, "hé", new byte[] {'a', 'b', 0}, "Ω", 86_400);
        record(chunk, new int[] {0, 0, 255}, new int[] {7, 8, 9, 10, 11, 12}, "😀", new byte[] {0, 'x', 0}, "", Long.MIN_VALUE);
        record(chunk, new int[] {9, 9, 9}, new int[] {0, 0, 0, 0, 0, 1}, "", new byte[] {'x', 'y', 'z'}, "z", -1);
        Tree tree = new Tree().put(".zarray", zarray(dtype, 3, 3, "null")).put("0", chunk.array());
        List<Json> expected = List.of(
                json("{\"raw\": [1, 2, 3], \"grid\": [[1, -2, 3], [4, 5, -32768]], \"u\": \"hé\", \"s\": \"YWI=\", \"b\": \"Ω\", \"when\": 86400}"),
                json("{\"raw\": [0, 0, 255], \"grid\": [[7, 8, 9], [10, 11, 12]], \"u\": \"😀\", \"s\": \"AHg=\", \"b\": \"\", \"when\": \"NaT\"}"),
                json("{\"raw\": [9, 9, 9], \"grid\": [[0, 0, 0], [0, 0, 1]], \"u\": \"\", \"s\": \"eHl6\", \"b\": \"z\", \"when\": -1}"));
        Path dir = tree.writeTo(tmp.resolve("records"));
        try (Zarr zarr = Zarr.open(dir); ZarrArray array = zarr.array("/")) {
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), null)) {
                List<Field> fields = reader.getVectorSchemaRoot().getSchema().getFields();
                assertEquals(new ArrowType.FixedSizeBinary(3), fields.get(0).getType());
                assertEquals("raw_bytes[3]", fields.get(0).getMetadata().get(ArrowTypes.DATA_TYPE));
                Field grid = fields.get(1);
                assertEquals(new ArrowType.FixedSizeList(2), grid.getType(), "the outer dimension");
                assertEquals(new ArrowType.FixedSizeList(3), grid.getChildren().getFirst().getType(), "the inner dimension");
                assertEquals(new ArrowType.Int(16, true), grid.getChildren().getFirst().getChildren().getFirst().getType());
                assertEquals("int16[2, 3]", grid.getMetadata().get(ArrowTypes.DATA_TYPE));
                assertEquals(List.of(ArrowType.Utf8.INSTANCE, ArrowType.Binary.INSTANCE, ArrowType.Utf8.INSTANCE,
                        new ArrowType.Timestamp(TimeUnit.SECOND, null)), fields.subList(2, 6).stream().map(Field::getType).toList());
                ArrowConformanceTest.compare(array, ArrowConformanceTest.rows(reader), expected, "batches");
            }
            Path arrow = tmp.resolve("records.arrow");
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), null)) {
                Export.arrowFile(reader, arrow, (done, total) -> { });
            }
            try (FileChannel in = FileChannel.open(arrow); ArrowFileReader back = new ArrowFileReader(in, ALLOCATOR)) {
                ArrowConformanceTest.compare(array, ArrowConformanceTest.rows(back), expected, "IPC file");
            }
            // without the strings every batch's size follows from its rows: the file is written on several threads
            try (ZarrArrowReader strings = new ZarrArrowReader(ALLOCATOR, array, List.of("grid", "u"), null, 2);
                 ZarrArrowReader fixed = new ZarrArrowReader(ALLOCATOR, array, List.of("grid", "raw"), null, 2)) {
                assertNull(strings.takeParallelFile(), "strings of varying length");
                assertNotNull(fixed.takeParallelFile(), "shaped and raw fields");
            }
            Path shaped = tmp.resolve("shaped.arrow");
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of("grid", "raw"), null, 2)) {
                Export.arrowFile(reader, shaped, (done, total) -> { });
            }
            try (FileChannel in = FileChannel.open(shaped); ArrowFileReader back = new ArrowFileReader(in, ALLOCATOR)) {
                List<Json> rows = ArrowConformanceTest.rows(back);
                StructType type = (StructType) array.dataType();
                for (int r = 0; r < expected.size(); r++) {
                    Json.JObject got = (Json.JObject) rows.get(r);
                    Json.JObject want = (Json.JObject) expected.get(r);
                    assertEquals(List.of("grid", "raw"), List.copyOf(got.members().keySet()));
                    assertNull(Values.difference(got.get("grid"), want.get("grid"), type.fields().get(1).type()), "grid of row " + r);
                    assertEquals(want.get("raw"), got.get("raw"), "raw of row " + r);
                }
            }
            Path parquet = tmp.resolve("records.parquet");
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), null);
                 var out = Files.newByteChannel(parquet, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ParquetExport.write(reader, out, ParquetExport.Codec.NONE, null);
            }
            ArrowConformanceTest.compare(array, ParquetRows.read(parquet, array.dataType()), expected, "Parquet");
        }
    }

    /** Long text spread over zlib chunks of 8 records: the same rows in several batches, on one thread and on four. */
    @Test
    void longTextFillsReusedBatchesOnSeveralThreads(@TempDir Path tmp) throws IOException {
        int characters = 1 << 17;
        int rows = 200;
        List<String> names = new ArrayList<>();
        Tree tree = new Tree().put(".zarray", zarray("[[\"id\", \"<i4\"], [\"name\", \"<U" + characters + "\"]]", rows, 8,
                "{\"id\": \"zlib\", \"level\": 1}"));
        for (int c = 0; c < rows / 8; c++) {
            ByteBuffer chunk = ByteBuffer.allocate(8 * (4 + 4 * characters)).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = c * 8; i < c * 8 + 8; i++) {
                String name = switch (i % 50) {
                    case 7 -> "x".repeat(characters);
                    case 8 -> "ß".repeat(characters / 3) + i;
                    default -> "aΩ😀".repeat(i % 5) + i;
                };
                names.add(name);
                chunk.order(ByteOrder.LITTLE_ENDIAN).putInt(i);
                utf32(chunk, ByteOrder.LITTLE_ENDIAN, name, characters);
            }
            tree.put(Integer.toString(c), zlib(chunk.array()));
        }
        Path dir = tree.writeTo(tmp.resolve("long"));
        try (Zarr zarr = Zarr.open(dir); ZarrArray array = zarr.array("/")) {
            for (int threads : new int[] {1, 4}) {
                try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of("name", "id"), null, threads)) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    int batches = 0;
                    int row = 0;
                    while (reader.loadNextBatch()) {
                        batches++;
                        VarCharVector text = (VarCharVector) root.getVector("name");
                        for (int r = 0; r < root.getRowCount(); r++, row++) {
                            assertEquals(row, root.getVector("id").getObject(r), "id of row " + row);
                            assertEquals(names.get(row), new String(text.get(r), StandardCharsets.UTF_8), "row " + row + " on " + threads + " threads");
                        }
                    }
                    assertEquals(rows, row);
                    assertTrue(batches > 2, "the rows take several batches, not " + batches);
                }
            }
            Path arrow = tmp.resolve("long.arrow");
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of("name"), null, 4)) {
                Export.arrowFile(reader, arrow, (done, total) -> { });
            }
            try (FileChannel in = FileChannel.open(arrow); ArrowFileReader back = new ArrowFileReader(in, ALLOCATOR)) {
                List<Json> got = ArrowConformanceTest.rows(back);
                for (int r = 0; r < rows; r++) {
                    assertEquals(new Json.JString(names.get(r)), ((Json.JObject) got.get(r)).get("name"), "row " + r + " of the IPC file");
                }
            }
        }
    }

    private static Json json(String text) {
        return JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] zlib(byte[] data) {
        Deflater deflater = new Deflater(1);
        deflater.setInput(data);
        deflater.finish();
        byte[] out = new byte[data.length / 8 + 1024];
        int n = deflater.deflate(out);
        assertTrue(deflater.finished(), "room for the compressed chunk");
        deflater.end();
        return java.util.Arrays.copyOf(out, n);
    }

    /** A surrogate or a unit beyond U+10FFFF, which UTF-32 cannot hold, is refused naming the column and the unit. */
    @ParameterizedTest
    @CsvSource({"LITTLE_ENDIAN, d800, a surrogate", "BIG_ENDIAN, dfff, a surrogate", "BIG_ENDIAN, 110000, above U+10FFFF",
            "LITTLE_ENDIAN, ffffffff, above U+10FFFF"})
    void unitsThatAreNoScalarValueAreRefused(String order, String unit, String why) {
        ByteOrder byteOrder = order.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        ByteBuffer chunk = ByteBuffer.allocate(8).order(byteOrder).putInt('a').putInt(Integer.parseUnsignedInt(unit, 16));
        String dtype = (byteOrder == ByteOrder.BIG_ENDIAN ? "\">" : "\"<") + "U2\"";
        try (Zarr zarr = new Tree().put(".zarray", zarray(dtype, 1, 1, "null")).put("0", chunk.array()).open();
             ZarrArray array = zarr.array("/");
             ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), Region.all(array.shape()))) {
            ZarrException.CorruptChunk e = assertThrows(ZarrException.CorruptChunk.class, reader::loadNextBatch);
            assertTrue(e.getMessage().contains("column 'value' holds 0x" + unit + ", " + why + ", at character 1"), e.getMessage());
        }
    }
}
