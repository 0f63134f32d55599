package dev.stride.cli;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.FieldStats;
import dev.stride.model.GroupMetadata;
import dev.stride.internal.text.IoText;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "demo",
        footerHeading = "%nRECORDS%n",
        footer = {"  id          int64            the fix's number, 0 to N-1",
                "  time        datetime64[ms]   when, UTC (June 2024)",
                "  position    lat, lon         float64 degrees (WGS 84), a few metres of noise",
                "  elevation   float32          metres above the sea",
                "  speed       float32          metres a second",
                "  satellites  uint8            GPS satellites in view"},
        description = {"Writes a sample dataset, then scans it.",
                "",
                "The dataset: 10 million GPS fixes of synthetic tracks (walkers,",
                "cyclists and cars in the Alps, a fix a second), records with a nested",
                "position and a datetime64 (see RECORDS), in the array 'tracks' of a",
                "group; zstd level 1, in shards of 524,288 records holding chunks of",
                "65,536. The same values on every run (a seeded generator), written",
                "in parallel with a progress bar on stderr when it is a terminal.",
                "Then count, sum, min, max and mean of each numeric field, and how",
                "fast each scan ran."})
final class DemoCommand implements Callable<Integer>, Failures.Located {
    /** The root group's "generator" attribute: marks a directory whose demo may be replaced. */
    static final String GENERATOR = "stride demo";
    private static final long SHARD = 1 << 19;
    private static final long CHUNK = 1 << 16;
    private static final int ZSTD_LEVEL = 1;
    private static final String ARRAY = "/tracks";
    private static final List<String> SCANNED = List.of("time", "position.lat", "position.lon", "elevation", "speed", "satellites");

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR", converter = LocalDirectory.class,
            description = "Where to write, a path or file:///dir (default: ${DEFAULT-VALUE}). An earlier demo there is replaced"
                    + " when it holds nothing else; any other directory must be empty.")
    Path directory = Path.of(System.getProperty("java.io.tmpdir"), "stride-demo.zarr");

    @Option(names = "--records", paramLabel = "N", hidden = true, description = "Records to write (for tests).")
    long records = 10_000_000;

    @Option(names = "--threads", paramLabel = "N", description = "Writing and scanning threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (threads < 1 || records < 1) {
            throw new ParameterException(spec.commandLine(), "--threads and --records must be 1 or more");
        }
        if (!Directories.vacant(directory)) {
            removeEarlierDemo();
        }
        PrintWriter out = spec.commandLine().getOut();
        long started = System.nanoTime();
        write();
        double seconds = (System.nanoTime() - started) / 1e9;
        long stored = Directories.storedBytes(directory);
        long recordBytes = records * GpsTracks.TYPE.byteSize();
        new Details()
                .add("wrote", directory.resolve(ARRAY.substring(1)) + ": " + String.format(Locale.ROOT, "%,d GPS fixes of %,d tracks",
                        records, (records - 1) / GpsTracks.FIXES + 1))
                .add("records", "{id, time, position {lat, lon}, elevation, speed, satellites}, "
                        + GpsTracks.TYPE.byteSize() + " bytes each")
                .add("stored", String.format(Locale.ROOT, "%s of records in %s (%.1f%%): zstd level %d, shards of %,d records in chunks of %,d",
                        ByteText.of(recordBytes), ByteText.of(stored), 100.0 * stored / recordBytes, ZSTD_LEVEL, SHARD, CHUNK))
                .add("written in", String.format(Locale.ROOT, "%.3f s, %,.0f records/s on %d threads", seconds, records / seconds, threads))
                .lines().forEach(out::println);
        out.println();
        scan().forEach(out::println);
        out.println();
        // as the README runs it: the launcher in the clone, which is not on PATH
        new Details().add("next", List.of("./stride info " + directory,
                        "./stride cat " + directory + ARRAY + " --region 0:5 --format table",
                        "./stride scan " + directory + ARRAY + " --field elevation,speed",
                        "./stride copy " + directory + " copy.zarr --codec blosc:lz4:5:shuffle"))
                .lines().forEach(out::println);
        return 0;
    }

    /** Deletes the files of an earlier demo in the directory, and nothing when anything else is there. */
    private void removeEarlierDemo() {
        if (!holdsDemo()) {
            throw new ParameterException(spec.commandLine(), directory + " is not empty and holds no earlier demo; give a new directory");
        }
        try {
            for (Path p : DemoFiles.owned(directory)) {
                Files.delete(p);
            }
        } catch (DemoFiles.Stranger s) {
            throw new ParameterException(spec.commandLine(), directory + " holds " + s.entry
                    + ", which the demo did not write; move it away or give an empty or new directory");
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(null, "cannot remove the earlier demo: " + IoText.reason(e), e);
        }
    }

    private boolean holdsDemo() {
        try (Zarr zarr = Zarr.open(directory)) {
            return zarr.metadata("/") instanceof GroupMetadata g
                    && g.attributes().get("generator") instanceof Json.JString s && s.value().equals(GENERATOR);
        } catch (ZarrException e) {
            return false;
        }
    }

    private void write() {
        try (ZarrWriter out = ZarrWriter.open(directory)) {
            out.createGroup("/", json("""
                    {"title": "Synthetic GPS tracks in the Alps", "generator": "%s", "seed": %d}""".formatted(GENERATOR, GpsTracks.SEED)));
            ArrayWriter tracks = out.createArray(ARRAY, ArraySpec.of(GpsTracks.TYPE, records)
                    .chunks(SHARD)
                    .codecs(CodecChain.sharding(new long[] {CHUNK}, CodecChain.IndexLocation.END,
                            CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.zstd(ZSTD_LEVEL, false)))
                    .dimensionNames("fix")
                    .attributes(json("""
                            {"units": {"position": "degrees (WGS 84)", "elevation": "m", "speed": "m/s"},
                             "satellites": "GPS satellites in view"}""")));
            Slabs slabs = new Slabs(new long[] {records}, new long[] {SHARD}, new long[] {SHARD}, GpsTracks.TYPE.byteSize(), threads);
            ProgressBar progress = new ProgressBar(err(), "write " + directory, "shards", Terminal::stderrIsTerminal);
            Parallel.forEach(threads, slabs.count(), progress, n -> {
                Region slab = slabs.get(n);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment packed = arena.allocate(slab.size() * GpsTracks.TYPE.byteSize());
                    GpsTracks.fill(packed, slab.start()[0]);
                    tracks.write(slab, packed, ByteOrder.LITTLE_ENDIAN);
                }
            });
            progress.clear();
        }
    }

    /** Scans each field of {@link #SCANNED} in turn, then all of them in one pass; returns what was found and how fast. */
    private List<String> scan() {
        List<ScanReport> reports = new ArrayList<>();
        double onePass;
        try (Zarr zarr = Zarr.open(directory)) {
            ZarrArray tracks = zarr.array(ARRAY);
            for (String field : SCANNED) {
                ProgressBar progress = new ProgressBar(err(), "scan " + field, "chunks", Terminal::stderrIsTerminal);
                long started = System.nanoTime();
                FieldStats stats = tracks.scan(field, null, new ScanOptions(threads, progress));
                reports.add(new ScanReport(stats, tracks.field(field).type(), records, (System.nanoTime() - started) / 1e9));
                progress.clear();
            }
            ProgressBar progress = new ProgressBar(err(), "scan all", "chunks", Terminal::stderrIsTerminal);
            long started = System.nanoTime();
            tracks.scan(SCANNED, null, new ScanOptions(threads, progress));
            onePass = (System.nanoTime() - started) / 1e9;
            progress.clear();
        }
        List<String> lines = new ArrayList<>(TextTable.lines(ScanReport.HEADERS, new boolean[] {false, true, true, true, true, true, true},
                reports.stream().map(ScanReport::cells).toList()));
        lines.add("");
        lines.addAll(new Details().add("one pass", String.format(Locale.ROOT, "all %d fields in %.3f s, %,.0f records/s: each chunk is decoded once",
                SCANNED.size(), onePass, records / onePass)).lines());
        return lines;
    }

    private static Json.JObject json(String text) {
        return (Json.JObject) JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    private PrintWriter err() {
        return spec.commandLine().getErr();
    }

    @Override
    public String rootOf(ZarrException e) {
        return directory.toString();
    }
}
