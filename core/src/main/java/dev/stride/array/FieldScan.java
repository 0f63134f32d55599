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
            // count, min and max do not depend on the order in which workers saw the records; a worker that saw none
            // holds the starting infinities, which change neither
            double[] total = Kernels.start();
            for (double[][] acc : workers) {
                total[0] += acc[f][0];
                total[2] = Math.min(total[2], acc[f][2]);
                total[3] = Math.max(total[3], acc[f][3]);
            }
            String name = names.get(f);
            out.add(total[0] == 0 ? FieldStats.empty(name) : new FieldStats(name, (long) total[0], sums[f].total(), total[2], total[3]));
        }
        return out;
    }
}
