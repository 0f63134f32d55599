package dev.stride.spark;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldAccessor;
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
import java.util.stream.Collectors;

/**
 * Plans a read: keeps the columns the query needs (nested fields too) and turns filters on index columns into a
 * narrower region; filters on fields stay with Spark, which tests every row against them, and those that
 * {@link FieldFilters} can express also leave out the partitions whose chunk statistics rule them out. A group-by aggregation {@link AggregatePlan} takes is computed
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
    private Filter[] pushed = new Filter[0];
    private final List<Filter> leftToSpark = new ArrayList<>();
    private final FieldFilters fieldFilters;
    /** What every row Spark keeps satisfies, from the field filters, or null: what chunk statistics prune by. */
    private FieldFilters.Pruning pruning;
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
            this.fieldFilters = new FieldFilters(array.layout().fields().stream().map(FieldAccessor::path)
                    .collect(Collectors.toUnmodifiableSet()));
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

    @Override
    public Filter[] pushFilters(Filter[] filters) {
        List<Filter> handled = new ArrayList<>();
        List<Filter> rest = new ArrayList<>();
        for (Filter f : filters) {
            (bounds.narrow(f) ? handled : rest).add(f);
        }
        pushed = handled.toArray(Filter[]::new);
        leftToSpark.addAll(rest);
        pruning = options.pushFilters() ? fieldFilters.pruning(rest) : null;
        return rest.toArray(Filter[]::new);
    }

    /** The index filters, applied exactly; the field filters, which Spark applies again, are not among them. */
    @Override
    public Filter[] pushedFilters() {
        return pushed;
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
        return options.pushAggregates() && leftToSpark.isEmpty();
    }

    @Override
    public Scan build() {
        if (counts > 0) {
            return new CountScan(bounds.region(), counts);
        }
        return new ZarrScan(options, shape, required, bounds.region(), List.of(pushed), List.copyOf(leftToSpark), pruning, aggregate);
    }
}
