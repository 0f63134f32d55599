package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A copy appears at DST whole or not at all: a full file system or a kill -9 midway leaves no DST and no litter (the
 * next copy removes what a killed one left); a destination reached through a link into the source is refused; a
 * hierarchy 2,000 groups deep copies whole.
 */
class CopyPublishTest {
    private static final int RECORDS = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aFullFileSystemLeavesNoDestinationAndNoLitter() throws Exception {
        Path source = randomArray(dir.resolve("source"));
        Path mount = Files.createDirectories(dir.resolve("small"));
        assumeTrue(Tmpfs.mount(mount, "size=2m"), "needs root to mount a 2 MB tmpfs");
        try {
            Path copy = mount.resolve("copy");
            CliRun run = CliRun.of("copy", source, copy, "--chunks", "4096");
            assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
            assertTrue(run.err().startsWith("stride copy: " + copy + "/") && run.err().contains("No space left on device"), run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            assertFalse(Files.exists(copy), "no destination to read as an array");
            assertEquals(List.of(), entries(mount), "no staging directory, temporary or lock file");
        } finally {
            Tmpfs.unmount(mount);
        }
    }

    @Test
    void aReadOnlyDestinationIsNamedOnce() throws Exception {
        Path source = Fixtures.records(dir.resolve("source"));
        Path mount = Files.createDirectories(dir.resolve("readonly"));
        assumeTrue(Tmpfs.mount(mount, "ro,size=1m"), "needs root to mount a read-only tmpfs");
        try {
            Path copy = mount.resolve("copy");
            CliRun run = CliRun.of("copy", source, copy);
            assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
            assertEquals("stride copy: " + copy + ": cannot write there: Read-only file system\n", run.err());
        } finally {
            Tmpfs.unmount(mount);
        }
    }

    @Test
    void aKilledCopyLeavesNothingAndTheNextCopyCleansUp() throws Exception {
        Path source = randomArray(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "copy", source.toString(), copy.toString(), "--chunks", "512", "--codec", "gzip:9", "--threads", "1")
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (stagedFiles() < 20) {
                assertTrue(child.isAlive(), () -> "the copy ended before it could be killed: " + log());
                assertTrue(System.nanoTime() < deadline, "no chunk was staged within a minute");
                Thread.sleep(10);
            }
        } finally {
            child.destroyForcibly().waitFor();
        }
        assertFalse(Files.exists(copy), "a killed copy publishes nothing");
        assertThrows(ZarrException.class, () -> Zarr.open(copy).metadata("/"));

        CliRun again = CliRun.of("copy", source, copy, "--chunks", "65536");
        assertEquals(0, again.exitCode(), again.err());
        assertEquals(List.of("copy", "source"), entries(dir).stream().filter(n -> !n.equals("child.log")).toList(),
                "the killed copy's staging directory and lock file are gone");
        try (Zarr a = Zarr.open(source); Zarr b = Zarr.open(copy)) {
            assertArrayEquals(a.array("/").read("", null).asLongs().values(), b.array("/").read("", null).asLongs().values());
        }
    }

    @Test
    void aDestinationThroughALinkIntoTheSourceIsRefused() throws IOException {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), source.resolve("new"));
        CliRun run = CliRun.of("copy", source, link);
        assertEquals(Failures.USAGE, run.exitCode(), run.err());
        assertTrue(run.err().startsWith("stride copy: " + link + " lies inside " + source + ", which is being copied"), run.err());
        assertFalse(Files.exists(source.resolve("new")), "nothing was added to the source");

        Path parentLink = Files.createSymbolicLink(dir.resolve("parent"), source.resolve("sub"));
        CliRun below = CliRun.of("copy", source, parentLink.resolve("copy"));
        assertEquals(Failures.USAGE, below.exitCode(), below.err());
        assertEquals(List.of("grid", "zarr.json"), entries(source.resolve("sub")));
    }

    @Test
    void aHierarchyTwoThousandGroupsDeepCopiesWhole() {
        // the old copy reread every ancestor per group and resolved every path in full: 400 levels took 70 s; 2,000
        // levels now take about 15 s, most of it one fsync per file and the kernel walking paths of ~4,000 bytes
        int depth = 2000;
        Path source = dir.resolve("s");
        Fixtures.nestedGroups(source, depth, "a", level -> "{\"zarr_format\": 3, \"node_type\": \"group\", \"attributes\": {\"level\": " + level + "}}");
        Path copy = dir.resolve("d");
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> CliRun.of("copy", source, copy));
        assertEquals(0, run.exitCode(), run.err());
        try (Zarr zarr = Zarr.open(copy)) {
            String path = "/";
            for (int level = 0; level <= depth; level++) {
                assertEquals(Json.number(level), zarr.group(path).attributes().get("level"), path);
                path += (level == 0 ? "" : "/") + "a";
            }
        } finally {
            Fixtures.deleteTree(source);
            Fixtures.deleteTree(copy);
        }
    }

    /** Chunk files in the staging directory beside {@code copy} so far. */
    private long stagedFiles() throws IOException {
        try (Stream<Path> all = Files.walk(dir, 4)) {
            return all.filter(p -> p.toString().contains(".stride-staging-") && Files.isRegularFile(p)).count();
        } catch (java.io.UncheckedIOException raced) {
            return 0;
        }
    }

    private String log() {
        try {
            return Files.readString(dir.resolve("child.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** An array of 8 MB of incompressible int64 values in chunks of 2^16. */
    private static Path randomArray(Path root) {
        long[] values = new SplittableRandom(12).longs(RECORDS).toArray();
        try (ZarrWriter out = ZarrWriter.open(root)) {
            out.createArray("/", ArraySpec.of(CoreType.INT64, RECORDS).chunks(1 << 16)).write(null, Map.of("", values));
        }
        return root;
    }

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            return all.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
