package dev.stride.cli;

import dev.stride.FilteredArray;
import dev.stride.ZarrArray;
import dev.stride.internal.region.COrderBlocks;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;

import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Hands a region's elements to an {@link ElementWriter} in C order, a block of records at a time (cat, export). */
final class Elements {
    /** Bytes of records read at a time: memory stays bounded however large the array is. */
    private static final long BLOCK_BYTES = 32L << 20;
    /** Elements between checks that the output still has a reader; a check flushes, so not every element. */
    private static final long CHECK_EVERY = 4096;

    private Elements() {
    }

    /**
     * Writes the first {@code count} elements of {@code box}; stops early, quietly, when {@code out} has no reader any
     * more ({@code stride cat | head}).
     */
    static void print(ZarrArray array, Region box, long count, ElementWriter writer, PrintWriter out, ScanOptions.Progress progress) {
        long blockElements = Math.max(1, Math.min(BLOCK_BYTES / array.layout().recordSize(), count));
        COrderBlocks blocks = new COrderBlocks(box, array.readUnitShape(), blockElements);
        long position = 0;
        while (position < count && blocks.hasNext()) {
            Region block = blocks.next();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment records = array.readRecords(block, arena);
                long n = Math.min(block.size(), count - position);
                for (long i = 0; i < n; i++, position++) {
                    if (position % CHECK_EVERY == 0 && out.checkError()) {
                        return;
                    }
                    writer.write(records, i, position);
                }
            }
            progress.update(position, count);
        }
        writer.finish();
    }

    /** Thrown through a filtered visit to end it once the output has no reader. */
    private static final class OutputClosed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutputClosed() {
            super(null, null, false, false);
        }
    }

    /**
     * Writes the first {@code count} matching elements of {@code box}, in C order, each with its position in the box;
     * stops early, quietly, as {@link #print} does.
     */
    static void print(FilteredArray filtered, Region box, long count, ElementWriter writer, PrintWriter out) {
        long[] written = {0};
        try {
            filtered.forEachRecord(box, count, null, (position, records, i) -> {
                if (written[0]++ % CHECK_EVERY == 0 && out.checkError()) {
                    throw new OutputClosed();
                }
                writer.write(records, i, position);
            });
        } catch (OutputClosed stop) {
            return;
        }
        writer.finish();
    }
}
