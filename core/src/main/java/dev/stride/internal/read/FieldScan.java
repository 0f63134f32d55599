package dev.stride.internal.read;

import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass that gathers the statistics of several fields: each worker keeps an exact {@link FieldTotal} per field,
 * and the workers' totals are added at the end, so nothing depends on which thread read which unit or in what order.
 * Units are cut into blocks of a fixed number of records (from the record size alone, never from how many fields are
 * scanned), so the float block sums are the same bits whatever else shares the pass. Units never written add their
 * record count times the fill value without a look at their records.
 */
public final class FieldScan {
    /**
     * Bytes of records read for all fields before the next records, so that a unit comes from memory once, not once per
     * field; fixed, because the float block sums, and so the results' bits, depend on it.
     */
    private static final long BLOCK_BYTES = 1 << 20;

    private final List<String> names;
    private final FieldAccessor[] fields;
    private final long recordSize;
    private final long block;
    private final FieldTotal[] fills;
    private final List<FieldTotal[]> workers = new ArrayList<>();
    /** Records of units the store's listing did not find: fill values, never read. */
    private long unlisted;

    /** {@code fillRecord} is one record of the array's fill value, in the array's layout. */
    public FieldScan(List<String> names, FieldAccessor[] fields, long recordSize, MemorySegment fillRecord) {
        this.names = List.copyOf(names);
        this.fields = fields.clone();
        this.recordSize = recordSize;
        this.block = Math.max(1, BLOCK_BYTES / Math.max(1, recordSize));
        this.fills = totals();
        for (int f = 0; f < fields.length; f++) {
            Kernels.aggregate(fields[f], fillRecord, recordSize, 0, 1, fills[f]);
        }
    }

    private FieldTotal[] totals() {
        FieldTotal[] totals = new FieldTotal[fields.length];
        for (int f = 0; f < fields.length; f++) {
            totals[f] = FieldTotal.of(fields[f].type());
        }
        return totals;
    }

    /** The visitor of one worker, with its own totals. */
    public ParallelReader.UnitVisitor worker() {
        FieldTotal[] totals = totals();
        synchronized (workers) {
            workers.add(totals);
        }
        return new ParallelReader.UnitVisitor() {
            @Override
            public void run(MemorySegment unit, long first, long n, long at) {
                for (long done = 0; done < n; done += block) {
                    long count = Math.min(block, n - done);
                    for (int f = 0; f < fields.length; f++) {
                        Kernels.aggregate(fields[f], unit, recordSize, first + done, count, totals[f]);
                    }
                }
            }

            @Override
            public boolean missing(long records) {
                for (int f = 0; f < fields.length; f++) {
                    totals[f].addRepeated(fills[f], records);
                }
                return true;
            }
        };
    }

    /** Counts {@code records} records of units never written, and not visited, as fill values. */
    public void unlisted(long records) {
        unlisted += records;
    }

    /** The statistics of each field, in the order given, once every worker is done. */
    public List<FieldStats> results() {
        List<FieldStats> out = new ArrayList<>(fields.length);
        for (int f = 0; f < fields.length; f++) {
            FieldTotal total = FieldTotal.of(fields[f].type());
            for (FieldTotal[] worker : workers) {
                total.add(worker[f]);
            }
            if (unlisted > 0) {
                total.addRepeated(fills[f], unlisted);
            }
            out.add(total.stats(names.get(f), fields[f].type()));
        }
        return out;
    }
}
