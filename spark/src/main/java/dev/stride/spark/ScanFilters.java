package dev.stride.spark;

import org.apache.spark.sql.sources.Filter;

import java.util.List;
import java.util.stream.Collectors;

/**
 * How a scan's filters were split: those on index columns narrow the region read; those on fields the tasks can test
 * exactly ({@link FieldFilters#exact}) are tested as the records are read, so the batches hold only matching rows and
 * Spark does not test them again; the rest Spark tests after the scan. {@code pruning} (null: none) is what chunk
 * statistics rule partitions out by, from every field filter.
 *
 * @param index the filters on index columns, applied by the region
 * @param inScan the field filters the tasks apply exactly
 * @param leftToSpark the filters Spark applies to the rows the scan gives
 * @param pruning what every row passing the field filters satisfies, or null
 */
record ScanFilters(List<Filter> index, List<Filter> inScan, List<Filter> leftToSpark, FieldFilters.Pruning pruning) {
    /** No filters at all. */
    static final ScanFilters NONE = new ScanFilters(List.of(), List.of(), List.of(), null);

    ScanFilters {
        index = List.copyOf(index);
        inScan = List.copyOf(inScan);
        leftToSpark = List.copyOf(leftToSpark);
    }

    /** What explain shows of them (the pruning apart: {@link ZarrScan} says what it ruled out). */
    String describe() {
        return "indexFilters=" + text(index) + " fieldFiltersInScan=" + text(inScan) + " fieldFiltersLeftToSpark=" + text(leftToSpark);
    }

    static String text(List<Filter> filters) {
        return filters.stream().map(Filter::toString).collect(Collectors.joining(", ", "[", "]"));
    }
}
