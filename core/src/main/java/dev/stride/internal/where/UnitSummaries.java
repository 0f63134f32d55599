package dev.stride.internal.where;

import dev.stride.model.FieldAccessor;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The running statistics of one unit's fields as its records are handed over in runs: for each field the values
 * counted, how many were NaN or NaT, and the least and greatest key ({@link Source}) of the others. A run is read in
 * blocks of at most {@value #BLOCK} records, each through one {@link ByteBuffer} view and one field at a time by that
 * field's {@link FieldKernel}: a writer gathers statistics of every chunk it stores, and a call per value would cost
 * more than the value. Blocks keep the records in the cache while each field's loop reads them. One instance serves one
 * thread.
 */
final class UnitSummaries {
    /** Records per block: tens of kilobytes of records, which the first-level caches hold. */
    static final int BLOCK = 2048;

    private final String[] paths;
    private final FieldKernel[] kernels;
    private final int recordSize;
    /** Records per block, fewer for records so large that a block's bytes would not fit an int. */
    private final int block;

    /**
     * Statistics of {@code fields} (each one {@link Source#of} accepts) of records of {@code recordSize} bytes.
     *
     * @throws ArithmeticException for records of more than {@link Integer#MAX_VALUE} bytes
     */
    UnitSummaries(List<FieldAccessor> fields, long recordSize) {
        this.recordSize = Math.toIntExact(recordSize);
        this.block = Math.max(1, Math.min(BLOCK, Integer.MAX_VALUE / Math.max(1, this.recordSize)));
        this.paths = fields.stream().map(FieldAccessor::path).toArray(String[]::new);
        this.kernels = fields.stream().map(f -> FieldKernel.of(Source.of(f), this.recordSize)).toArray(FieldKernel[]::new);
    }

    /** Adds records {@code [first, first + n)} of {@code records}. */
    void add(MemorySegment records, long first, long n) {
        for (long start = first; start < first + n; start += block) {
            int m = (int) Math.min(block, first + n - start);
            ByteBuffer bytes = records.asSlice(start * recordSize, (long) m * recordSize).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            for (FieldKernel k : kernels) {
                k.block(bytes, m, records, start);
            }
        }
    }

    /** The summaries of every field by path, for the records added since the last call, which starts a new unit. */
    Map<String, Summary> finish() {
        Map<String, Summary> out = new LinkedHashMap<>();
        for (int f = 0; f < paths.length; f++) {
            out.put(paths[f], kernels[f].finish());
        }
        return out;
    }
}
