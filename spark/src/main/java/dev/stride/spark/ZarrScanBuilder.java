package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Predicate;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Plans a read: keeps the columns the query needs (nested fields too) and turns filters on index columns into a
 * narrower region; filters on fields that {@link FieldFilters} can express leave out the partitions whose chunk
 * statistics rule them out, and are tested by the tasks on each record they read, exactly as Spark would; Spark tests
 * the rows against the other filters ({@link ScanFilters}). A group-by aggregation {@link AggregatePlan} takes is computed
 * by the tasks as they read, and Spark adds up their results; {@code count(*)} alone is the region's size
 * ({@link CountScan}).
 */
final class ZarrScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownFilters,
        SupportsPushDownAggregates {
    private final ReadOptions options;
    private final ArrayShape shape;
    private final List<String> indexNames;
    private final StructType arraySchema;
    private StructType required;
    private final IndexBounds bounds;
    private ScanFilters filters = ScanFilters.NONE;
    private final FieldFilters fieldFilters;
    private AggregatePlan aggregate;
    /** The {@code count(*)} columns of a count answered from the metadata, or 0. */
    private int counts;

    ZarrScanBuilder(ReadOptions options, StructType schema) {
        this.options = options;
        try (Zarr zarr = Zarr.open(options.store()); ZarrArray array = zarr.array("/")) {
            ArrayColumns columns = new ArrayColumns(array, options.indexColumns());
            this.shape = ArrayShape.of(array);
            this.indexNames = columns.indexNames();
            this.arraySchema = columns.schema();
            this.required = schema;
            this.fieldFilters = FieldFilters.of(array);
        }
        this.bounds = new IndexBounds(indexNames, shape.shape());
    }

    /** The columns the array has, to check a schema given to the reader. */
    StructType arraySchema() {
        return arraySchema;
    }

    @Override
    public void pruneColumns(StructType requiredSchema) {
        this.required = requiredSchema;
    }

    /**
     * Index filters narrow the region; with {@code pushFilters}, field filters prune partitions by chunk statistics,
     * and with {@code filterRows} too those the tasks can test exactly are tested there, so Spark is given back only
     * the others.
     */
    @Override
    public Filter[] pushFilters(Filter[] given) {
        List<Filter> index = new ArrayList<>();
        List<Filter> fields = new ArrayList<>();
        for (Filter f : given) {
            (bounds.narrow(f) ? index : fields).add(f);
        }
        List<Filter> inScan = new ArrayList<>();
        List<Filter> rest = new ArrayList<>(fields);
        FieldFilters.Pruning pruning = null;
        if (options.pushFilters() && !fields.isEmpty()) {
            pruning = fieldFilters.pruning(fields);
            if (options.filterRows()) {
                try (Zarr zarr = Zarr.open(options.store()); ZarrArray array = zarr.array("/")) {
                    for (Filter f : fields) {
                        if (testable(array, f)) {
                            inScan.add(f);
                            rest.remove(f);
                        }
                    }
                }
            }
        }
        filters = new ScanFilters(index, inScan, rest, pruning);
        return rest.toArray(Filter[]::new);
    }

    /** Whether the tasks can test {@code filter} exactly: it is expressed, and the array's fields take it. */
    private boolean testable(ZarrArray array, Filter filter) {
        Predicate exact = fieldFilters.exact(filter);
        if (exact == null) {
            return false;
        }
        try {
            array.where(exact, null);
            return true;
        } catch (ZarrException.BadRequest refused) {
            return false;
        }
    }

    /** The filters the scan applies exactly: the index filters, and the field filters the tasks test. */
    @Override
    public Filter[] pushedFilters() {
        return Stream.concat(filters.index().stream(), filters.inScan().stream()).toArray(Filter[]::new);
    }

    /** A count of rows alone needs no partial results: the scan's one row is the answer. */
    @Override
    public boolean supportCompletePushDown(Aggregation aggregation) {
        return canPush() && CountScan.countsRows(aggregation);
    }

    @Override
    public boolean pushAggregation(Aggregation aggregation) {
        if (!canPush()) {
            return false;
        }
        if (CountScan.countsRows(aggregation)) {
            counts = aggregation.aggregateExpressions().length;
            return true;
        }
        aggregate = AggregatePlan.of(aggregation, arraySchema);
        return aggregate != null;
    }

    private boolean canPush() {
        // the aggregating tasks and the count from metadata test no record, so every filter must be on index columns
        return options.pushAggregates() && filters.leftToSpark().isEmpty() && filters.inScan().isEmpty();
    }

    @Override
    public Scan build() {
        if (counts > 0) {
            return new CountScan(bounds.region(), counts);
        }
        return new ZarrScan(options, shape, required, bounds.region(), filters, aggregate);
    }
}
