package dev.stride.internal.region;


import dev.stride.model.Region;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Cuts a region into boxes of at most {@code maxElements} elements that follow one another in C order, so reading
 * them in turn gives every element in C order with memory bounded by one box. A box spans the trailing dimensions
 * whole where they fit and is cut along one dimension, ending on a read-unit boundary where one is in reach so that
 * a chunk is decoded once per box rather than once per row.
 */
public final class COrderBlocks implements Iterator<Region> {
    private final long[] start;
    private final long[] stop;
    private final long[] unitShape;
    /** The dimension boxes are cut along (-1 for a 0-d region); those before it advance one index at a time. */
    private final int cut;
    /** Elements along {@link #cut} per box at most. */
    private final long step;
    private final long[] cursor;
    private boolean done;

    public COrderBlocks(Region region, long[] unitShape, long maxElements) {
        this.start = region.start();
        this.stop = region.stop();
        this.unitShape = unitShape.clone();
        this.cursor = start.clone();
        this.done = region.size() == 0;
        long[] shape = region.shape();
        long inner = 1;
        int k = shape.length - 1;
        while (!done && k > 0 && shape[k] <= maxElements / inner) {
            inner *= shape[k];
            k--;
        }
        this.cut = k;
        this.step = Math.max(1, maxElements / inner);
    }

    @Override
    public boolean hasNext() {
        return !done;
    }

    @Override
    public Region next() {
        if (done) {
            throw new NoSuchElementException();
        }
        long[] from = start.clone();
        long[] to = stop.clone();
        for (int d = 0; d < cut; d++) {
            from[d] = cursor[d];
            to[d] = cursor[d] + 1;
        }
        if (cut >= 0) {
            from[cut] = cursor[cut];
            to[cut] = end(cursor[cut]);
        }
        advance(to);
        return new Region(from, to);
    }

    /** Where a box starting at {@code at} along the cut dimension ends. */
    private long end(long at) {
        long end = at + Math.min(step, stop[cut] - at);
        long aligned = end / unitShape[cut] * unitShape[cut];
        return end < stop[cut] && aligned > at ? aligned : end;
    }

    private void advance(long[] boxStop) {
        if (cut < 0) {
            done = true;
            return;
        }
        cursor[cut] = boxStop[cut];
        for (int d = cut; cursor[d] == stop[d]; d--) {
            if (d == 0) {
                done = true;
                return;
            }
            cursor[d] = start[d];
            cursor[d - 1]++;
        }
    }
}
