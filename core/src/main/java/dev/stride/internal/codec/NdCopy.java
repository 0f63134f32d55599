package dev.stride.internal.codec;

import java.lang.foreign.MemorySegment;

/** Copies an N-d box of fixed-size elements between two packed arrays with any element strides. */
public final class NdCopy {
    private NdCopy() {
    }

    /** C-order strides in elements of a packed array of {@code shape}. */
    public static long[] strides(long[] shape) {
        long[] s = new long[shape.length];
        long step = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            s[i] = step;
            step *= shape[i];
        }
        return s;
    }

    /**
     * Copies the elements of the box {@code extent}, starting at element {@code srcStart} of {@code src} and
     * {@code dstStart} of {@code dst}, stepping by the given element strides per dimension. Rows that are
     * contiguous in both are copied in bulk.
     */
    public static void copy(MemorySegment src, long srcStart, long[] srcStrides,
                            MemorySegment dst, long dstStart, long[] dstStrides, long[] extent, long elementSize) {
        int rank = extent.length;
        for (long e : extent) {
            if (e == 0) {
                return;
            }
        }
        if (rank == 0) {
            MemorySegment.copy(src, srcStart * elementSize, dst, dstStart * elementSize, elementSize);
            return;
        }
        int last = rank - 1;
        boolean rows = srcStrides[last] == 1 && dstStrides[last] == 1;
        long rowElements = rows ? extent[last] : 1;
        long[] index = new long[rank];
        long s = srcStart;
        long d = dstStart;
        while (true) {
            if (rows) {
                MemorySegment.copy(src, s * elementSize, dst, d * elementSize, rowElements * elementSize);
            } else {
                MemorySegment.copy(src, s * elementSize, dst, d * elementSize, elementSize);
            }
            int dim = rows ? last - 1 : last;
            while (dim >= 0) {
                index[dim]++;
                s += srcStrides[dim];
                d += dstStrides[dim];
                if (index[dim] < extent[dim]) {
                    break;
                }
                s -= srcStrides[dim] * extent[dim];
                d -= dstStrides[dim] * extent[dim];
                index[dim] = 0;
                dim--;
            }
            if (dim < 0) {
                return;
            }
        }
    }

    /** Fills {@code dst} with copies of one element's bytes. */
    public static void fill(MemorySegment dst, byte[] element) {
        boolean zero = true;
        for (byte b : element) {
            zero &= b == 0;
        }
        if (zero || dst.byteSize() == 0) {
            dst.fill((byte) 0);
            return;
        }
        long n = dst.byteSize();
        MemorySegment.copy(MemorySegment.ofArray(element), 0, dst, 0, Math.min(element.length, n));
        for (long filled = element.length; filled < n; filled *= 2) {
            MemorySegment.copy(dst, 0, dst, filled, Math.min(filled, n - filled));
        }
    }
}
