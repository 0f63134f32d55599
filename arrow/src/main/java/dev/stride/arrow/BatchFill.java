package dev.stride.arrow;

import dev.stride.UnitCursor;
import dev.stride.ZarrArray;
import dev.stride.internal.region.COrderBlocks;
import dev.stride.model.Region;
import org.apache.arrow.vector.VectorSchemaRoot;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fills the vectors of one {@link VectorSchemaRoot} with the records of a box of an array, the box's unit-aligned
 * parts on several threads at once: each part's units are decoded by its own {@link UnitCursor} and copied into its
 * own rows. Bool and time columns set single bits, which two threads must not do in one byte, so parts whose first
 * rows are not all at whole bytes are filled on the calling thread alone.
 */
final class BatchFill {
    private final ZarrArray array;
    private final RootFill fill;
    private final long unitElements;
    private final int threads;
    /** Runs parts beside the calling thread; null with one thread. */
    private final ExecutorService helpers;

    BatchFill(ZarrArray array, List<ArrowColumn> columns, VectorSchemaRoot root, long unitElements, int threads, ExecutorService helpers) {
        this.array = array;
        this.fill = new RootFill(array, columns, root);
        this.unitElements = unitElements;
        this.threads = threads;
        this.helpers = helpers;
    }

    /** Fills the root with the records of {@code box}, in C order; returns its row count (the root's is not set). */
    int fill(Region box) throws InterruptedException {
        int rows = (int) box.size();
        fill.bind(rows);
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
            fill.finish(rows);
            return rows;
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i; (i = next.getAndIncrement()) < parts.size(); ) {
                copy(parts.get(i), firstRows[i]);
            }
        };
        OnAllThreads.run(worker, helpers, Math.min(threads, parts.size()) - 1, () -> next.set(parts.size()));
        fill.finish(rows);
        return rows;
    }

    /** Copies the records of {@code part} into the rows from {@code firstRow} on. */
    private void copy(Region part, long firstRow) {
        try (UnitCursor units = array.units(part)) {
            while (units.next()) {
                units.forEachRun((records, first, count, out) -> fill.copy(records, first, (int) count, (int) (firstRow + out)));
            }
        }
    }
}
