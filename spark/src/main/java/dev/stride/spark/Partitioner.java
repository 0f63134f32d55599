package dev.stride.spark;

import dev.stride.model.Region;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a region into boxes aligned to the stored chunks (whole shards for a sharded array) holding about a target of
 * decoded bytes each. A box spans one chunk along the leading dimensions, several along one dimension {@code k}, and
 * the whole region along the dimensions after {@code k}; {@code k} is the first dimension at which one chunk's slab
 * fits the target, so boxes stay as close to whole chunks in C order as the target allows.
 */
final class Partitioner {
    private Partitioner() {
    }

    static List<Region> boxes(Region region, long[] chunkShape, long recordSize, long targetBytes) {
        int rank = region.rank();
        if (rank == 0 || region.size() == 0) {
            return region.size() == 0 ? List.of() : List.of(region);
        }
        long[] start = region.start();
        long[] stop = region.stop();
        int k = rank - 1;
        long slab = 0;
        for (int d = 0; d < rank; d++) {
            slab = slabBytes(d, start, stop, chunkShape, recordSize);
            if (slab <= targetBytes) {
                k = d;
                break;
            }
        }
        slab = slabBytes(k, start, stop, chunkShape, recordSize);
        long perBox = Math.max(1, targetBytes / Math.max(1, slab));
        long step = perBox > Long.MAX_VALUE / chunkShape[k] ? Long.MAX_VALUE : perBox * chunkShape[k];
        List<Region> out = new ArrayList<>();
        long[] boxStart = new long[rank];
        long[] boxStop = new long[rank];
        collect(0, k, step, start, stop, chunkShape, boxStart, boxStop, out);
        return out;
    }

    /** Bytes of one chunk along dimensions 0..k, the whole region after k. */
    private static long slabBytes(int k, long[] start, long[] stop, long[] chunkShape, long recordSize) {
        double bytes = recordSize;
        for (int d = 0; d < start.length; d++) {
            bytes *= d <= k ? Math.min(chunkShape[d], stop[d] - start[d]) : stop[d] - start[d];
        }
        return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
    }

    private static void collect(int d, int k, long step, long[] start, long[] stop, long[] chunkShape,
                                long[] boxStart, long[] boxStop, List<Region> out) {
        if (d == start.length) {
            out.add(new Region(boxStart.clone(), boxStop.clone()));
            return;
        }
        if (d > k) {
            boxStart[d] = start[d];
            boxStop[d] = stop[d];
            collect(d + 1, k, step, start, stop, chunkShape, boxStart, boxStop, out);
            return;
        }
        long width = d == k ? step : chunkShape[d];
        // boxes after the region's first begin on multiples of the chunk, counted from 0, not from the region: no chunk
        // is read by two boxes
        long lo = start[d];
        while (lo < stop[d]) {
            long aligned = lo - lo % chunkShape[d];
            long next = width == Long.MAX_VALUE ? stop[d] : Math.min(stop[d], aligned + width);
            boxStart[d] = lo;
            boxStop[d] = next;
            collect(d + 1, k, step, start, stop, chunkShape, boxStart, boxStop, out);
            lo = next;
        }
    }
}
