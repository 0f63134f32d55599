package dev.stride.arrow;

import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.internal.file.WholeFile;
import dev.stride.model.ZarrException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.ArrowWriter;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the batches of a {@link ZarrArrowReader} as Arrow IPC: the file format (random access, for files) or the
 * streaming format (for pipes and sockets), each batch's buffers going to the channel as they are, with no copy on
 * the heap; {@link #write} does so, or writes Parquet, straight from an array.
 *
 * <p>A null progress reports nowhere, a null region is the whole array and a null Parquet codec is zstd; any other
 * null argument is a {@link ZarrException.BadRequest} naming it.
 */
public final class Export {
    /** What {@link #write} writes. */
    public enum Format {
        /** The Arrow IPC file format. */
        ARROW,
        /** The Arrow IPC streaming format. */
        ARROW_STREAM,
        /** Parquet, by {@link ParquetExport}. */
        PARQUET
    }

    private Export() {
    }

    /**
     * Writes {@code fields} of {@code region} of {@code array} (all top-level fields when empty) to {@code out}, with
     * batches in memory Arrow allocates and frees here; {@code codec} is Parquet's. Returns the rows written.
     *
     * @throws dev.stride.model.ZarrException as the array's reads do, or naming a field the array lacks
     */
    public static long write(Format format, ZarrArray array, List<String> fields, Region region, WritableByteChannel out,
                             ParquetExport.Codec codec, ScanOptions.Progress progress) throws IOException {
        ZarrException.BadRequest.requireNonNull(format, "format");
        ZarrException.BadRequest.requireNonNull(out, "out");
        try (BufferAllocator allocator = new RootAllocator();
             ZarrArrowReader reader = new ZarrArrowReader(allocator, array, fields, region)) {
            return switch (format) {
                case ARROW -> arrowFile(reader, out, progress);
                case ARROW_STREAM -> arrowStream(reader, out, progress);
                case PARQUET -> ParquetExport.write(reader, out, codec, progress);
            };
        }
    }

    /**
     * The same into {@code file}, created or replaced whole ({@link WholeFile}: after a failure there is no new file,
     * and one that was there is kept): an Arrow file is then written on all threads at once (see
     * {@link #arrowFile(ZarrArrowReader, Path, ScanOptions.Progress)}).
     */
    public static long write(Format format, ZarrArray array, List<String> fields, Region region, Path file,
                             ParquetExport.Codec codec, ScanOptions.Progress progress) throws IOException {
        ZarrException.BadRequest.requireNonNull(file, "file");
        if (ZarrException.BadRequest.requireNonNull(format, "format") != Format.ARROW) {
            return WholeFile.write(file, out -> write(format, array, fields, region, out, codec, progress));
        }
        try (BufferAllocator allocator = new RootAllocator();
             ZarrArrowReader reader = new ZarrArrowReader(allocator, array, fields, region)) {
            return arrowFile(reader, file, progress);
        }
    }

    /**
     * The Arrow IPC file format into {@code file}, created or replaced whole ({@link WholeFile}); returns the rows
     * written. A reader none of whose batches was read yet writes them on all its threads at once, each at its place
     * in the file (see {@link ParallelArrowFile}); the reader is spent then. Otherwise as {@link #arrowFile(ZarrArrowReader,
     * WritableByteChannel, ScanOptions.Progress)}.
     */
    public static long arrowFile(ZarrArrowReader reader, Path file, ScanOptions.Progress progress) throws IOException {
        ZarrException.BadRequest.requireNonNull(reader, "reader");
        return WholeFile.write(file, out -> {
            ParallelArrowFile parallel = reader.takeParallelFile();
            return parallel != null ? parallel.write(out, ScanOptions.Progress.orNone(progress)) : arrowFile(reader, out, progress);
        });
    }

    /** The Arrow IPC file format into any channel, batch after batch from its position on; returns the rows written. */
    public static long arrowFile(ZarrArrowReader reader, WritableByteChannel out, ScanOptions.Progress progress) throws IOException {
        VectorSchemaRoot root = ZarrException.BadRequest.requireNonNull(reader, "reader").getVectorSchemaRoot();
        try (ArrowFileWriter writer = new ArrowFileWriter(root, null, ZarrException.BadRequest.requireNonNull(out, "out"))) {
            return write(reader, writer, progress);
        }
    }

    /**
     * The Arrow IPC streaming format; returns the rows written. A stream that fails part way ends with a message cut
     * short ({@link CutOffChannel}), so that a reader of it fails too instead of taking the batches before the failure
     * for the whole table.
     */
    public static long arrowStream(ZarrArrowReader reader, WritableByteChannel out, ScanOptions.Progress progress) throws IOException {
        VectorSchemaRoot root = ZarrException.BadRequest.requireNonNull(reader, "reader").getVectorSchemaRoot();
        CutOffChannel channel = new CutOffChannel(ZarrException.BadRequest.requireNonNull(out, "out"));
        ArrowStreamWriter writer = new ArrowStreamWriter(root, null, channel);
        long rows;
        try {
            rows = write(reader, writer, progress);
        } catch (IOException | RuntimeException | Error failure) {
            try {
                channel.cutOff();
            } catch (IOException | RuntimeException cannot) {
                failure.addSuppressed(cannot);
            }
            try {
                writer.close();
            } catch (RuntimeException cannot) {
                failure.addSuppressed(cannot);
            }
            throw failure;
        }
        writer.close();
        return rows;
    }

    private static long write(ZarrArrowReader reader, ArrowWriter writer, ScanOptions.Progress given) throws IOException {
        ScanOptions.Progress progress = ScanOptions.Progress.orNone(given);
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
