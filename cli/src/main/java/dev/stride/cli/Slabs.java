package dev.stride.cli;

import dev.stride.model.Region;

/**
 * An array cut into slabs for writing in parallel: boxes of whole write units (the destination's chunks, or shards
 * when it is sharded), so no two slabs share a unit and each is written without reading it back. Along the first
 * dimension a slab takes several units when the source's read unit is taller, so a source chunk is decoded once
 * rather than once per slab, as long as that leaves a slab per thread and stays within {@link #TARGET_BYTES}.
 * Memory per slab is bounded by that target or one write unit, whichever is larger, never by the array.
 */
final class Slabs {
    static final long TARGET_BYTES = 64L << 20;

    private final long[] shape;
    private final long[] slabShape;
    /** Slabs along each dimension, and in all. */
    private final long[] slabs;
    private final long count;

    /**
     * @param writeUnit  the destination's chunk (or shard) shape
     * @param readUnit   the source's read unit shape (chunk, or inner chunk when sharded)
     */
    Slabs(long[] shape, long[] writeUnit, long[] readUnit, long recordSize, int threads) {
        this.shape = shape.clone();
        this.slabShape = writeUnit.clone();
        if (shape.length > 0) {
            double unitBytes = recordSize;
            for (long s : writeUnit) {
                unitBytes *= s;
            }
            long units = Math.min(ceil(readUnit[0], writeUnit[0]), ceil(ceil(shape[0], writeUnit[0]), threads));
            slabShape[0] = writeUnit[0] * Math.max(1, Math.min(units, (long) (TARGET_BYTES / unitBytes)));
        }
        this.slabs = new long[shape.length];
        long n = 1;
        for (int d = 0; d < shape.length; d++) {
            slabs[d] = shape[d] == 0 ? 0 : ceil(shape[d], slabShape[d]);
            n = Math.multiplyExact(n, slabs[d]);
        }
        this.count = n;
    }

    long count() {
        return count;
    }

    /** Slab number {@code n}, in C order of the slab grid. */
    Region get(long n) {
        long[] start = new long[shape.length];
        long[] stop = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            start[d] = n % slabs[d] * slabShape[d];
            stop[d] = Math.min(shape[d], start[d] + slabShape[d]);
            n /= slabs[d];
        }
        return new Region(start, stop);
    }

    /** a / b rounded up, at least 1. */
    private static long ceil(long a, long b) {
        return a <= 0 ? 1 : (a - 1) / b + 1;
    }
}
