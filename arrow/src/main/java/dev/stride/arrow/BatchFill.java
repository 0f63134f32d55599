package dev.stride.arrow;

import dev.stride.UnitCursor;
import dev.stride.ZarrArray;
import dev.stride.model.COrderBlocks;
import dev.stride.model.Region;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fills the vectors of one {@link VectorSchemaRoot} with the records of a box of an array, the box's unit-aligned
 * parts on several threads at once: each part's units are decoded by its own {@link UnitCursor} and copied into its
 * own rows. Bool and time columns set single bits, which two threads must not do in one byte, so parts whose first
 * rows are not all at whole bytes are filled on the calling thread alone.
 */
final class BatchFill {
    private final ZarrArray array;
    private final VectorSchemaRoot root;
    private final VectorFill[] fills;
    private final long unitElements;
    private final int threads;
    /** Runs parts beside the calling thread; null with one thread. */
    private final ExecutorService helpers;

    BatchFill(ZarrArray array, List<ArrowColumn> columns, VectorSchemaRoot root, long unitElements, int threads, ExecutorService helpers) {
        this.array = array;
        this.root = root;
        this.unitElements = unitElements;
        this.threads = threads;
        this.helpers = helpers;
        this.fills = new VectorFill[columns.size()];
        long recordSize = array.layout().recordSize();
        for (int i = 0; i < fills.length; i++) {
            ArrowColumn c = columns.get(i);
            fills[i] = VectorFill.of(root.getVector(i), c.type(), c.offset(), recordSize, array.layout().order());
        }
    }

    /** Fills the root with the records of {@code box}, in C order; returns its row count (the root's is not set). */
    int fill(Region box) throws InterruptedException {
        int rows = (int) box.size();
        for (int i = 0; i < fills.length; i++) {
            FieldVector v = root.getVector(i);
            if (v.getValueCapacity() < rows) {
                v.setInitialCapacity(rows);
                v.allocateNew();
            }
            fills[i].bind(rows);
        }
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
            return rows;
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i; (i = next.getAndIncrement()) < parts.size(); ) {
                try {
                    copy(parts.get(i), firstRows[i]);
                } catch (RuntimeException | Error e) {
                    // the others stop at their next part
                    next.set(parts.size());
                    throw e;
                }
            }
        };
        List<Future<?>> running = new ArrayList<>();
        for (int t = 1; t < Math.min(threads, parts.size()); t++) {
            running.add(helpers.submit(worker));
        }
        Throwable failed = null;
        try {
            worker.run();
        } catch (RuntimeException | Error e) {
            failed = e;
        }
        for (Future<?> f : running) {
            try {
                f.get();
            } catch (ExecutionException e) {
                failed = failed == null ? e.getCause() : failed;
            }
        }
        switch (failed) {
            case null -> {
            }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failed);
        }
        return rows;
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
}
