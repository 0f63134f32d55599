package dev.stride.spark;

import dev.stride.model.Region;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a region into boxes aligned to the stored chunks (whole shards for a sharded array) holding about a target of
 * decoded bytes each. A box spans one chunk along the leading dimensions, several along one dimension {@code k}, and
 * the whole region along the dimensions after {@code k}; {@code k} is the first dimension at which one chunk's slab
 * fits the target, so boxes stay as close to whole chunks in C order as the target allows.
 *
 * <p>Each box is a run of consecutive numbers of the grid of chunks the region meets (C order), which lets a plan
 * follow the chunks stored ({@link #partitions(long[], long[])}): the boxes holding a stored chunk are read, and each run of
 * chunks between them, never written, becomes a few boxes of fill values, however many chunks the run spans.
 */
final class Partitioner {
    private final Region region;
    private final long[] chunkShape;
    /** Per dimension: the first chunk the region meets, and how many it meets. */
    private final long[] firstChunk;
    private final long[] chunks;
    /** Per dimension: how many grid numbers one step along it moves. */
    private final long[] strides;
    private final long gridCount;
    private final int k;
    /** Chunks along {@code k} in one box. */
    private final long perBox;

    private Partitioner(Region region, long[] chunkShape, long recordSize, long targetBytes) {
        this.region = region;
        this.chunkShape = chunkShape;
        int rank = region.rank();
        long[] start = region.start();
        long[] stop = region.stop();
        this.firstChunk = new long[rank];
        this.chunks = new long[rank];
        this.strides = new long[rank];
        long count = region.size() == 0 ? 0 : 1;
        for (int d = rank - 1; d >= 0 && count > 0; d--) {
            firstChunk[d] = start[d] / chunkShape[d];
            chunks[d] = (stop[d] - 1) / chunkShape[d] - firstChunk[d] + 1;
            strides[d] = count;
            count *= chunks[d];
        }
        this.gridCount = count;
        int at = Math.max(0, rank - 1);
        for (int d = 0; d < rank; d++) {
            if (slabBytes(d, start, stop, chunkShape, recordSize) <= targetBytes) {
                at = d;
                break;
            }
        }
        this.k = at;
        long slab = rank == 0 ? recordSize : slabBytes(k, start, stop, chunkShape, recordSize);
        this.perBox = rank == 0 ? 1 : Math.min(chunks[k], Math.max(1, targetBytes / Math.max(1, slab)));
    }

    static Partitioner of(Region region, long[] chunkShape, long recordSize, long targetBytes) {
        return new Partitioner(region, chunkShape, recordSize, targetBytes);
    }

    /** How many boxes {@link #boxes()} gives, counted without making them. */
    long count() {
        if (region.rank() == 0) {
            return region.size();
        }
        return gridCount == 0 ? 0 : gridCount / (strides[k] * chunks[k]) * ceilDiv(chunks[k], perBox);
    }

    /** The chunks the region meets. */
    long gridCount() {
        return region.rank() == 0 ? region.size() : gridCount;
    }

    /** The boxes of the whole region, in C order. */
    List<Region> boxes() {
        if (region.rank() == 0) {
            return region.size() == 0 ? List.of() : List.of(region);
        }
        List<Region> out = new ArrayList<>();
        for (long lo = 0; lo < gridCount; ) {
            long hi = boxEnd(lo);
            out.add(region(lo, hi));
            lo = hi;
        }
        return out;
    }

    /**
     * The partitions of the region when only the chunks numbered {@code stored} (ascending, in the grid's C order)
     * hold records: a box read for each box of {@link #boxes()} holding one, and the chunks between as boxes of fill
     * values, at most {@code 2 * rank - 1} for each run of them. Their number follows the chunks stored, not the shape.
     * A box is left out when all its chunks are stored and none is among {@code mayMatch} (ascending; null: every
     * chunk may match): a filter's statistics have ruled out each record it holds. A box with an unwritten chunk is
     * read, as its fill values may match.
     */
    List<ZarrPartition> partitions(long[] stored, long[] mayMatch) {
        List<ZarrPartition> out = new ArrayList<>();
        long done = 0;
        for (int i = 0; i < stored.length; ) {
            long lo = boxStart(stored[i]);
            long hi = boxEnd(lo);
            boolean read = false;
            int first = i;
            for (; i < stored.length && stored[i] < hi; i++) {
                read |= mayMatch == null || Arrays.binarySearch(mayMatch, stored[i]) >= 0;
            }
            fill(done, lo, out);
            if (read || i - first < hi - lo) {
                out.add(ZarrPartition.read(region(lo, hi)));
            }
            done = hi;
        }
        fill(done, gridCount, out);
        return out;
    }

    /** The first grid number of the box holding chunk {@code n}. */
    private long boxStart(long n) {
        long row = n / (strides[k] * chunks[k]);
        long along = n / strides[k] % chunks[k];
        return (row * chunks[k] + along / perBox * perBox) * strides[k];
    }

    /** The grid number after the box that starts at {@code lo}. */
    private long boxEnd(long lo) {
        long row = lo / (strides[k] * chunks[k]);
        long along = lo / strides[k] % chunks[k];
        return (row * chunks[k] + Math.min(chunks[k], along + perBox)) * strides[k];
    }

    /** Adds grid numbers {@code lo..hi-1} as boxes of fill values: the fewest boxes that cover the run exactly. */
    private void fill(long lo, long hi, List<ZarrPartition> out) {
        while (lo < hi) {
            // the coarsest dimension at which lo starts a step, and the most whole steps along it that fit the run
            int d = 0;
            while (lo % strides[d] != 0) {
                d++;
            }
            long next;
            while (true) {
                long rowStart = lo - lo % (strides[d] * chunks[d]);
                long steps = Math.min(chunks[d], (hi - rowStart) / strides[d]);
                next = rowStart + steps * strides[d];
                if (next > lo) {
                    break;
                }
                d++;
            }
            out.add(ZarrPartition.fill(region(lo, next)));
            lo = next;
        }
    }

    /** The records of grid numbers {@code lo..hi-1}, which must form a box, clipped to the region. */
    private Region region(long lo, long hi) {
        int rank = region.rank();
        long[] start = new long[rank];
        long[] stop = new long[rank];
        long last = hi - 1;
        for (int d = 0; d < rank; d++) {
            long a = lo / strides[d] % chunks[d];
            long b = last / strides[d] % chunks[d];
            start[d] = Math.max(region.start()[d], (firstChunk[d] + a) * chunkShape[d]);
            long end = firstChunk[d] + b + 1;
            stop[d] = end > (region.stop()[d] - 1) / chunkShape[d] ? region.stop()[d] : end * chunkShape[d];
        }
        return new Region(start, stop);
    }

    private static long ceilDiv(long a, long b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }

    /** Bytes of one chunk along dimensions 0..k, the whole region after k. */
    private static long slabBytes(int k, long[] start, long[] stop, long[] chunkShape, long recordSize) {
        double bytes = recordSize;
        for (int d = 0; d < start.length; d++) {
            bytes *= d <= k ? Math.min(chunkShape[d], stop[d] - start[d]) : stop[d] - start[d];
        }
        return bytes >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) bytes;
    }
}
