package dev.stride.spark;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * The options of a read: where the array is ({@code path}: a directory or any URI a store provider takes), whether to
 * add index columns ({@code indexColumns}), the decoded bytes a partition aims at ({@code partitionBytes}), the rows of
 * a batch ({@code batchRows}), whether group-by aggregations Stride can compute are computed as the records are read
 * ({@code pushAggregates}, default true; see {@link AggregatePlan}), whether filters on fields prune the partitions of
 * chunks their statistics rule out ({@code pushFilters}, default true; see {@link FieldFilters}) and, when exactly
 * expressible, are tested by the tasks instead of Spark ({@code filterRows}, default true: fewer rows reach Spark, at a
 * cost per record that a filter keeping most of them does not repay), the partitions a scan may take at most
 * ({@code maxPartitions}: a plan of more is refused, as the driver holds every one), and options of the store itself
 * ({@code store.NAME}, e.g. {@code store.anonymous}).
 */
record ReadOptions(StoreDescriptor store, boolean indexColumns, long partitionBytes, int batchRows, boolean pushAggregates,
                   boolean pushFilters, boolean filterRows, int maxPartitions) implements Serializable {
    static final long DEFAULT_PARTITION_BYTES = 128L << 20;
    static final int DEFAULT_MAX_PARTITIONS = 100_000;
    /** Rows of a batch: the vectors of one stay in the core's cache while Spark's generated code reads them. */
    static final int DEFAULT_BATCH_ROWS = 8192;
    private static final String STORE_PREFIX = "store.";

    static ReadOptions of(CaseInsensitiveStringMap options) {
        return new ReadOptions(store(options),
                options.getBoolean("indexColumns", false),
                positive(options, "partitionBytes", DEFAULT_PARTITION_BYTES, Long.MAX_VALUE),
                (int) positive(options, "batchRows", DEFAULT_BATCH_ROWS, 1 << 24),
                options.getBoolean("pushAggregates", true),
                options.getBoolean("pushFilters", true),
                options.getBoolean("filterRows", true),
                (int) positive(options, "maxPartitions", DEFAULT_MAX_PARTITIONS, Integer.MAX_VALUE - 8));
    }

    /** The store the {@code path} option names, with the {@code store.*} options. */
    static StoreDescriptor store(CaseInsensitiveStringMap options) {
        String path = options.get("path");
        if (path == null || path.isBlank()) {
            throw new ZarrException.BadRequest(null, "no path: give the array's directory or URI to load (or save)");
        }
        StoreDescriptor where = StoreDescriptor.parse(path);
        Map<String, String> storeOptions = new TreeMap<>(where.options());
        for (Map.Entry<String, String> e : options.asCaseSensitiveMap().entrySet()) {
            if (e.getKey().regionMatches(true, 0, STORE_PREFIX, 0, STORE_PREFIX.length())) {
                storeOptions.put(e.getKey().substring(STORE_PREFIX.length()), e.getValue());
            }
        }
        return new StoreDescriptor(where.uri(), storeOptions);
    }

    static long positive(CaseInsensitiveStringMap options, String name, long otherwise, long max) {
        String text = options.get(name);
        if (text == null) {
            return otherwise;
        }
        try {
            long v = Long.parseLong(text.trim());
            if (v > 0 && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ZarrException.BadRequest(null, "option " + name + " must be a whole number from 1 to " + max + ", not '" + text + "'");
    }
}
