package dev.stride.testing;

import java.util.function.ToLongFunction;

/** N-d index arithmetic for laying out chunks by hand, and the transpose codec's encoding per the spec. */
public final class Grid {
    private Grid() {
    }

    public static long count(long[] shape) {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    /** The C-order position {@code linear} of an array of {@code shape} as coordinates. */
    public static long[] unravel(long linear, long[] shape) {
        long[] out = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            out[d] = linear % shape[d];
            linear /= shape[d];
        }
        return out;
    }

    public static long ravel(long[] pos, long[] shape) {
        long linear = 0;
        for (int d = 0; d < shape.length; d++) {
            linear = linear * shape[d] + pos[d];
        }
        return linear;
    }

    /**
     * The values of chunk {@code chunk} (grid coordinates) of an array of {@code shape} in chunks of {@code chunkShape},
     * in C order over the full chunk: {@code value} of each element's global coordinates, or {@code outside} past the
     * array's edge.
     */
    public static long[] chunkValues(long[] shape, long[] chunkShape, long[] chunk, ToLongFunction<long[]> value, long outside) {
        long[] out = new long[(int) count(chunkShape)];
        for (int i = 0; i < out.length; i++) {
            long[] local = unravel(i, chunkShape);
            long[] global = new long[shape.length];
            boolean inside = true;
            for (int d = 0; d < shape.length; d++) {
                global[d] = chunk[d] * chunkShape[d] + local[d];
                inside &= global[d] < shape[d];
            }
            out[i] = inside ? value.applyAsLong(global) : outside;
        }
        return out;
    }

    /**
     * The transpose codec's encoding: the encoded array B has {@code B_shape[i] = A_shape[order[i]]} and
     * {@code B[B_pos] = A[A_pos]} with {@code B_pos[i] = A_pos[order[i]]}.
     */
    public static long[] transpose(long[] a, long[] aShape, int[] order) {
        long[] bShape = new long[aShape.length];
        for (int i = 0; i < order.length; i++) {
            bShape[i] = aShape[order[i]];
        }
        long[] b = new long[a.length];
        for (int linear = 0; linear < a.length; linear++) {
            long[] aPos = unravel(linear, aShape);
            long[] bPos = new long[aPos.length];
            for (int i = 0; i < order.length; i++) {
                bPos[i] = aPos[order[i]];
            }
            b[(int) ravel(bPos, bShape)] = a[linear];
        }
        return b;
    }

    /** Every grid coordinate of an array of {@code shape} in chunks of {@code chunkShape}, in C order. */
    public static long[][] chunks(long[] shape, long[] chunkShape) {
        long[] grid = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            grid[d] = (shape[d] + chunkShape[d] - 1) / chunkShape[d];
        }
        long[][] out = new long[(int) count(grid)][];
        for (int i = 0; i < out.length; i++) {
            out[i] = unravel(i, grid);
        }
        return out;
    }

    /** The default chunk key ("c/1/0") of grid coordinates. */
    public static String key(long[] chunk) {
        StringBuilder s = new StringBuilder("c");
        for (long c : chunk) {
            s.append('/').append(c);
        }
        return s.toString();
    }

    public static String json(long[] shape) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < shape.length; i++) {
            s.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        return s.append(']').toString();
    }
}
