package dev.stride.cli;

import dev.stride.FilteredArray;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;


@Command(name = "cat",
        description = {"Prints the elements of an array in C order, one per line.",
                "",
                "jsonl: each element in the Zarr v3 fill_value JSON encoding: a struct",
                "  as an object in field order, integers exact (all of uint64), floats",
                "  as the shortest decimal in their own type or \"NaN\", \"Infinity\",",
                "  \"-Infinity\", complex as [re, im], r<N> as a list of byte values,",
                "  datetime64 and timedelta64 as the int64 count or \"NaT\", byte",
                "  strings (S) as base64, text (U) as a string, a field with a shape",
                "  as nested lists.",
                "csv: a header of field paths, then a column per leaf field.",
                "table: aligned columns and the element's index, for people;",
                "  datetimes as ISO 8601 in UTC.",
                "csv and table print a field with a shape as nested lists",
                "  ([1.5, -2.0, 3.25]) and byte strings as numpy does (a\\x00b).",
                "csv and table show control characters in field names and text as",
                "  escapes (\\n, \\x1b, \\u202e, and \\\\ for a backslash).",
                "--where prints only the matching elements; table's index column",
                "  still says where each one is."})
final class CatCommand extends NodeCommand {
    @Mixin
    TableChoice choice;

    @Mixin
    WhereChoice where;

    @Option(names = "--limit", paramLabel = "N", description = "At most N elements.")
    long limit = Long.MAX_VALUE;

    @Option(names = "--format", paramLabel = "FORMAT", description = "jsonl (the default), csv or table.")
    CatFormat format = CatFormat.JSONL;

    @Override
    public Integer call() {
        if (limit < 0) {
            throw usageError("--limit must be 0 or more, not " + limit);
        }
        try (Zarr zarr = openHierarchy()) {
            ZarrArray array = openArray(zarr);
            Region box = choice.box(array);
            FilteredArray filtered = where.filter(array, this::usageError);
            ElementWriter writer = format.writer(Projection.of(array, choice.fields), box, out());
            if (filtered == null) {
                Elements.print(array, box, Math.min(limit, box.size()), writer, out(), (done, total) -> { });
            } else {
                Elements.print(filtered, box, limit, writer, out());
            }
        }
        return 0;
    }
}
