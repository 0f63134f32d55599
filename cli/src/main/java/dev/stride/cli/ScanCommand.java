package dev.stride.cli;

import dev.stride.array.FieldStats;
import dev.stride.array.Region;
import dev.stride.array.ScanOptions;
import dev.stride.array.Zarr;
import dev.stride.array.ZarrArray;
import dev.stride.dtype.FieldAccessor;
import dev.stride.dtype.StructType;
import dev.stride.json.JsonCodec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.stream.Collectors;

@Command(name = "scan",
        description = {"Count, sum, min, max and mean of one numeric field.",
                "",
                "Reads on several threads and reports the time taken and records per",
                "second. A progress bar shows on stderr when it is a terminal and the",
                "scan takes over a second."})
final class ScanCommand extends NodeCommand {

    @Option(names = "--field", paramLabel = "FIELD",
            description = "The field's dotted path (point.x); leave it out for an array of plain numbers.")
    String field = "";

    @Option(names = "--threads", paramLabel = "N", description = "Reading threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--region", paramLabel = "REGION", description = "Only this box, as for cat: 0:1000,5:")
    String region;

    @Option(names = "--json",
            description = "Print one JSON object: field, count, sum, min, max, mean, seconds, records_per_second.")
    boolean json;

    @Override
    public Integer call() {
        if (threads < 1) {
            throw usageError("--threads must be 1 or more, not " + threads);
        }
        try (Zarr zarr = openHierarchy()) {
            ZarrArray array = openArray(zarr);
            if (field.isEmpty() && array.dataType() instanceof StructType) {
                throw usageError("give --field; the fields are "
                        + array.layout().fields().stream().map(FieldAccessor::path).collect(Collectors.joining(", ")));
            }
            Region box = region == null ? null : Region.parse(region, array.shape());
            ProgressBar progress = new ProgressBar(err(), "scan " + path, "chunks", Terminal::stderrIsTerminal);
            long started = System.nanoTime();
            FieldStats stats = array.scan(field, box, new ScanOptions(threads, progress));
            ScanReport report = new ScanReport(stats, array.field(field).type(), (System.nanoTime() - started) / 1e9);
            progress.clear();
            if (json) {
                out().write(JsonCodec.print(report.json()) + "\n");
            } else {
                report.text().forEach(line -> out().write(line + "\n"));
            }
        }
        return 0;
    }
}
