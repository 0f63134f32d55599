package dev.stride.array;

import dev.stride.dtype.FieldAccessor;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass that gathers count, sum, min and max of several fields: each worker keeps running statistics per field,
 * and hands each unit's partial sums to an {@link OrderedSum} per field when the unit is done, so the sums do not
 * depend on which thread read which unit.
 */
final class FieldScan {
    /** Records of a unit read for all fields before the next records: small enough to stay in the L2 cache. */
    private static final long BLOCK_BYTES = 128 << 10;

    private final List<String> names;
    private final FieldAccessor[] fields;
    private final long recordSize;
    private final long block;
    private final OrderedSum[] sums;
    private final List<double[][]> workers = new ArrayList<>();

    FieldScan(List<String> names, FieldAccessor[] fields, long recordSize) {
        this.names = List.copyOf(names);
        this.fields = fields.clone();
        this.recordSize = recordSize;
        // one field is read in one go; several a block at a time, so a unit is fetched from memory once, not per field
        this.block = fields.length == 1 ? Long.MAX_VALUE : Math.max(1, BLOCK_BYTES / Math.max(1, recordSize));
        this.sums = new OrderedSum[fields.length];
        for (int f = 0; f < fields.length; f++) {
            sums[f] = new OrderedSum();
        }
    }

    /** The visitor of one worker, with its own running statistics. */
    ParallelReader.UnitVisitor worker() {
        double[][] acc = new double[fields.length][];
        for (int f = 0; f < fields.length; f++) {
            acc[f] = Kernels.start();
        }
        synchronized (workers) {
            workers.add(acc);
        }
        return new ParallelReader.UnitVisitor() {
            @Override
            public void run(MemorySegment unit, long first, long n, long at) {
                for (long done = 0; done < n; done += block) {
                    long count = Math.min(block, n - done);
                    for (int f = 0; f < fields.length; f++) {
                        Kernels.aggregate(fields[f], unit, recordSize, first + done, count, acc[f]);
                    }
                }
            }

            @Override
            public void unitDone(long unit) {
                for (int f = 0; f < fields.length; f++) {
                    sums[f].add(unit, acc[f][1]);
                    acc[f][1] = 0;
                }
            }
        };
    }

    /** The statistics of each field, in the order given, once every worker is done. */
    List<FieldStats> results() {
        List<FieldStats> out = new ArrayList<>(fields.length);
        for (int f = 0; f < fields.length; f++) {
            // count, min and max do not depend on the order in which workers saw the records
            FieldStats total = FieldStats.empty(names.get(f));
            for (double[][] acc : workers) {
                if (acc[f][0] > 0) {
                    total = total.merge(new FieldStats(names.get(f), (long) acc[f][0], 0, acc[f][2], acc[f][3]));
                }
            }
            out.add(new FieldStats(names.get(f), total.count(), sums[f].total(), total.min(), total.max()));
        }
        return out;
    }
}
