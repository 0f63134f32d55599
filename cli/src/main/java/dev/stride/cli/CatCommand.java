package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

@Command(name = "cat",
        description = {"Prints the elements of an array in C order, one per line.",
                "",
                "jsonl: each element in the Zarr v3 fill_value JSON encoding: a struct",
                "  as an object in field order, integers exact (all of uint64), floats",
                "  as the shortest decimal in their own type or \"NaN\", \"Infinity\",",
                "  \"-Infinity\", complex as [re, im], r<N> as a list of byte values,",
                "  datetime64 and timedelta64 as the int64 count or \"NaT\".",
                "csv: a header of field paths, then a column per leaf field.",
                "table: aligned columns and the element's index, for people;",
                "  datetimes as ISO 8601 in UTC.",
                "csv and table show control characters in field names as escapes",
                "  (\\n, \\x1b, \\u202e, and \\\\ for a backslash)."})
final class CatCommand extends NodeCommand {
    /** Bytes of records read at a time: memory stays bounded however large the array is. */
    private static final long BLOCK_BYTES = 32L << 20;
    /** Elements between checks that stdout still has a reader; a check flushes, so not every element. */
    private static final long CHECK_EVERY = 4096;

    @Option(names = "--fields", split = ",", paramLabel = "FIELD",
            description = "Only these fields, by dotted path (point.x), or a nested struct's path (point).")
    List<String> fields = List.of();

    @Option(names = "--region", paramLabel = "REGION",
            description = "A box per dimension, Python style: 0:10,5: (start:stop, an index, negative counts from the end).")
    String region;

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
            Region box = region == null ? Region.all(array.shape()) : Region.parse(region, array.shape());
            ElementWriter writer = format.writer(Projection.of(array, fields), box, out());
            print(array, box, Math.min(limit, box.size()), writer);
        }
        return 0;
    }

    /** Reads the first {@code count} elements of {@code box} a block at a time and hands them to {@code writer}. */
    private void print(ZarrArray array, Region box, long count, ElementWriter writer) {
        long blockElements = Math.max(1, Math.min(BLOCK_BYTES / array.layout().recordSize(), count));
        COrderBlocks blocks = new COrderBlocks(box, array.readUnitShape(), blockElements);
        long position = 0;
        while (position < count && blocks.hasNext()) {
            Region block = blocks.next();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment records = array.readRecords(block, arena);
                long n = Math.min(block.size(), count - position);
                for (long i = 0; i < n; i++, position++) {
                    // an error on stdout means its reader went away (stride cat | head): stop early
                    if (position % CHECK_EVERY == 0 && out().checkError()) {
                        return;
                    }
                    writer.write(records, i, position);
                }
            }
        }
        writer.finish();
    }
}
