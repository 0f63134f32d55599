package dev.stride.arrow;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.testing.Tree;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * An Arrow stream whose export fails never reads as a whole stream: a reader of what was written fails too, where a
 * stream ending with its end-of-stream marker would give the batches before the failure as the whole table.
 */
class FailedStreamTest {
    /** The rows a reader takes from {@code stream}, reading it to its end. */
    private static long rowsRead(byte[] stream) throws IOException {
        try (BufferAllocator allocator = new RootAllocator();
             ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(stream), allocator)) {
            long rows = 0;
            while (reader.loadNextBatch()) {
                rows += reader.getVectorSchemaRoot().getRowCount();
            }
            return rows;
        }
    }

    private static byte[] export(Tree tree, ScanOptions.Progress progress, Class<? extends Throwable> failure) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Zarr zarr = tree.open(); ZarrArray array = zarr.array("/")) {
            assertThrows(failure, () -> Export.write(Export.Format.ARROW_STREAM, array, List.of(), null,
                    Channels.newChannel(out), null, progress));
        }
        return out.toByteArray();
    }

    @Test
    void aStreamThatFailsAfterAWholeBatchIsRefusedByItsReader() throws IOException {
        ScanOptions.Progress failingAfterABatch = (done, total) -> {
            if (done > 0) {
                throw new IllegalStateException("stop at " + done);
            }
        };
        byte[] stream = export(WholeExportTest.counting(), failingAfterABatch, IllegalStateException.class);
        assertThrows(IOException.class, () -> rowsRead(stream));
    }

    @Test
    void aStreamThatFailsBeforeItsFirstBatchIsRefusedByItsReader() throws IOException {
        byte[] stream = export(WholeExportTest.counting(2), null, ZarrException.CorruptChunk.class);
        assertThrows(IOException.class, () -> rowsRead(stream), "not an empty table");
    }

    @Test
    void aWholeStreamReadsWhole() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Zarr zarr = WholeExportTest.counting().open(); ZarrArray array = zarr.array("/")) {
            assertEquals(6, Export.write(Export.Format.ARROW_STREAM, array, List.of(), null, Channels.newChannel(out), null, null));
        }
        assertEquals(6, rowsRead(out.toByteArray()));
    }
}
