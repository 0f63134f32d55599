package dev.stride.arrow;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.model.Json;
import dev.stride.model.Region;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowReader;
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
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every array the conformance corpus expects to read comes out as Arrow batches holding the manifest's values, row
 * by row in C order, and so does the same written as Arrow IPC (file and stream, the file also to a file on disk,
 * where each thread writes its own batches) and read back by Arrow's readers.
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

    private static void check(Corpus.Case c) throws IOException {
        List<Json> expected = ((Json.JArray) c.values()).items();
        try (Zarr zarr = Zarr.open(c.dir()); ZarrArray array = zarr.array("/")) {
            Region all = Region.all(array.shape());
            try (ZarrArrowReader reader = new ZarrArrowReader(ALLOCATOR, array, List.of(), all)) {
                compare(array, rows(reader), expected, "batches");
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

    private static void compare(ZarrArray array, List<Json> got, List<Json> expected, String how) {
        assertEquals(expected.size(), got.size(), how + ": rows");
        for (int i = 0; i < got.size(); i++) {
            String diff = Values.difference(got.get(i), expected.get(i), array.dataType());
            if (diff != null) {
                fail(how + ", row " + i + ": " + diff);
            }
        }
    }
}
