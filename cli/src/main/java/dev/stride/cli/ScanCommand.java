package dev.stride.cli;

import dev.stride.FilteredArray;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.FilteredScan;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.StructType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.stream.Collectors;

@Command(name = "scan",
        description = {"Count, sum, min, max and mean of numeric fields.",
                "",
                "Integers and times are summed exactly (uint64 unsigned; times in ticks",
                "of their unit, with ISO 8601 dates or durations); NaN and NaT values are",
                "counted apart and left out of the rest. Results do not depend on the",
                "threads or on which fields are scanned together. A field with a shape",
                "(pos as float32[3]) counts every element of every record. Text and byte",
                "strings give their count, empty values, least and greatest value (by",
                "code point, or unsigned byte).",
                "",
                "Reads on several threads and reports the time taken and records per",
                "second. Several fields are scanned in one pass, each chunk read and",
                "decoded once for all of them. A progress bar shows on stderr when it",
                "is a terminal and the scan takes over a second.",
                "",
                "With --where, only the matching records are counted, and the report",
                "says how many matched and how many chunks were read and skipped (by",
                "the statistics 'stride index' writes); --field may then be left out",
                "to count the matches alone."})
final class ScanCommand extends NodeCommand {

    @Option(names = "--field", split = ",", paramLabel = "FIELD",
            description = "The field's dotted path (point.x), or several (point.x,point.y); leave it out for an array of plain numbers.")
    List<String> fields = List.of();

    @Option(names = "--threads", paramLabel = "N", description = "Reading threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--region", paramLabel = "REGION", description = "Only this box, as for cat: 0:1000,5:")
    String region;

    @Option(names = "--json",
            description = {"Print one JSON object per field, one per line: field, count, sum, min, max, mean, seconds,",
                    "records_per_second; floats add nan_count, times nat_count, unit, min_iso, max_iso, mean_iso;",
                    "strings have empty_count, min, max (byte strings in base64) and no sum or mean; a field",
                    "with a shape adds elements_per_record."})
    boolean json;

    @Mixin
    WhereChoice choice;

    @Override
    public Integer call() {
        requireThreads(threads);
        try (Zarr zarr = openHierarchy()) {
            ZarrArray array = openArray(zarr);
            FilteredArray filtered = choice.filter(array, this::usageError);
            if (fields.isEmpty() && array.dataType() instanceof StructType && filtered == null) {
                throw usageError("give --field; the fields are "
                        + array.layout().fields().stream().map(FieldAccessor::path).collect(Collectors.joining(", ")));
            }
            List<String> scanned = fields.isEmpty() && !(array.dataType() instanceof StructType) ? List.of("") : fields;
            Region box = region == null ? null : Region.parse(region, array.shape());
            ProgressBar progress = new ProgressBar(err(), "scan " + location, "chunks", Terminal::stderrIsTerminal);
            long started = System.nanoTime();
            ScanOptions options = new ScanOptions(threads, progress);
            FilteredScan found = filtered == null ? null : filtered.scan(scanned, box, options);
            List<FieldStats> stats = found != null ? found.fields() : array.scan(scanned, box, options);
            double seconds = (System.nanoTime() - started) / 1e9;
            progress.clear();
            long records = box == null ? array.metadata().size() : box.size();
            for (int i = 0; i < stats.size(); i++) {
                ScanReport report = new ScanReport(stats.get(i), array.field(scanned.get(i)).type(), records, seconds);
                if (json) {
                    out().write(JsonCodec.print(WhereReport.with(report.json(), found)) + "\n");
                } else {
                    out().write(i == 0 ? "" : "\n");
                    report.text().forEach(line -> out().write(line + "\n"));
                }
            }
            if (found != null && (!json || stats.isEmpty())) {
                WhereReport.lines(found, records, seconds, json, stats.isEmpty()).forEach(line -> out().write(line + "\n"));
            }
        }
        return 0;
    }
}
