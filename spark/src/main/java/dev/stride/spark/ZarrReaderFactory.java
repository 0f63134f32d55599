package dev.stride.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

import java.util.Iterator;
import java.util.List;

/**
 * Sent to the executors: makes the reader of each partition. Reads are columnar; rows, when asked for, come from the
 * batches. With an aggregation, each partition gives a row per group instead.
 *
 * @param required  the columns read
 * @param filters   the field filters the tasks test each record by ({@link FieldFilters#exact}), joined by AND
 * @param aggregate the aggregation computed from them, or null (then {@code filters} is empty)
 */
record ZarrReaderFactory(ReadOptions options, StructType required, List<Filter> filters, AggregatePlan aggregate)
        implements PartitionReaderFactory {

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return aggregate == null;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return new BatchReader(options, required, filters, (ZarrPartition) partition);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        if (aggregate != null) {
            return new AggregateReader(options, aggregate, (ZarrPartition) partition);
        }
        BatchReader batches = new BatchReader(options, required, filters, (ZarrPartition) partition);
        return new PartitionReader<>() {
            private Iterator<InternalRow> rows;
            private InternalRow current;

            @Override
            public boolean next() {
                while (rows == null || !rows.hasNext()) {
                    if (!batches.next()) {
                        return false;
                    }
                    rows = batches.get().rowIterator();
                }
                current = rows.next();
                return true;
            }

            @Override
            public InternalRow get() {
                return current;
            }

            @Override
            public void close() {
                batches.close();
            }
        };
    }
}
