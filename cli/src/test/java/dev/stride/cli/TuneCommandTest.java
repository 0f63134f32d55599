package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.StructType;
import dev.stride.model.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code stride tune} on arrays of the shared corpus: the JSON it prints, the copy it applies, and its refusals. No
 * assertion depends on how fast the machine is: only on what was sampled, written and refused.
 */
class TuneCommandTest {
    @TempDir
    Path dir;

    private static Path struct(String name) {
        return Corpus.shared().resolve("conformance/struct").resolve(name);
    }

    private static Json.JObject json(CliRun run) {
        assertEquals(0, run.exitCode(), run.err());
        return (Json.JObject) JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8));
    }

    private static long number(Json json) {
        return ((Json.JNumber) json).bigInteger().longValueExact();
    }

    private static String string(Json json) {
        return ((Json.JString) json).value();
    }

    @Test
    void theJsonNamesTheSampleAndEveryCandidatesFigures() throws IOException {
        Path source = struct("record13_zstd");
        Json.JObject report = json(CliRun.of("tune", source, "--fields", "value,id", "--sample", "30%", "--target", dir, "--json"));
        assertEquals(List.of("array", "fields", "array_records", "sample_records", "sample_chunks", "source_sample_bytes",
                "seconds", "unmeasured", "reason", "copy", "candidates"), List.copyOf(report.members().keySet()));
        // 30% of 1000 records in chunks of 128: 3 whole chunks
        assertEquals(384, number(report.get("sample_records")));
        assertEquals(3, number(report.get("sample_chunks")));
        assertEquals(1000, number(report.get("array_records")));
        assertEquals("[\"value\",\"id\"]", JsonCodec.print(report.get("fields")));
        Json.JArray candidates = (Json.JArray) report.get("candidates");
        assertTrue(candidates.size() >= 1);
        Set<String> figures = Set.of("codec", "chunks", "shards", "copy_options", "stored_bytes", "size_ratio", "write_seconds",
                "first_scan_seconds", "warm_scan_seconds", "all_fields_seconds", "first_scan_requests", "speed_share");
        for (Json c : candidates.items()) {
            Json.JObject candidate = (Json.JObject) c;
            assertEquals(figures, candidate.members().keySet());
            assertTrue(number(candidate.get("stored_bytes")) > 0);
            // local files: a scan sends no requests
            assertEquals(Json.JNull.NULL, candidate.get("first_scan_requests"));
        }
        Json.JObject first = (Json.JObject) candidates.get(0);
        List<String> copy = ((Json.JArray) report.get("copy")).items().stream().map(TuneCommandTest::string).toList();
        List<String> options = ((Json.JArray) first.get("copy_options")).items().stream().map(TuneCommandTest::string).toList();
        assertEquals(List.of("stride", "copy", source.toString(), "DST"), copy.subList(0, 4));
        assertEquals(options, copy.subList(4, copy.size()));
        assertEquals(List.of("--chunks", Long.toString(number(first.get("chunks")))), options.subList(0, 2));
        assertEquals(string(first.get("codec")), options.getLast());
        assertTrue(string(report.get("reason")).contains("value,id"), string(report.get("reason")));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "the scratch directory is removed");
        }
    }

    @Test
    void applyCopiesInTheRecommendedLayoutWithTheSameValues() {
        Path source = struct("record13_zstd");
        Path copy = dir.resolve("tuned");
        CliRun run = CliRun.of("tune", source, "--sample", "1000", "--target", dir, "--apply", copy);
        assertEquals(0, run.exitCode(), run.err());
        String command = run.out().lines().filter(l -> l.startsWith("apply it with: ")).findFirst().orElseThrow();
        assertTrue(command.startsWith("apply it with: stride copy " + source + " " + copy + " --chunks "), command);
        // the table's first row is what was applied
        String[] first = run.out().lines().filter(l -> l.strip().startsWith("1  ")).findFirst().orElseThrow().strip().split("\\s+");
        // a local target sends no requests, so the table has no column for them
        String header = run.out().lines().filter(l -> l.strip().startsWith("rank ")).findFirst().orElseThrow();
        assertFalse(header.contains("requests"), header);
        try (Zarr zarr = Zarr.open(copy)) {
            ArrayMetadata written = (ArrayMetadata) zarr.metadata("/");
            long chunk = Long.parseLong(first[2]);
            long[] expected = first[3].equals("-") ? new long[] {chunk} : new long[] {Long.parseLong(first[3])};
            assertArrayEquals(expected, written.chunkShape());
        }
        assertTrue(command.endsWith(" --codec " + first[1]), command);
        assertEquals(CliRun.of("cat", source).out(), CliRun.of("cat", copy).out());
    }

    @Test
    void anArrayOfOneChunkIsSampledWhole() {
        Json.JObject report = json(CliRun.of("tune", struct("points"), "--target", dir, "--json"));
        assertEquals(100, number(report.get("sample_records")));
        assertEquals(1, number(report.get("sample_chunks")));
        for (Json c : ((Json.JArray) report.get("candidates")).items()) {
            assertEquals(100, number(((Json.JObject) c).get("chunks")));
        }
    }

    @Test
    void fieldsAScanCannotReadAreLeftOutOfEveryFieldAndRefusedByName() {
        // all_kinds holds a complex and a raw field, which have no statistics to scan for
        Path source = struct("all_kinds");
        Json.JObject report = json(CliRun.of("tune", source, "--target", dir, "--json"));
        assertTrue(((Json.JArray) report.get("candidates")).size() >= 1);
        CliRun complex = CliRun.of("tune", source, "--fields", "c", "--target", dir);
        assertEquals(Failures.USAGE, complex.exitCode(), complex.err());
        assertEquals("stride tune: " + source + ": field 'c' (complex64) is not a real number, time or string, which a scan"
                + " reads and tune measures\n", complex.err());
    }

    @Test
    void anArrayWithoutRecordsIsRefused() {
        Path empty = dir.resolve("empty");
        try (ZarrWriter writer = ZarrWriter.open(empty)) {
            writer.createArray("/", ArraySpec.of(StructType.of(new StructType.Field("x", CoreType.FLOAT64)), 0).chunks(10)).close();
        }
        CliRun run = CliRun.of("tune", empty);
        assertEquals(Failures.USAGE, run.exitCode(), run.err());
        assertEquals("stride tune: " + empty + ": holds no records (its shape is [0]); there is nothing to measure\n", run.err());
    }

    @Test
    void aBudgetTooSmallForOneLayoutSaysSo() {
        CliRun run = CliRun.of("tune", struct("record13_zstd"), "--budget", "1ms", "--target", dir);
        assertEquals(Failures.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("stride tune: " + struct("record13_zstd") + ": a budget of 1 ms is too small for one"
                + " candidate layout: reading the sample took "), run.err());
        assertTrue(run.err().endsWith("; give a larger budget or a smaller sample\n"), run.err());
    }

    @Test
    void aReadOnlyScratchLocationIsNamed() throws Exception {
        Path mount = Files.createDirectories(dir.resolve("readonly"));
        assumeTrue(Tmpfs.mount(mount, "ro,size=1m"), "needs root to mount a read-only tmpfs");
        try {
            CliRun run = CliRun.of("tune", struct("points"), "--target", mount);
            assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
            assertEquals("stride tune: " + struct("points") + ": cannot write the candidates under the scratch location "
                    + mount + ": Read-only file system\n", run.err());
        } finally {
            Tmpfs.unmount(mount);
        }
    }

    @Test
    void aTuneStoppedMidwayLeavesNoScratchAndNoStackTrace() throws Exception {
        Path scratch = Files.createDirectories(dir.resolve("scratch"));
        for (int round = 0; round < 3; round++) {
            Path log = dir.resolve("tune-" + round + ".log");
            Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "--enable-native-access=ALL-UNNAMED",
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                    "tune", struct("record13_zstd").toString(), "--target", scratch.toString(), "--budget", "60s")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                // candidates being written, later in each round: the stop meets writes in flight
                int seen = 0;
                while (seen <= 20 * round) {
                    assertTrue(child.isAlive(), () -> "tune ended before it was stopped: " + read(log));
                    assertTrue(System.nanoTime() < deadline, "no candidate was written within a minute");
                    if (filesBelow(scratch) > 1) {
                        seen++;
                    }
                    Thread.sleep(5);
                }
            } finally {
                child.destroy(); // SIGTERM: the JVM stops as on Ctrl-C, running its shutdown hooks
                child.waitFor();
            }
            try (Stream<Path> left = Files.list(scratch)) {
                assertEquals(List.of(), left.toList(), "round " + round + " left its scratch directory");
            }
            assertFalse(read(log).contains("Exception"), read(log));
        }
    }

    private static long filesBelow(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile).count();
        } catch (java.io.UncheckedIOException racingTheWriter) {
            return 0;
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Test
    void aScratchLocationThatIsAFileIsNamed() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        CliRun run = CliRun.of("tune", struct("points"), "--target", file);
        assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("stride tune: " + struct("points") + ": cannot write the candidates under the scratch location "
                + file + ": "), run.err());
    }

    @Test
    void badUsageIsRefusedBeforeAnythingIsMeasured() {
        Path source = struct("record13_zstd");
        assertEquals("stride tune: " + source + ": no field 'nope'; the fields are [id, flags, value]\n", CliRun.of("tune", source, "--fields", "value,nope", "--target", dir).err());
        assertEquals("stride tune: --sample takes a share above 0% up to 100% (5%) or a number of records above 0 (1000000),"
                + " not 'half' (see 'stride tune --help')\n", CliRun.of("tune", source, "--sample", "half").err());
        assertEquals("stride tune: --budget takes a time such as 60s, 2m, 500ms or 1.5h, not 'soon' (see 'stride tune --help')\n",
                CliRun.of("tune", source, "--budget", "soon").err());
        Path full = dir.resolve("full");
        Fixtures.write(full.resolve("x"), "x");
        assertEquals("stride tune: " + full + " already exists and is not an empty directory; copy writes a new hierarchy"
                + " (see 'stride tune --help')\n", CliRun.of("tune", source, "--apply", full).err());
        assertFalse(Files.exists(dir.resolve("tuned")));
    }
}
