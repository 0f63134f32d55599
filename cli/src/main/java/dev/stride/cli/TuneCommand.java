package dev.stride.cli;

import dev.stride.Tuning;
import dev.stride.TuningOptions;
import dev.stride.TuningReport;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.json.JsonCodec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

@Command(name = "tune",
        description = {"Measures which layout stores and scans an array best, on its own data.",
                "",
                "Takes a sample of whole chunks spread evenly over the array at PATH",
                "(never only the first ones), writes it in candidate layouts into a",
                "scratch location, and measures each on this machine: the bytes it",
                "stores and their ratio to the source's, the speed of writing it, of a",
                "first scan of the --fields in a freshly opened reader, of the fastest",
                "further scan, and of a scan of every field. The candidates are what",
                "copy writes: chunk sizes, shards, zstd and gzip levels, blosc lz4 and",
                "zstd with byte or bit shuffle over the record, or none. A coarse pass",
                "measures each codec at one chunk size, then the neighbours of the best",
                "(levels, chunk sizes, shards) as long as the budget allows; the whole",
                "run keeps within --budget.",
                "",
                "Ranks the layouts whose warm scan runs at --min-speed of the fastest or",
                "better by size, smallest first (sizes within 2%% by speed), then the",
                "rest by speed, and prints the copy command that applies the first;",
                "--apply DST runs it. The source is only read; the scratch arrays are",
                "deleted, also on failure."})
final class TuneCommand extends NodeCommand {
    private static final Pattern BUDGET = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|min|h)?");

    @Option(names = "--fields", split = ",", paramLabel = "FIELD",
            description = "The fields a job scans, by dotted path (x,point.y); their scan ranks the layouts (default: every field).")
    List<String> fields = List.of();

    @Option(names = "--sample", paramLabel = "SIZE",
            description = "How much to sample: a share of the records (5%%) or a number of records, rounded up to whole chunks"
                    + " (default: 5%%, at least 16 and at most 64 MiB of records).")
    String sample;

    @Option(names = "--budget", paramLabel = "TIME", description = "The longest the whole run may take: 60s, 2m, 1.5h, 500ms"
            + " (default: ${DEFAULT-VALUE}).")
    String budget = "60s";

    @Option(names = "--target", paramLabel = "DIR", description = "Where the candidates are written: a directory or a store"
            + " URI (s3://bucket/prefix), in a hidden directory of their own removed afterwards (default: the system's"
            + " temporary directory). A remote target measures scans over the network.")
    String target;

    @Option(names = "--min-speed", paramLabel = "SHARE", description = "The least share of the fastest warm scan a layout"
            + " must reach to be ranked by size (default: ${DEFAULT-VALUE}; 0 ranks by size alone).")
    double minSpeed = 0.5;

    @Option(names = "--threads", paramLabel = "N", description = "Writing and scanning threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--json", description = "Print one JSON object: array, fields, array_records, sample_records,"
            + " sample_chunks, source_sample_bytes, seconds, unmeasured, reason, copy (the command's words) and"
            + " candidates, ranked, each with codec, chunks, shards (null when unsharded), copy_options, stored_bytes,"
            + " size_ratio, write_seconds, first_scan_seconds, warm_scan_seconds, all_fields_seconds,"
            + " first_scan_requests (null for a local target) and speed_share.")
    boolean json;

    @Option(names = "--apply", paramLabel = "DST", description = "Then copy the array to DST in the recommended layout, as"
            + " the printed copy command does.")
    String apply;

    @Override
    public Integer call() {
        TuningOptions options = options();
        if (target != null) {
            refuseOutputInside(target, localOrUsage(target), "tuned");
        }
        if (apply != null) {
            newHierarchyDestination(apply, "tuned");
        }
        TuningReport report;
        try (Zarr zarr = openHierarchy(); ZarrArray array = openArray(zarr)) {
            report = Tuning.measure(array, options);
        }
        List<String> copy = new ArrayList<>(List.of("stride", "copy", location, apply == null ? "DST" : apply));
        if (noSignRequest) {
            copy.add("--no-sign-request");
        }
        TuneReport printed = new TuneReport(report, location, copy);
        if (json) {
            out().write(JsonCodec.print(printed.json()) + "\n");
        } else {
            printed.lines().forEach(line -> out().write(line + "\n"));
        }
        if (apply == null) {
            return 0;
        }
        out().flush();
        List<String> words = printed.commandWords();
        String[] copyArgs = words.subList(1, words.size()).toArray(String[]::new);
        return Main.commandLine(out(), err(), copyArgs).execute(copyArgs);
    }

    private TuningOptions options() {
        requireThreads(threads);
        if (!(minSpeed >= 0 && minSpeed <= 1)) {
            throw usageError("--min-speed must lie between 0 and 1, not " + minSpeed);
        }
        TuningOptions options = TuningOptions.defaults().withFields(fields).withBudget(budget(budget)).withScratch(target)
                .withThreads(threads).withMinSpeed(minSpeed);
        if (sample != null) {
            options = sample(options, sample);
        }
        boolean terminal = Terminal.stderrIsTerminal();
        return options.withProgress(line -> {
            if (terminal) {
                err().println(spec.qualifiedName() + ": " + line);
            }
        });
    }

    /** {@code 5%} or {@code 1000000}. */
    private TuningOptions sample(TuningOptions options, String given) {
        try {
            if (given.endsWith("%")) {
                double percent = Double.parseDouble(given.substring(0, given.length() - 1));
                if (percent > 0 && percent <= 100) {
                    return options.withSampleFraction(percent / 100);
                }
            } else {
                long records = Long.parseLong(given);
                if (records > 0) {
                    return options.withSampleRecords(records);
                }
            }
        } catch (NumberFormatException e) {
            // refused below with the forms it takes
        }
        throw usageError("--sample takes a share above 0% up to 100% (5%) or a number of records above 0 (1000000), not '" + given + "'");
    }

    /** {@code 60s}, {@code 2m}, {@code 500ms}, {@code 1.5h}; a bare number is seconds. */
    private Duration budget(String given) {
        Matcher m = BUDGET.matcher(given.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw usageError("--budget takes a time such as 60s, 2m, 500ms or 1.5h, not '" + given + "'");
        }
        double value = Double.parseDouble(m.group(1));
        double millis = value * switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1;
            case "m", "min" -> 60_000;
            case "h" -> 3_600_000;
            default -> 1000;
        };
        if (millis < 1) {
            throw usageError("--budget must be at least 1ms, not '" + given + "'");
        }
        return Duration.ofMillis(Math.round(millis));
    }
}
