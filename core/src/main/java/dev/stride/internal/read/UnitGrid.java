package dev.stride.internal.read;

import dev.stride.internal.codec.NdCopy;
import dev.stride.model.Region;
import dev.stride.model.RunVisitor;

import java.lang.foreign.MemorySegment;

/**
 * The read units that intersect a region, numbered 0..{@link #count()} in C order, and the runs of consecutive
 * records (along the last dimension) that each contributes to the region. Public because the writer
 * (the writer) walks the chunks of a region the same way.
 */
public final class UnitGrid {

    private final long[] unitShape;
    private final long[] start;
    private final long[] stop;
    private final long[] firstUnit;
    private final long[] units;
    private final long count;
    private final long[] unitStrides;
    private final long[] regionStrides;

    public UnitGrid(long[] unitShape, Region region) {
        this.unitShape = unitShape;
        this.start = region.start();
        this.stop = region.stop();
        int rank = start.length;
        firstUnit = new long[rank];
        units = new long[rank];
        long n = 1;
        for (int d = 0; d < rank; d++) {
            if (stop[d] <= start[d]) {
                n = 0;
                break;
            }
            firstUnit[d] = start[d] / unitShape[d];
            units[d] = (stop[d] - 1) / unitShape[d] - firstUnit[d] + 1;
            n = Math.multiplyExact(n, units[d]);
        }
        count = n;
        unitStrides = NdCopy.strides(unitShape);
        regionStrides = NdCopy.strides(region.shape());
    }

    public long count() {
        return count;
    }

    /** Unit grid coordinates of unit number {@code n}. */
    public long[] unit(long n) {
        long[] u = new long[units.length];
        for (int d = units.length - 1; d >= 0; d--) {
            u[d] = firstUnit[d] + n % units[d];
            n /= units[d];
        }
        return u;
    }

    /** The number of the unit at grid coordinates {@code u}, or -1 when it does not meet the region. */
    public long number(long[] u) {
        long n = 0;
        for (int d = 0; d < units.length; d++) {
            long k = u[d] - firstUnit[d];
            if (k < 0 || k >= units[d]) {
                return -1;
            }
            n = n * units[d] + k;
        }
        return n;
    }

    /** Number of the region's records that unit {@code u} holds. */
    public long recordsIn(long[] u) {
        long n = 1;
        for (int d = 0; d < u.length; d++) {
            n *= Math.min(stop[d], (u[d] + 1) * unitShape[d]) - Math.max(start[d], u[d] * unitShape[d]);
        }
        return n;
    }

    /** Calls {@code visitor} for each run of unit {@code u} inside the region, in C order. */
    public void forEachRun(long[] u, MemorySegment unit, RunVisitor visitor) {
        int rank = u.length;
        if (rank == 0) {
            visitor.run(unit, 0, 1, 0);
            return;
        }
        long[] lo = new long[rank];
        long[] extent = new long[rank];
        long src = 0;
        long dst = 0;
        for (int d = 0; d < rank; d++) {
            long origin = u[d] * unitShape[d];
            lo[d] = Math.max(start[d], origin);
            extent[d] = Math.min(stop[d], origin + unitShape[d]) - lo[d];
            src += (lo[d] - origin) * unitStrides[d];
            dst += (lo[d] - start[d]) * regionStrides[d];
        }
        int last = rank - 1;
        long run = extent[last];
        long[] index = new long[rank];
        while (true) {
            visitor.run(unit, src, run, dst);
            int d = last - 1;
            while (d >= 0) {
                index[d]++;
                src += unitStrides[d];
                dst += regionStrides[d];
                if (index[d] < extent[d]) {
                    break;
                }
                src -= unitStrides[d] * extent[d];
                dst -= regionStrides[d] * extent[d];
                index[d] = 0;
                d--;
            }
            if (d < 0) {
                return;
            }
        }
    }
}
