package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.types.StructType;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * A planned read: the columns kept, the region left by index filters, and its partitions, boxes of whole chunks (whole
 * shards) of about {@code partitionBytes} decoded bytes, each read by one task that opens the store itself.
 *
 * <p>A plan of more than {@value #LIST_ABOVE} boxes lists the store's chunks first, so that its partitions follow the
 * chunks stored and the driver's memory follows what was written, not the shape ({@link Partitioner#partitions}); a
 * store that cannot list (HTTP) plans every box. Either way a plan of more than {@code maxPartitions} is refused
 * before its partitions are made.
 */
final class ZarrScan implements Scan, Batch, SupportsReportStatistics {
    private final ReadOptions options;
    private final ArrayShape shape;
    private final StructType required;
    private final Region region;
    private final ScanFilters filters;
    /** What every row passing the field filters satisfies, which chunk statistics may rule chunks out by; null: nothing to prune by. */
    private final FieldFilters.Pruning pruning;
    /** The aggregation the tasks compute, or null for a plain scan. */
    private final AggregatePlan aggregate;
    /** Plans of more boxes than this list the store first. */
    static final long LIST_ABOVE = 1 << 12;
    private List<ZarrPartition> partitions;
    /** The store's listing the plan followed, or null when it planned every box. */
    private Listing listing;

    /** The stored chunks of the region, and those a pruning predicate may match (null: all may). */
    private record Listing(long[] stored, long[] mayMatch) {
        long ruledOut() {
            return mayMatch == null ? 0 : stored.length - mayMatch.length;
        }
    }

    ZarrScan(ReadOptions options, ArrayShape shape, StructType required, Region region, ScanFilters filters, AggregatePlan aggregate) {
        this.options = options;
        this.shape = shape;
        this.required = required;
        this.region = region;
        this.filters = filters;
        this.pruning = filters.pruning();
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
        ArraysBeingRead.reading(options.store());
        return partitions().toArray(InputPartition[]::new);
    }

    /** The partitions, planned once: Spark asks for them and for the statistics apart. */
    private List<ZarrPartition> partitions() {
        if (partitions == null) {
            Partitioner cut = Partitioner.of(region, shape.chunkShape(), shape.recordSize(), options.partitionBytes());
            listing = cut.count() > LIST_ABOVE || pruning != null ? storedChunks() : null;
            long[] stored = listing == null ? null : listing.stored();
            if (stored == null && cut.count() > options.maxPartitions()) {
                throw tooMany(cut, stored);
            }
            List<ZarrPartition> made = stored == null ? cut.boxes().stream().map(ZarrPartition::read).toList()
                    : cut.partitions(stored, listing.mayMatch());
            if (made.size() > options.maxPartitions()) {
                throw tooMany(cut, stored);
            }
            partitions = made;
        }
        return partitions;
    }

    /**
     * The stored chunks of the region, and of those the ones the pruning predicate may match (null: all may); null when
     * the store cannot list. A predicate the statistics cannot judge (a field of strings, a literal out of a field's
     * kind) prunes nothing.
     */
    private Listing storedChunks() {
        try (Zarr zarr = Zarr.open(options.store()); ZarrArray array = zarr.array("/")) {
            long[] stored = array.storedChunks(region);
            if (stored == null || pruning == null) {
                return stored == null ? null : new Listing(stored, null);
            }
            try {
                return new Listing(stored, array.where(pruning.predicate()).mayMatch(region, stored));
            } catch (ZarrException.BadRequest cannotJudge) {
                return new Listing(stored, null);
            }
        }
    }

    private ZarrException.BadRequest tooMany(Partitioner cut, long[] stored) {
        String why = stored == null
                ? "its store cannot list the chunks written, so each of the " + cut.gridCount() + " chunks the region meets is planned"
                : "the " + stored.length + " chunks stored are spread over the region";
        return new ZarrException.BadRequest(null, "a scan of region " + region + " of " + Arrays.toString(shape.shape())
                + " needs more than maxPartitions (" + options.maxPartitions() + ") partitions: " + why
                + "; narrow the region with index filters (e.g. _index >= a AND _index < b, with indexColumns), raise "
                + "partitionBytes (now " + options.partitionBytes() + "), or raise maxPartitions");
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        return new ZarrReaderFactory(options, columnsRead(), filters.inScan(), aggregate);
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
        for (ZarrPartition p : partitions()) {
            rows += keys.rowsAtMost(p.region().size());
        }
        return rows;
    }

    /**
     * What explain shows: the array, the region read, which filters Stride applied (by the region, and by testing the
     * records in the tasks) and which it left to Spark, and
     * what chunk statistics ruled out by the field filters (planning the partitions to say so).
     */
    @Override
    public String description() {
        String statistics = "";
        if (pruning != null) {
            partitions();
            statistics = " statisticsFilters=" + ScanFilters.text(pruning.filters()) + " chunksRuledOut="
                    + (listing == null ? 0 : listing.ruledOut()) + " of " + (listing == null ? 0 : listing.stored().length) + " stored";
        }
        return "Zarr " + options.store() + " columns=" + Arrays.toString(columnsRead().fieldNames())
                + " region=" + region + " of " + Arrays.toString(shape.shape())
                + " " + filters.describe() + statistics + (aggregate == null ? "" : " aggregatedPerTask=" + aggregate);
    }
}
