package dev.stride.spark;

import dev.stride.model.ZarrException;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructType;

import java.util.Arrays;
import java.util.UUID;

/**
 * Plans a write: mode {@code overwrite} replaces the array at the path, {@code append} creates one where there is
 * none. Rows with an index column are range-partitioned and sorted by it, so each task holds a run of indexes.
 */
final class ZarrWriteBuilder implements WriteBuilder, SupportsTruncate {
    private final LogicalWriteInfo info;
    private boolean replace;

    ZarrWriteBuilder(LogicalWriteInfo info) {
        this.info = info;
    }

    @Override
    public WriteBuilder truncate() {
        replace = true;
        return this;
    }

    @Override
    public Write build() {
        StructType schema = info.schema();
        WriteOptions options = WriteOptions.of(info.options(), Arrays.asList(schema.fieldNames()));
        if (options.indexColumn() != null) {
            var type = schema.apply(options.indexColumn()).dataType();
            if (!(type instanceof LongType || type instanceof IntegerType || type instanceof ShortType || type instanceof ByteType)) {
                throw new ZarrException.BadRequest(null, "index column '" + options.indexColumn() + "' is " + type.simpleString()
                        + "; an index is a whole number");
            }
        }
        WriteJob job = new WriteJob(options, schema, WriteJob.STAGING + "/" + info.queryId() + "-" + UUID.randomUUID() + "/");
        // the record type and layout are checked now, on the driver, so a column Zarr cannot hold, or chunks too large,
        // fail before any task starts (and allocates)
        options.check(job.encoder().type());
        return new ZarrWrite(job, replace);
    }

    /** The write: asks Spark for index order when there is an index, and runs as a {@link ZarrBatchWrite}. */
    record ZarrWrite(WriteJob job, boolean replace) implements RequiresDistributionAndOrdering {
        @Override
        public Distribution requiredDistribution() {
            return job.options().indexColumn() == null ? Distributions.unspecified() : Distributions.ordered(indexOrder());
        }

        @Override
        public SortOrder[] requiredOrdering() {
            return job.options().indexColumn() == null ? new SortOrder[0] : indexOrder();
        }

        private SortOrder[] indexOrder() {
            return new SortOrder[]{Expressions.sort(Expressions.column(job.options().indexColumn()), SortDirection.ASCENDING)};
        }

        @Override
        public String description() {
            return "Zarr write to " + job.options().store() + (job.options().indexColumn() == null ? " in DataFrame order"
                    : " by " + job.options().indexColumn());
        }

        @Override
        public BatchWrite toBatch() {
            return new ZarrBatchWrite(job, replace);
        }
    }
}
