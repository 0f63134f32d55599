package dev.stride.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

import java.util.List;

/**
 * Reads one partition's records as the batches of a plain scan would and aggregates them per group as they come
 * ({@link AggregatePlan}); then gives one row per group: the key and each measure. A task holds at most about
 * {@value #MAX_GROUPS} groups: past that it gives them to Spark and starts afresh, as Spark adds up partial results
 * whatever their number (memory stays bounded when the key has many values, e.g. an index).
 */
final class AggregateReader implements PartitionReader<InternalRow> {
    static final int MAX_GROUPS = 1 << 20;
    private final BatchReader batches;
    private final int maxGroups;
    private final AggregatePlan plan;
    private final DataType keyType;
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
        this.keyType = plan.key().dataType();
        List<AggregatePlan.Measure> measures = plan.measures();
        this.columns = new int[measures.size()];
        for (int i = 0; i < columns.length; i++) {
            AggregatePlan.Measure m = measures.get(i);
            columns[i] = m.column() == null ? -1 : input.fieldIndex(m.column().name());
        }
        startAfresh();
        this.batches = new BatchReader(options, input, partition);
    }

    private void startAfresh() {
        AggregatePlan.KeyRange keys = plan.keyRange();
        groups = new GroupSlots(keys.lowest(), keys.highest());
        accumulators = plan.measures().stream().map(m -> Accumulator.of(m, plan.key().name())).toArray(Accumulator[]::new);
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
            while (groups.size() < maxGroups) {
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
        Accumulator.integers(batch.column(0), rows, keys);
        for (int r = 0; r < rows; r++) {
            slots[r] = groups.slot(keys[r]);
        }
        for (int i = 0; i < accumulators.length; i++) {
            accumulators[i].grow(groups.size());
            accumulators[i].add(columns[i] < 0 ? null : batch.column(columns[i]), slots, rows);
        }
    }

    @Override
    public InternalRow get() {
        Object[] values = new Object[1 + accumulators.length];
        values[0] = Accumulator.boxed(groups.key(group), keyType);
        for (int i = 0; i < accumulators.length; i++) {
            values[1 + i] = accumulators[i].value(group);
        }
        return new GenericInternalRow(values);
    }

    @Override
    public void close() {
        batches.close();
    }
}
