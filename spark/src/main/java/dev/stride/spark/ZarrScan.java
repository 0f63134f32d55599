package dev.stride.spark;

import dev.stride.model.Region;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * A planned read: the columns kept, the region left by index filters, and its partitions, boxes of whole chunks (whole
 * shards) of about {@code partitionBytes} decoded bytes, each read by one task that opens the store itself.
 */
final class ZarrScan implements Scan, Batch, SupportsReportStatistics {
    private final ReadOptions options;
    private final ArrayShape shape;
    private final StructType required;
    private final Region region;
    private final List<Filter> pushed;
    private final List<Filter> leftToSpark;
    /** The aggregation the tasks compute, or null for a plain scan. */
    private final AggregatePlan aggregate;
    private List<Region> boxes;

    ZarrScan(ReadOptions options, ArrayShape shape, StructType required, Region region, List<Filter> pushed, List<Filter> leftToSpark,
             AggregatePlan aggregate) {
        this.options = options;
        this.shape = shape;
        this.required = required;
        this.region = region;
        this.pushed = pushed;
        this.leftToSpark = leftToSpark;
        this.aggregate = aggregate;
    }

    private StructType columnsRead() {
        return aggregate == null ? required : aggregate.input();
    }

    @Override
    public StructType readSchema() {
        return aggregate == null ? required : aggregate.output();
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        return boxes().stream().map(box -> new ZarrPartition(box.start(), box.stop())).toArray(InputPartition[]::new);
    }

    /** The partitions' boxes, cut once: Spark asks for the partitions and the statistics apart. */
    private List<Region> boxes() {
        if (boxes == null) {
            boxes = Partitioner.boxes(region, shape.chunkShape(), shape.recordSize(), options.partitionBytes());
        }
        return boxes;
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new ZarrReaderFactory(options, columnsRead(), aggregate);
    }

    /**
     * The rows the scan gives at most, and their bytes as Spark counts them: a plain scan's are the region's records;
     * an aggregating task gives a row per group, no more than its records, nor, for a key of few values, than the key
     * has (two for a bool: {@link AggregatePlan.KeyRange#rowsAtMost}). Spark plans joins from these (a broadcast below
     * its threshold): an overstated size costs a query its broadcast, an understated one (a product past a long,
     * wrapped) would broadcast a table too big to send, so the bytes stop at the largest long.
     */
    @Override
    public Statistics estimateStatistics() {
        long rows = rowsAtMost();
        long rowBytes = Math.max(1, readSchema().defaultSize());
        long bytes = rows > Long.MAX_VALUE / rowBytes ? Long.MAX_VALUE : rows * rowBytes;
        return new Statistics() {
            @Override
            public OptionalLong sizeInBytes() {
                return OptionalLong.of(bytes);
            }

            @Override
            public OptionalLong numRows() {
                return OptionalLong.of(rows);
            }
        };
    }

    private long rowsAtMost() {
        if (aggregate == null) {
            return region.size();
        }
        AggregatePlan.KeyRange keys = aggregate.keyRange();
        long rows = 0;
        for (Region box : boxes()) {
            rows += keys.rowsAtMost(box.size());
        }
        return rows;
    }

    /** What explain shows: the array, the region read, and which filters Stride applied and which it left to Spark. */
    @Override
    public String description() {
        return "Zarr " + options.store() + " columns=" + Arrays.toString(columnsRead().fieldNames())
                + " region=" + region + " of " + Arrays.toString(shape.shape())
                + " indexFilters=" + text(pushed) + " fieldFiltersLeftToSpark=" + text(leftToSpark)
                + (aggregate == null ? "" : " aggregatedPerTask=" + aggregate);
    }

    private static String text(List<Filter> filters) {
        return filters.stream().map(Filter::toString).collect(Collectors.joining(", ", "[", "]"));
    }
}
