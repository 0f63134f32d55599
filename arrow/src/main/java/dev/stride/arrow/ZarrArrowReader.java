package dev.stride.arrow;

import dev.stride.ZarrArray;
import dev.stride.internal.region.COrderBlocks;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Fields of a region of an array as Arrow record batches: one row per element in C order, one column per chosen
 * field ({@link ArrowTypes} says how each type appears). Each batch is a box of whole read units (chunks, or inner
 * chunks of shards) where the array's shape allows, about {@value #BATCH_BYTES} bytes of columns, and the same
 * {@link VectorSchemaRoot} is refilled for every batch. Only the chosen fields are copied, once, by stride, from the
 * decoded unit into the vectors' buffers.
 *
 * <pre>{@code
 * try (ZarrArrowReader reader = new ZarrArrowReader(allocator, array, List.of("x", "y"), Region.all(array.shape()))) {
 *     VectorSchemaRoot root = reader.getVectorSchemaRoot();
 *     while (reader.loadNextBatch()) {
 *         use(root);
 *     }
 * }
 * }</pre>
 *
 * <p>As an {@link ArrowReader} it also feeds Arrow's own writers and bridges. Reading fails as the array's reads do
 * ({@link dev.stride.model.ZarrException} naming the node or chunk); the array stays open and is the caller's to close.
 */
public final class ZarrArrowReader extends ArrowReader {
    /** Bytes of columns a batch aims at, unless one read unit holds more. */
    public static final long BATCH_BYTES = 32L << 20;
    /** Rows a batch holds at most: Arrow counts a vector's values in an int. */
    private static final long MAX_ROWS = Integer.MAX_VALUE - 8;
    /**
     * Bytes a batch's strings may take in one vector before they are packed: a variable-width vector's offsets are
     * ints, and its buffer grows to a power of two.
     */
    static final long MAX_TEXT_BYTES = 1L << 30;

    private final ZarrArray array;
    private final List<ArrowColumn> columns;
    private final Region region;
    private final Schema schema;
    private final COrderBlocks boxes;
    private final long rowBytes;
    private final long unitElements;
    private final int threads;
    /** Made with the first batch: the threads that fill parts of a batch beside the caller's, and the fill. */
    private ExecutorService helpers;
    private BatchFill filler;
    private long bytesRead;
    /** Its rows went to a file another way ({@link #takeParallelFile}). */
    private boolean spent;

    /**
     * A reader of {@code fields} (all top-level fields when empty; dotted paths for nested ones) over {@code region}
     * (null: the whole array).
     *
     * @throws dev.stride.model.ZarrException.BadRequest naming a field the array does not have, or a null argument
     */
    public ZarrArrowReader(BufferAllocator allocator, ZarrArray array, List<String> fields, Region region) {
        this(allocator, array, fields, region, Runtime.getRuntime().availableProcessors());
    }

    /** The same, filling each batch on {@code threads} threads (decoding and copying the units of a batch at once). */
    public ZarrArrowReader(BufferAllocator allocator, ZarrArray array, List<String> fields, Region region, int threads) {
        super(ZarrException.BadRequest.requireNonNull(allocator, "allocator"));
        if (threads < 1) {
            throw new ZarrException.BadRequest(null, "threads must be at least 1, not " + threads);
        }
        this.threads = threads;
        this.array = ZarrException.BadRequest.requireNonNull(array, "array");
        this.columns = ArrowColumn.of(array, ZarrException.BadRequest.requireNonNull(fields, "fields"));
        this.region = region != null ? region : Region.all(array.shape());
        this.schema = ArrowTypes.schema(array, columns, this.region);
        this.rowBytes = Math.max(1, columns.stream().mapToLong(c -> c.type().byteSize()).sum());
        // a unit larger than a batch would be decoded once per box it falls in: a box then holds a whole unit
        this.unitElements = unitElements(array);
        long rows = Math.min(Math.max(BATCH_BYTES / rowBytes, unitElements), MAX_ROWS);
        for (ArrowColumn c : columns) {
            long text = ArrowTypes.textBytes(c.type());
            if (text > MAX_TEXT_BYTES) {
                throw new ZarrException.Unsupported(array.path(), null, "column '" + c.name() + "' takes " + text
                        + " bytes of strings a row, more than an Arrow batch holds");
            }
            // a unit whose strings exceed a vector is then read in several batches, and decoded for each
            rows = text > 0 ? Math.min(rows, MAX_TEXT_BYTES / text) : rows;
        }
        this.boxes = new COrderBlocks(this.region, array.readUnitShape(), rows);
    }

    private static long unitElements(ZarrArray array) {
        long n = 1;
        for (long d : array.readUnitShape()) {
            if (d > MAX_ROWS / n) {
                return MAX_ROWS;
            }
            n *= d;
        }
        return n;
    }

    @Override
    protected Schema readSchema() {
        return schema;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
        VectorSchemaRoot root = getVectorSchemaRoot();
        if (spent || !boxes.hasNext()) {
            root.setRowCount(0);
            return false;
        }
        if (filler == null) {
            helpers = threads == 1 ? null
                    : Executors.newFixedThreadPool(threads - 1, Thread.ofPlatform().daemon().name("stride-arrow-", 0).factory());
            filler = new BatchFill(array, columns, root, unitElements, threads, helpers);
        }
        int rows;
        try {
            rows = filler.fill(boxes.next());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while a batch was filled");
        }
        root.setRowCount(rows);
        bytesRead += rows * rowBytes;
        return true;
    }

    /** Bytes of column values delivered so far. */
    @Override
    public long bytesRead() {
        return bytesRead;
    }

    /**
     * The parallel writer of this reader's whole region as an Arrow file, which then spends the reader (no batch is
     * left to load); null, leaving the reader as it is, when its region does not suit one or a batch was read already.
     */
    ParallelArrowFile takeParallelFile() {
        ParallelArrowFile file = filler != null || spent ? null
                : ParallelArrowFile.fits(array, columns, schema, allocator, threads, region, unitElements, rowBytes);
        if (file != null) {
            spent = true;
            bytesRead = region.size() * rowBytes;
        }
        return file;
    }

    /** The region the rows come from. */
    public Region region() {
        return region;
    }

    @Override
    protected void closeReadSource() {
        // the array is the caller's
    }

    /** Frees the batch's vectors; the array stays open. */
    @Override
    public void close() {
        if (helpers != null) {
            helpers.shutdownNow();
        }
        try {
            super.close();
        } catch (IOException e) {
            // only closeReadSource could throw, and it does nothing
            throw new UncheckedIOException(e);
        }
    }
}
