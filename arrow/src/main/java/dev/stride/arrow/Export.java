package dev.stride.arrow;

import dev.stride.model.ScanOptions;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;

/**
 * Writes the batches of a {@link ZarrArrowReader} as Arrow IPC: the file format (random access, for files) or the
 * streaming format (for pipes and sockets). Each batch's buffers go to the channel as they are, with no copy on
 * the heap.
 */
public final class Export {
    private Export() {
    }

    /** The Arrow IPC file format; returns the rows written. */
    public static long arrowFile(ZarrArrowReader reader, WritableByteChannel out, ScanOptions.Progress progress) throws IOException {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        try (ArrowFileWriter writer = new ArrowFileWriter(root, null, out)) {
            return write(reader, writer, progress);
        }
    }

    /** The Arrow IPC streaming format; returns the rows written. */
    public static long arrowStream(ZarrArrowReader reader, WritableByteChannel out, ScanOptions.Progress progress) throws IOException {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        try (ArrowStreamWriter writer = new ArrowStreamWriter(root, null, out)) {
            return write(reader, writer, progress);
        }
    }

    private static long write(ZarrArrowReader reader, ArrowWriter writer, ScanOptions.Progress progress) throws IOException {
        long total = reader.region().size();
        long rows = 0;
        writer.start();
        progress.update(0, total);
        while (reader.loadNextBatch()) {
            writer.writeBatch();
            rows += reader.getVectorSchemaRoot().getRowCount();
            progress.update(rows, total);
        }
        writer.end();
        return rows;
    }
}
