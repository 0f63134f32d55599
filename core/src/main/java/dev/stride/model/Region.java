package dev.stride.model;

import java.util.Arrays;

/**
 * A box of an N-d array: {@code start} inclusive, {@code stop} exclusive, per dimension.
 *
 * @param start the first index along each dimension, inclusive
 * @param stop the end along each dimension, exclusive
 */
public record Region(long[] start, long[] stop) {

    /**
     * A region from its corners; {@link #within} checks it against an array.
     *
     * @throws ZarrException.BadRequest when {@code start} and {@code stop} have different ranks, or one is null
     */
    public Region {
        if (ZarrException.BadRequest.requireNonNull(start, "start").length != ZarrException.BadRequest.requireNonNull(stop, "stop").length) {
            throw new ZarrException.BadRequest(null, "region start and stop have different ranks (" + start.length + " and " + stop.length + ")");
        }
        start = start.clone();
        stop = stop.clone();
    }

    /**
     * The whole of an array of {@code shape}.
     *
     * @param shape the array's shape
     * @return the region from 0 to {@code shape}
     */
    public static Region all(long[] shape) {
        return new Region(new long[ZarrException.BadRequest.requireNonNull(shape, "shape").length], shape);
    }

    /**
     * Parses {@code "0:10,5:"} (Python-style slices per dimension: {@code a:b}, {@code a:}, {@code :b}, {@code :} or
     * a single index {@code i}; negative values count from the end), clamped to {@code shape}. Missing trailing
     * dimensions are taken whole.
     *
     * @param text the slices
     * @param shape the array's shape
     * @return the region
     * @throws ZarrException.BadRequest when the text is no such slice list, has more dimensions than {@code shape}, or
     *         a single index lies outside its dimension
     */
    public static Region parse(String text, long[] shape) {
        String[] parts = ZarrException.BadRequest.requireNonNull(text, "text").isBlank() ? new String[0] : text.split(",", -1);
        if (parts.length > ZarrException.BadRequest.requireNonNull(shape, "shape").length) {
            throw new ZarrException.BadRequest(null, "region '" + text + "' has " + parts.length + " dimensions, the array " + shape.length);
        }
        long[] start = new long[shape.length];
        long[] stop = shape.clone();
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].trim();
            try {
                int colon = p.indexOf(':');
                if (colon < 0) {
                    long index = resolve(Long.parseLong(p), shape[i]);
                    if (index < 0 || index >= shape[i]) {
                        throw new ZarrException.BadRequest(null, "index " + p + " is outside dimension " + i + " of size " + shape[i]);
                    }
                    start[i] = index;
                    stop[i] = index + 1;
                } else {
                    String a = p.substring(0, colon).trim();
                    String b = p.substring(colon + 1).trim();
                    start[i] = clamp(a.isEmpty() ? 0 : resolve(Long.parseLong(a), shape[i]), shape[i]);
                    stop[i] = Math.max(start[i], clamp(b.isEmpty() ? shape[i] : resolve(Long.parseLong(b), shape[i]), shape[i]));
                }
            } catch (NumberFormatException e) {
                throw new ZarrException.BadRequest(null, "region '" + text + "': '" + p + "' is not a slice like 0:10");
            }
        }
        return new Region(start, stop);
    }

    private static long resolve(long v, long size) {
        return v < 0 ? size + v : v;
    }

    private static long clamp(long v, long size) {
        return Math.max(0, Math.min(v, size));
    }

    /**
     * The corner where the region starts.
     *
     * @return a copy of the first index along each dimension
     */
    @Override
    public long[] start() {
        return start.clone();
    }

    /**
     * The corner where the region stops.
     *
     * @return a copy of the exclusive end along each dimension
     */
    @Override
    public long[] stop() {
        return stop.clone();
    }

    /**
     * The number of dimensions.
     *
     * @return the rank
     */
    public int rank() {
        return start.length;
    }

    /**
     * The region's size along each dimension.
     *
     * @return {@code stop - start} per dimension
     */
    public long[] shape() {
        long[] s = new long[start.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = stop[i] - start[i];
        }
        return s;
    }

    /**
     * Number of elements.
     *
     * @return the product of the region's shape
     * @throws ArithmeticException when the count exceeds a long
     */
    public long size() {
        long n = 1;
        for (int i = 0; i < start.length; i++) {
            n = Math.multiplyExact(n, stop[i] - start[i]);
        }
        return n;
    }

    /**
     * Checks that the region lies inside an array of {@code shape}.
     *
     * @param node the array's path, for the message
     * @param shape the array's shape
     * @return this region
     * @throws ZarrException.BadRequest when the ranks differ or the region reaches outside the shape
     */
    public Region within(long[] shape, String node) {
        if (ZarrException.BadRequest.requireNonNull(shape, "shape").length != start.length) {
            throw new ZarrException.BadRequest(node, "region of rank " + start.length + " for an array of rank " + shape.length);
        }
        for (int i = 0; i < shape.length; i++) {
            if (start[i] < 0 || stop[i] < start[i] || stop[i] > shape[i]) {
                throw new ZarrException.BadRequest(node, "region " + this + " is outside the array's shape " + Arrays.toString(shape));
            }
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Region r && Arrays.equals(r.start, start) && Arrays.equals(r.stop, stop);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(start) * 31 + Arrays.hashCode(stop);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < start.length; i++) {
            s.append(i == 0 ? "" : ", ").append(start[i]).append(':').append(stop[i]);
        }
        return s.append(']').toString();
    }
}
