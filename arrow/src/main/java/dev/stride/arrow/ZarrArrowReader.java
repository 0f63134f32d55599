package dev.stride.arrow;

import dev.stride.UnitCursor;
import dev.stride.ZarrArray;
import dev.stride.model.COrderBlocks;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.List;

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

    private final ZarrArray array;
    private final List<ArrowColumn> columns;
    private final Region region;
    private final Schema schema;
    private final COrderBlocks boxes;
    private final long rowBytes;
    private final long unitElements;
    private final int threads;
    /** The threads that fill parts of a batch beside the caller's, made on first use. */
    private ExecutorService pool;
    private VectorFill[] fills;
    private long bytesRead;

    /**
     * A reader of {@code fields} (all top-level fields when empty; dotted paths for nested ones) over {@code region}.
     *
     * @throws dev.stride.model.ZarrException.BadRequest naming a field the array does not have
     */
    public ZarrArrowReader(BufferAllocator allocator, ZarrArray array, List<String> fields, Region region) {
        this(allocator, array, fields, region, Runtime.getRuntime().availableProcessors());
    }

    /** The same, filling each batch on {@code threads} threads (decoding and copying the units of a batch at once). */
    public ZarrArrowReader(BufferAllocator allocator, ZarrArray array, List<String> fields, Region region, int threads) {
        super(allocator);
        if (threads < 1) {
            throw new ZarrException.BadRequest(null, "threads must be at least 1, not " + threads);
        }
        this.threads = threads;
        this.array = array;
        this.columns = ArrowColumn.of(array, fields);
        this.region = region;
        this.schema = ArrowTypes.schema(array, columns, region);
        this.rowBytes = Math.max(1, columns.stream().mapToLong(c -> c.type().byteSize()).sum());
        // a unit larger than a batch would be decoded once per box it falls in: a box then holds a whole unit
        this.unitElements = unitElements(array);
        long rows = Math.min(Math.max(BATCH_BYTES / rowBytes, unitElements), MAX_ROWS);
        this.boxes = new COrderBlocks(region, array.readUnitShape(), rows);
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
        if (!boxes.hasNext()) {
            root.setRowCount(0);
            return false;
        }
        Region box = boxes.next();
        int rows = (int) box.size();
        if (fills == null) {
            fills = makeFills(root);
        }
        for (int i = 0; i < fills.length; i++) {
            FieldVector v = root.getVector(i);
            if (v.getValueCapacity() < rows) {
                v.setInitialCapacity(rows);
                v.allocateNew();
            }
            fills[i].bind(rows);
        }
        fill(box);
        root.setRowCount(rows);
        bytesRead += rows * rowBytes;
        return true;
    }

    /**
     * Fills the batch's rows from the units of {@code box}: its unit-aligned parts on {@link #threads} threads at once
     * (each decodes its own units and copies into its own rows), or on this thread alone when the parts' first rows
     * are not all at whole bytes of a bit buffer (bool and time columns set single bits, which two threads must not do
     * in one byte).
     */
    private void fill(Region box) throws IOException {
        List<Region> parts = new ArrayList<>();
        new COrderBlocks(box, array.readUnitShape(), unitElements).forEachRemaining(parts::add);
        long[] firstRows = new long[parts.size()];
        boolean byteAligned = true;
        for (int i = 1; i < parts.size(); i++) {
            firstRows[i] = firstRows[i - 1] + parts.get(i - 1).size();
            byteAligned &= firstRows[i] % 8 == 0;
        }
        if (threads == 1 || parts.size() == 1 || !byteAligned) {
            copy(box, 0);
            return;
        }
        if (pool == null) {
            pool = Executors.newFixedThreadPool(threads - 1, Thread.ofPlatform().daemon().name("stride-arrow-", 0).factory());
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i; (i = next.getAndIncrement()) < parts.size(); ) {
                copy(parts.get(i), firstRows[i]);
            }
        };
        List<Future<?>> helpers = new ArrayList<>();
        for (int t = 1; t < Math.min(threads, parts.size()); t++) {
            helpers.add(pool.submit(worker));
        }
        Throwable failed = null;
        try {
            worker.run();
        } catch (RuntimeException | Error e) {
            failed = e;
            next.set(parts.size());
        }
        for (Future<?> h : helpers) {
            try {
                h.get();
            } catch (ExecutionException e) {
                failed = failed == null ? e.getCause() : failed;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while the batch was filled");
            }
        }
        switch (failed) {
            case null -> { }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failed);
        }
    }

    /** Copies the records of {@code part} into the rows from {@code firstRow} on. */
    private void copy(Region part, long firstRow) {
        try (UnitCursor units = array.units(part)) {
            while (units.next()) {
                units.forEachRun((records, first, count, out) -> {
                    for (VectorFill f : fills) {
                        f.copy(records, first, (int) count, (int) (firstRow + out));
                    }
                });
            }
        }
    }

    private VectorFill[] makeFills(VectorSchemaRoot root) {
        VectorFill[] out = new VectorFill[columns.size()];
        long recordSize = array.layout().recordSize();
        for (int i = 0; i < out.length; i++) {
            ArrowColumn c = columns.get(i);
            out[i] = VectorFill.of(root.getVector(i), c.type(), c.offset(), recordSize, array.layout().order());
        }
        return out;
    }

    /** Bytes of column values delivered so far. */
    @Override
    public long bytesRead() {
        return bytesRead;
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
        if (pool != null) {
            pool.shutdownNow();
        }
        try {
            super.close();
        } catch (IOException e) {
            // only closeReadSource could throw, and it does nothing
            throw new UncheckedIOException(e);
        }
    }
}
