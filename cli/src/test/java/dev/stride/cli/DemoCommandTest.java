package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The demo on a small record count: what it writes, what it prints, and that it is the same on every run. */
class DemoCommandTest {
    private static final long JUNE_2024_MS = 1_717_200_000_000L;
    private static final long JULY_2024_MS = JUNE_2024_MS + 31L * 24 * 3600 * 1000;

    @TempDir
    Path dir;

    @Test
    void writesShardedZstdTracksThenPrintsAScanTable() {
        Path demo = dir.resolve("demo.zarr");
        CliRun run = CliRun.of("demo", demo, "--records", "10000", "--threads", "2");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err(), "no progress bar when stderr is not a terminal");
        List<String> lines = List.of(run.lines());
        assertEquals("wrote            " + demo.resolve("tracks") + ": 10,000 GPS fixes of 3 tracks", lines.get(0));
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("field ")).findFirst().orElseThrow());
        assertTrue(lines.get(header).matches("field +count +sum +min +max +mean +records/s"), lines.get(header));
        List<String> fields = lines.subList(header + 1, header + 7).stream().map(l -> l.split(" +")[0]).toList();
        assertEquals(List.of("time", "position.lat", "position.lon", "elevation", "speed", "satellites"), fields);
        assertTrue(lines.get(header + 1).matches("time +10,000 +2024-0[67]-\\S+ +2024-0[67]-\\S+ +2024-0[67]-\\S+ +[\\d,]+"), lines.get(header + 1));
        assertTrue(lines.get(header + 6).matches("satellites +10,000 +\\d+ +\\d+ +\\d+ +[\\d.]+ +[\\d,]+"), lines.get(header + 6));
        assertTrue(lines.get(header + 8).matches("one pass +all 6 fields in \\d+\\.\\d{3} s, [\\d,]+ records/s: each chunk is decoded once"),
                lines.get(header + 8));
        int next = lines.indexOf("next             ./stride info " + demo);
        assertTrue(next > header, run.out());
        assertEquals(List.of("./stride cat", "./stride scan", "./stride copy"),
                lines.subList(next + 1, next + 4).stream().map(l -> l.strip().split(" ")[0] + " " + l.strip().split(" ")[1]).toList());

        try (Zarr zarr = Zarr.open(demo)) {
            assertEquals(DemoCommand.GENERATOR, ((Json.JString) zarr.root().attributes().get("generator")).value());
            ZarrArray tracks = zarr.array("/tracks");
            assertArrayEquals(new long[] {10000}, tracks.shape());
            Json.JObject sharding = (Json.JObject) tracks.chunkEncoding().codecs().getFirst().get("configuration");
            assertEquals(List.of(Json.string("bytes"), Json.string("zstd")),
                    ((Json.JArray) sharding.get("codecs")).items().stream().map(c -> ((Json.JObject) c).get("name")).toList());
            assertEquals(List.of("id", "time", "position.lat", "position.lon", "elevation", "speed", "satellites"),
                    tracks.layout().fields().stream().map(FieldAccessor::path).toList());
            long[] ids = tracks.read("id", null).asLongs().values();
            assertTrue(Arrays.equals(ids, LongStream.range(0, 10000).toArray()), "id is the record's number");
            long[] times = tracks.read("time", null).asTimes().values();
            assertTrue(Arrays.stream(times).allMatch(t -> t >= JUNE_2024_MS && t < JULY_2024_MS), "every fix is in June 2024 or just after");
            double[] lat = tracks.readDoubles("position.lat");
            assertTrue(Arrays.stream(lat).allMatch(v -> v > 45 && v < 48.5), "in the Alps");
        }
    }

    @Test
    void anotherRunReplacesTheEarlierDemoWithTheSameValues() {
        Path demo = dir.resolve("demo.zarr");
        assertEquals(0, CliRun.of("demo", demo, "--records", "5000", "--threads", "1").exitCode());
        String first = CliRun.of("cat", demo.resolve("tracks")).out();
        CliRun again = CliRun.of("demo", demo, "--records", "5000", "--threads", "2");
        assertEquals(0, again.exitCode(), again.err());
        assertEquals(first, CliRun.of("cat", demo.resolve("tracks")).out());
    }

    @Test
    void anySplitIntoSlabsGivesTheSameRecords() {
        long size = GpsTracks.TYPE.byteSize();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment whole = arena.allocate(9000 * size);
            GpsTracks.fill(whole, 0);
            MemorySegment tail = arena.allocate(3000 * size);
            GpsTracks.fill(tail, 6000);
            assertEquals(-1, whole.asSlice(6000 * size).mismatch(tail), "a slab starting inside a track replays it");
        }
    }

    @Test
    void aDirectoryHoldingSomethingElseIsRefused() throws IOException {
        Path occupied = Files.createDirectories(dir.resolve("occupied"));
        Files.writeString(occupied.resolve("notes.txt"), "mine");
        CliRun run = CliRun.of("demo", occupied, "--records", "10");
        assertEquals(Failures.USAGE, run.exitCode());
        assertTrue(run.err().startsWith("stride demo: " + occupied + " is not empty and holds no earlier demo"), run.err());
        assertEquals("mine", Files.readString(occupied.resolve("notes.txt")));
    }

    @Test
    void filesBesideAnEarlierDemoAreNeverRemoved() throws IOException {
        Path demo = dir.resolve("demo.zarr");
        assertEquals(0, CliRun.of("demo", demo, "--records", "3000", "--threads", "1").exitCode());
        String before = CliRun.of("cat", demo.resolve("tracks")).out();
        Files.writeString(demo.resolve("notes.txt"), "mine");
        Files.createDirectories(demo.resolve("mydata"));
        Files.writeString(demo.resolve("mydata/results.csv"), "a,b\n1,2\n");
        for (String stranger : List.of("mydata", "notes.txt")) {
            CliRun run = CliRun.of("demo", demo, "--records", "10");
            assertEquals(Failures.USAGE, run.exitCode(), run.err());
            assertTrue(run.err().startsWith("stride demo: " + demo + " holds " + stranger + ", which the demo did not write;"), run.err());
            Files.move(demo.resolve(stranger), dir.resolve(stranger));
        }
        assertEquals(before, CliRun.of("cat", demo.resolve("tracks")).out(), "the earlier demo is untouched");
        assertEquals("mine", Files.readString(dir.resolve("notes.txt")));
        assertEquals("a,b\n1,2\n", Files.readString(dir.resolve("mydata/results.csv")));
        assertEquals(0, CliRun.of("demo", demo, "--records", "10").exitCode(), "with only its own files there, it replaces them");
    }

    @Test
    void aReadOnlyDirectoryIsNamedOnce() throws Exception {
        Path mount = Files.createDirectories(dir.resolve("readonly"));
        assumeTrue(Tmpfs.mount(mount, "ro,size=1m"), "needs root to mount a read-only tmpfs");
        try {
            Path demo = mount.resolve("demo.zarr");
            CliRun run = CliRun.of("demo", demo, "--records", "10");
            assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
            assertEquals("stride demo: " + demo + ": cannot create the directory: Read-only file system\n", run.err());
        } finally {
            Tmpfs.unmount(mount);
        }
    }

    @Test
    void recordsAndThreadsMustBePositive() {
        assertEquals(Failures.USAGE, CliRun.of("demo", dir.resolve("a"), "--records", "0").exitCode());
        assertEquals(Failures.USAGE, CliRun.of("demo", dir.resolve("b"), "--threads", "0").exitCode());
    }
}
