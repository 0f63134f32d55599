package dev.stride.cli;

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
}
