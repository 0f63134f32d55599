package dev.stride.arrow;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every array the conformance corpora (v3, and v2 from zarr-python 2 and numcodecs) expect to read comes out as Arrow
 * batches holding the manifest's values, row by row in C order, on one thread and on several, and so does the same
 * written as Arrow IPC (file and stream, the file also to a file on disk, where each thread writes its own batches)
 * and as Parquet, each read back by its own reader. Every column's metadata names its Zarr type.
 */
class ArrowConformanceTest {
    private static final BufferAllocator ALLOCATOR = new RootAllocator();

    @AfterAll
    static void allFreed() {
        assertEquals(0, ALLOCATOR.getAllocatedMemory(), "memory still allocated");
        ALLOCATOR.close();
    }

    @TestFactory
    Stream<DynamicTest> everyReadableArrayExportsTheManifestsValues() {
        List<Corpus.Case> ok = Corpus.cases().stream().filter(c -> c.expect().equals("ok")).toList();
        assertEquals(181, ok.size(), "ok cases in the manifest");
        return ok.stream().map(c -> DynamicTest.dynamicTest(c.path(), () -> check(c)));
    }

    /** Byte strings as binary without trailing NULs, UTF-32 text as utf8, shaped fields as lists, both byte orders. */
    @TestFactory
    Stream<DynamicTest> everyReadableV2ArrayExportsTheManifestsValues() {
        List<Corpus.Case> ok = Corpus.v2Cases().stream().filter(c -> c.expect().equals("ok")).toList();
        assertEquals(43, ok.size(), "ok cases in the v2 manifest");
        return ok.stream().map(c -> DynamicTest.dynamicTest(c.path(), () -> check(c)));
    }

    private static void check(Corpus.Case c) throws IOException {
        List<Json> expected = ((Json.JArray) c.values()).items();
        try (Zarr zarr = Zarr.open(c.dir()); ZarrArray array = zarr.array("/")) {
            Region all = Region.all(array.shape());
            for (int threads : new int[] {1, 3}) {
                try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), all, threads)) {
                    assertTypesNamed(reader.getVectorSchemaRoot().getSchema(), array.dataType());
                    compare(array, rows(reader), expected, "batches on " + threads + " threads");
                }
            }
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), all)) {
                assertEquals(expected.size(), Export.arrowFile(reader, Channels.newChannel(file), (done, total) -> { }));
            }
            try (ArrowFileReader back = new ArrowFileReader(new ByteArrayReadableSeekableByteChannel(file.toByteArray()), ALLOCATOR)) {
                compare(array, rows(back), expected, "IPC file");
            }
            Path onDisk = Files.createTempFile("stride-arrow-", ".arrow");
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), all)) {
                assertEquals(expected.size(), Export.arrowFile(reader, onDisk, (done, total) -> { }));
                assertFalse(reader.loadNextBatch(), "the reader is spent");
            }
            try (FileChannel in = FileChannel.open(onDisk); ArrowFileReader back = new ArrowFileReader(in, ALLOCATOR)) {
                compare(array, rows(back), expected, "IPC file written to a file");
            } finally {
                Files.delete(onDisk);
            }
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), all)) {
                Export.arrowStream(reader, Channels.newChannel(stream), (done, total) -> { });
            }
            try (ArrowStreamReader back = new ArrowStreamReader(new ByteArrayInputStream(stream.toByteArray()), ALLOCATOR)) {
                compare(array, rows(back), expected, "IPC stream");
            }
            Path parquet = Files.createTempFile("stride-arrow-", ".parquet");
            try {
                try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), all);
                     FileChannel out = FileChannel.open(parquet, StandardOpenOption.WRITE)) {
                    assertEquals(expected.size(), ParquetExport.write(reader, out, ParquetExport.Codec.NONE, null));
                }
                compare(array, ParquetRows.read(parquet, array.dataType()), expected, "Parquet");
            } finally {
                Files.delete(parquet);
            }
        }
    }

    static List<Json> rows(ArrowReader reader) throws IOException {
        List<Json> out = new ArrayList<>();
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        while (reader.loadNextBatch()) {
            for (int i = 0; i < root.getRowCount(); i++) {
                out.add(ArrowJson.row(root.getFieldVectors(), i));
            }
        }
        return out;
    }

    /** Each column's, and each nested field's, metadata names its Zarr type as {@link DataType#describe} spells it. */
    private static void assertTypesNamed(Schema schema, DataType type) {
        if (type instanceof StructType s) {
            assertEquals(s.fields().size(), schema.getFields().size(), "columns");
            for (int i = 0; i < s.fields().size(); i++) {
                assertNamed(schema.getFields().get(i), s.fields().get(i).type());
            }
        } else {
            assertNamed(schema.getFields().getFirst(), type);
        }
    }

    private static void assertNamed(Field field, DataType type) {
        assertEquals(type.describe(), field.getMetadata().get(ArrowTypes.DATA_TYPE), field.getName());
        if (type instanceof StructType s) {
            for (int i = 0; i < s.fields().size(); i++) {
                assertNamed(field.getChildren().get(i), s.fields().get(i).type());
            }
        }
    }

    static void compare(ZarrArray array, List<Json> got, List<Json> expected, String how) {
        assertEquals(expected.size(), got.size(), how + ": rows");
        for (int i = 0; i < got.size(); i++) {
            String diff = Values.difference(got.get(i), expected.get(i), array.dataType());
            if (diff != null) {
                fail(how + ", row " + i + ": " + diff);
            }
        }
    }
}
