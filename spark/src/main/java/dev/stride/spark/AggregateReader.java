package dev.stride.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

import java.util.Arrays;
import java.util.List;

/**
 * Reads one partition's records as the batches of a plain scan would and aggregates them per group as they come
 * ({@link AggregatePlan}); then gives one row per group: the key and each measure. A task holds at most about
 * {@value #MAX_GROUPS} groups: past that it gives them to Spark and starts afresh, as Spark adds up partial results
 * whatever their number (memory stays bounded when the key has many values, e.g. an index). A box never written, grouped
 * by nothing or by a field, is one fill record many times over: its one group is computed from that record and the
 * box's size, so an array of 2^40 records with a few chunks stored aggregates as fast as those chunks.
 */
final class AggregateReader implements PartitionReader<InternalRow> {
    static final int MAX_GROUPS = 1 << 20;
    private final BatchReader batches;
    private final int maxGroups;
    private final AggregatePlan plan;
    /** The key's type, or null when the rows form one group. */
    private final DataType keyType;
    /** Records of a never-written box whose rows are all the same (no key, or a field's), else 0. */
    private final long repeats;
    /** Per measure: its column among the batch's, or -1 for a count of rows. */
    private final int[] columns;
    private Accumulator[] accumulators;
    private GroupSlots groups;
    private int[] slots = new int[0];
    private long[] keys = new long[0];
    /** Every batch was aggregated. */
    private boolean done;
    private int group = -1;

    AggregateReader(ReadOptions options, AggregatePlan plan, ZarrPartition partition) {
        this(options, plan, partition, MAX_GROUPS);
    }

    /** The same, starting afresh past {@code maxGroups} groups. */
    AggregateReader(ReadOptions options, AggregatePlan plan, ZarrPartition partition, int maxGroups) {
        this.plan = plan;
        this.maxGroups = maxGroups;
        StructType input = plan.input();
        this.keyType = plan.key() == null ? null : plan.key().dataType();
        List<AggregatePlan.Measure> measures = plan.measures();
        this.columns = new int[measures.size()];
        for (int i = 0; i < columns.length; i++) {
            AggregatePlan.Measure m = measures.get(i);
            columns[i] = m.column() == null ? -1 : input.fieldIndex(m.column().name());
        }
        startAfresh();
        this.batches = new BatchReader(options, input, List.of(), partition);
        this.repeats = partition.unwritten() && (keyType == null || !batches.isIndexColumn(0)) ? partition.region().size() : 0;
    }

    private void startAfresh() {
        AggregatePlan.KeyRange keys = plan.keyRange();
        groups = new GroupSlots(keys.lowest(), keys.highest());
        String key = plan.key() == null ? null : plan.key().name();
        accumulators = plan.measures().stream().map(m -> Accumulator.of(m, key)).toArray(Accumulator[]::new);
    }

    @Override
    public boolean next() {
        while (++group >= groups.size()) {
            if (done) {
                return false;
            }
            if (groups.size() > 0) {
                startAfresh();
            }
            group = -1;
            if (repeats > 0) {
                if (batches.next()) {
                    addRepeated(batches.get(), repeats);
                }
                done = true;
            }
            while (!done && groups.size() < maxGroups) {
                if (!batches.next()) {
                    done = true;
                    break;
                }
                add(batches.get());
            }
        }
        return true;
    }

    private void add(ColumnarBatch batch) {
        int rows = batch.numRows();
        if (slots.length < rows) {
            slots = new int[rows];
            keys = new long[rows];
        }
        if (keyType == null) {
            Arrays.fill(slots, 0, rows, groups.slot(0));
        } else {
            Accumulator.integers(batch.column(0), rows, keys);
            for (int r = 0; r < rows; r++) {
                slots[r] = groups.slot(keys[r]);
            }
        }
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i].grow(groups.size());
            accumulators[i].add(columns[i] < 0 ? null : batch.column(columns[i]), slots, rows);
        }
    }

    /** Row 0 of {@code batch}, {@code times} times. */
    private void addRepeated(ColumnarBatch batch, long times) {
        int slot = groups.slot(keyType == null ? 0 : keyOfFirstRow(batch));
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i].grow(groups.size());
            accumulators[i].addRepeated(columns[i] < 0 ? null : batch.column(columns[i]), slot, times);
        }
    }

    private long keyOfFirstRow(ColumnarBatch batch) {
        long[] first = new long[1];
        Accumulator.integers(batch.column(0), 1, first);
        return first[0];
    }

    @Override
    public InternalRow get() {
        int keyColumns = keyType == null ? 0 : 1;
        Object[] values = new Object[keyColumns + accumulators.length];
        if (keyType != null) {
            values[0] = Accumulator.boxed(groups.key(group), keyType);
        }
        for (int i = 0; i < accumulators.length; i++) {
            values[keyColumns + i] = accumulators[i].value(group);
        }
        return new GenericInternalRow(values);
    }

    @Override
    public void close() {
        batches.close();
    }
}
