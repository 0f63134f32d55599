package dev.stride.internal.read;

import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass that gathers the statistics of several fields: each worker keeps an exact {@link FieldTotal} per field,
 * and the workers' totals are added at the end, so nothing depends on which thread read which unit or in what order.
 * Units are cut into blocks of a fixed number of records (from the record size alone, never from how many fields are
 * scanned), so the float block sums are the same bits whatever else shares the pass. Units never written add their
 * record count times the fill value without a look at their records. A field with a shape is read as its elements,
 * each a leaf field of its own at its offset, all into the field's one total: the kernels stay those of scalars.
 */
public final class FieldScan {
    /**
     * Bytes of records read for all fields before the next records, so that a unit comes from memory once, not once per
     * field; fixed, because the float block sums, and so the results' bits, depend on it.
     */
    private static final long BLOCK_BYTES = 1 << 20;

    private final List<String> names;
    /** What each field's total reads: the field, or the elements of a field with a shape. */
    private final FieldAccessor[][] parts;
    private final long recordSize;
    private final long block;
    /** The fill value of each part: one value each, which {@link FieldTotal#addRepeated} repeats. */
    private final FieldTotal[][] fills;
    private final List<FieldTotal[]> workers = new ArrayList<>();
    /** Records of units the store's listing did not find: fill values, never read. */
    private long unlisted;

    /** Whether a scan takes fields of {@code type}: real numbers, booleans, times, strings and byte strings, shaped or not. */
    public static boolean takes(DataType type) {
        DataType leaf = type instanceof SubarrayType shaped ? shaped.element() : type;
        return switch (leaf) {
            case CoreType c -> c.isReal() || c == CoreType.BOOL;
            case TimeType t -> true;
            case FixedStringType t -> true;
            case FixedBytesType b -> true;
            default -> false;
        };
    }

    /** {@code fillRecord} is one record of the array's fill value, in the array's layout. */
    public FieldScan(List<String> names, FieldAccessor[] fields, long recordSize, MemorySegment fillRecord) {
        this.names = List.copyOf(names);
        this.parts = new FieldAccessor[fields.length][];
        this.fills = new FieldTotal[fields.length][];
        this.recordSize = recordSize;
        this.block = Math.max(1, BLOCK_BYTES / Math.max(1, recordSize));
        for (int f = 0; f < fields.length; f++) {
            parts[f] = parts(fields[f]);
            fills[f] = new FieldTotal[parts[f].length];
            for (int p = 0; p < parts[f].length; p++) {
                fills[f][p] = FieldTotal.of(parts[f][p]);
                Kernels.aggregate(parts[f][p], fillRecord, recordSize, 0, 1, fills[f][p]);
            }
        }
    }

    /** The leaf fields a field's total reads: itself, or each element of a field with a shape. */
    private static FieldAccessor[] parts(FieldAccessor field) {
        if (!(field instanceof FieldAccessor.ArrayField shaped)) {
            return new FieldAccessor[] {field};
        }
        FieldAccessor[] elements = new FieldAccessor[shaped.elements()];
        for (int k = 0; k < elements.length; k++) {
            elements[k] = shaped.element(k);
        }
        return elements;
    }

    private FieldTotal[] totals() {
        FieldTotal[] totals = new FieldTotal[parts.length];
        for (int f = 0; f < parts.length; f++) {
            totals[f] = FieldTotal.of(parts[f][0]);
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
                    for (int f = 0; f < parts.length; f++) {
                        for (FieldAccessor part : parts[f]) {
                            Kernels.aggregate(part, unit, recordSize, first + done, count, totals[f]);
                        }
                    }
                }
            }

            @Override
            public boolean missing(long records) {
                repeatFills(totals, records);
                return true;
            }
        };
    }

    /** Counts {@code records} records of units never written, and not visited, as fill values. */
    public void unlisted(long records) {
        unlisted += records;
    }

    /** Adds {@code records} records of fill values to each field's total. */
    private void repeatFills(FieldTotal[] totals, long records) {
        for (int f = 0; f < parts.length; f++) {
            for (FieldTotal fill : fills[f]) {
                totals[f].addRepeated(fill, records);
            }
        }
    }

    /** The statistics of each field, in the order given, once every worker is done. */
    public List<FieldStats> results() {
        FieldTotal[] totals = totals();
        for (FieldTotal[] worker : workers) {
            for (int f = 0; f < parts.length; f++) {
                totals[f].add(worker[f]);
            }
        }
        if (unlisted > 0) {
            repeatFills(totals, unlisted);
        }
        List<FieldStats> out = new ArrayList<>(parts.length);
        for (int f = 0; f < parts.length; f++) {
            out.add(totals[f].stats(names.get(f), parts[f][0].type()));
        }
        return out;
    }
}
