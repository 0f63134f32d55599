package dev.stride.internal.where;

import dev.stride.model.Region;
import dev.stride.model.RunVisitor;

import java.lang.foreign.MemorySegment;

/**
 * Tests the records of each run it receives against a condition and hands on only the runs of those true, whole (a run
 * of matches spanning batches stays one run). Records are tested a batch at a time, or one by one with their
 * coordinates when the condition uses them. One per thread: it keeps its working arrays between runs.
 */
public final class MatchingRuns implements RunVisitor {
    private final Condition condition;
    private final boolean usesIndex;
    private final long[] start;
    private final long[] shape;
    private final long[] coordinates;
    private final RunVisitor matched;
    private final Batch batch = new Batch();
    private final byte[] outcomes = new byte[Batch.RECORDS];

    /** Runs' {@code out} positions are C-order positions in {@code region}, from which coordinates are computed. */
    public MatchingRuns(Condition condition, boolean usesIndex, Region region, RunVisitor matched) {
        this.condition = condition;
        this.usesIndex = usesIndex;
        this.start = region.start();
        this.shape = region.shape();
        this.coordinates = new long[shape.length];
        this.matched = matched;
    }

    @Override
    public void run(MemorySegment unit, long first, long n, long at) {
        if (usesIndex) {
            long p = at;
            for (int d = shape.length - 1; d >= 0; d--) {
                coordinates[d] = start[d] + p % shape[d];
                p /= shape[d];
            }
        }
        long from = -1;
        for (long done = 0; done < n; done += Batch.RECORDS) {
            int size = (int) Math.min(Batch.RECORDS, n - done);
            if (usesIndex) {
                testWithCoordinates(unit, first + done, size);
            } else {
                condition.testAll(unit, first + done, size, batch, 0, outcomes);
            }
            for (int k = 0; k < size; k++) {
                boolean match = outcomes[k] == Condition.TRUE;
                if (match && from < 0) {
                    from = done + k;
                } else if (!match && from >= 0) {
                    matched.run(unit, first + from, done + k - from, at + from);
                    from = -1;
                }
            }
        }
        if (from >= 0) {
            matched.run(unit, first + from, n - from, at + from);
        }
    }

    /** Each record's outcome with its coordinates, which advance along the last dimension as the records do. */
    private void testWithCoordinates(MemorySegment unit, long first, int size) {
        int last = shape.length - 1;
        for (int k = 0; k < size; k++) {
            outcomes[k] = (byte) condition.test(unit, first + k, coordinates);
            coordinates[last]++;
        }
    }
}
