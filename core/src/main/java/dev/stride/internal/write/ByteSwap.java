package dev.stride.internal.write;

import dev.stride.model.DataType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/** Reverses the byte order of packed records in place: each multi-byte number, each half of a complex number. */
public final class ByteSwap {
    private final long recordSize;
    private final long[] offsets;
    private final int[] sizes;

    public ByteSwap(DataType type) {
        this.recordSize = type.byteSize();
        List<long[]> units = new ArrayList<>();
        type.forEachSwapUnit(0, (offset, size) -> units.add(new long[] {offset, size}));
        this.offsets = units.stream().mapToLong(u -> u[0]).toArray();
        this.sizes = units.stream().mapToInt(u -> (int) u[1]).toArray();
    }

    public void swap(MemorySegment records, long first, long count) {
        for (long r = first; r < first + count; r++) {
            long base = r * recordSize;
            for (int u = 0; u < offsets.length; u++) {
                long at = base + offsets[u];
                switch (sizes[u]) {
                    case 2 -> records.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, Short.reverseBytes(records.get(ValueLayout.JAVA_SHORT_UNALIGNED, at)));
                    case 4 -> records.set(ValueLayout.JAVA_INT_UNALIGNED, at, Integer.reverseBytes(records.get(ValueLayout.JAVA_INT_UNALIGNED, at)));
                    default -> records.set(ValueLayout.JAVA_LONG_UNALIGNED, at, Long.reverseBytes(records.get(ValueLayout.JAVA_LONG_UNALIGNED, at)));
                }
            }
        }
    }
}
