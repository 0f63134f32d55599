package dev.stride.cli;

import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exit codes, and failures as one line on stderr that says what failed and where. */
class FailuresTest {
    @TempDir
    Path dir;

    @Test
    void aMissingPathIsUnreadable() {
        CliRun run = CliRun.of("cat", dir.resolve("nowhere"));
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertEquals("stride cat: " + dir.resolve("nowhere") + ": no such directory\n", run.err());
    }

    @Test
    void aCorruptChunkNamesItsKeyWithoutAStackTrace() throws IOException {
        Path grid = Fixtures.grid(dir);
        Files.write(grid.resolve("c/1/0"), new byte[] {1, 2, 3});
        CliRun run = CliRun.of("cat", grid);
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertTrue(run.err().startsWith("stride cat: " + grid + " chunk c/1/0: "), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    /** A URI's query is given after the key, apart, rather than in the middle of the path. */
    @Test
    void theKeyFollowsTheURIsPathAndItsQueryComesApart() throws IOException {
        Path grid = Fixtures.grid(dir);
        Files.write(grid.resolve("c/1/0"), new byte[] {1, 2, 3});
        String uri = grid.toUri().toString().replaceFirst("/$", "") + "?io=read";
        CliRun run = CliRun.of("cat", uri);
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertTrue(run.err().startsWith("stride cat: " + uri.replace("?io=read", "") + " chunk c/1/0 (with ?io=read): "), run.err());
        assertEquals("s3://b/raw.zarr/c/0 (with ?retryTime=30&timeout=5): GET failed",
                Failures.located("s3://b/raw.zarr?retryTime=30&timeout=5", new ZarrException.StoreFailure("c/0", "GET failed", null)));
        assertEquals("/data/odd?name.zarr/c/0: GET failed",
                Failures.located("/data/odd?name.zarr", new ZarrException.StoreFailure("c/0", "GET failed", null)), "a path keeps its '?'");
    }

    @Test
    void debugAddsTheStackTrace() throws IOException {
        Path grid = Fixtures.grid(dir);
        Files.write(grid.resolve("c/0/0"), new byte[] {1});
        CliRun plain = CliRun.of("cat", grid);
        CliRun debug = CliRun.of("cat", grid, "--debug");
        assertFalse(plain.err().contains("\tat "), plain.err());
        assertTrue(debug.err().contains("\tat dev.stride."), debug.err());
        assertTrue(debug.err().endsWith(plain.err()), debug.err());
        assertEquals(Failures.UNREADABLE, debug.exitCode());
    }

    @Test
    void invalidMetadataNamesTheMember() {
        Fixtures.write(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [1], "data_type": "int8",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [0]}},
                 %s, "fill_value": 0, "codecs": [{"name": "bytes"}]}""".formatted(Fixtures.KEYS));
        CliRun run = CliRun.of("cat", dir);
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertTrue(run.err().startsWith("stride cat: " + dir + "/zarr.json at /chunk_grid/configuration/chunk_shape"), run.err());
    }

    @Test
    void usageErrorsExitTwo() {
        Path grid = Fixtures.grid(dir.resolve("grid"));
        Path records = Fixtures.records(dir.resolve("records"));
        assertUsage(CliRun.of("cat", grid, "--bogus"), "stride cat: Unknown option: '--bogus' (see 'stride cat --help')\n");
        assertUsage(CliRun.of("cat"), "stride cat: Missing required parameter: 'PATH' (see 'stride cat --help')\n");
        assertUsage(CliRun.of("cat", grid, "--limit", "-1"), "stride cat: --limit must be 0 or more, not -1 (see 'stride cat --help')\n");
        assertUsage(CliRun.of("cat", grid, "--region", "0:x"), "stride cat: " + grid + ": region '0:x': '0:x' is not a slice like 0:10\n");
        assertUsage(CliRun.of("cat", records, "--fields", "point.q"),
                "stride cat: " + records + ": no field 'point.q'; the fields are id, when, point.x, point.y, h, z, tag, ok\n");
        assertUsage(CliRun.of("nonsense"), "stride: Unmatched argument at index 0: 'nonsense' (see 'stride --help')\n");
        assertUsage(CliRun.of(), "stride: missing command: info, cat, scan, index, copy, tune, export or demo (see 'stride --help')\n");
    }

    @Test
    void aGroupWhereAnArrayIsNeededNamesWhatItHolds() {
        Path root = Fixtures.hierarchy(dir);
        CliRun run = CliRun.of("cat", root);
        assertUsage(run, "stride cat: " + root + ": is a group, not an array; it holds records, sharded, sub\n");
    }

    private static void assertUsage(CliRun run, String err) {
        assertEquals(Failures.USAGE, run.exitCode(), run.err());
        assertEquals(err, run.err());
    }

    @Test
    void runningOutOfMemoryNamesTheSettingToRaise() {
        assertEquals("out of memory: the Java heap (64 MiB) is too small for this; give it more with STRIDE_JAVA_OPTS=-Xmx128m (or larger)",
                Failures.outOfMemory(new OutOfMemoryError("Java heap space"), 64L << 20));
        assertEquals("out of memory: the Java heap (1000 MiB) is too small for this; give it more with STRIDE_JAVA_OPTS=-Xmx2g (or larger)",
                Failures.outOfMemory(new OutOfMemoryError("Requested array size exceeds VM limit"), 1000L << 20));
        assertEquals("out of direct buffer memory (Cannot reserve 1048576 bytes of direct buffer memory (allocated: 0, limit: 0)): "
                        + "give the JVM more with STRIDE_JAVA_OPTS=-XX:MaxDirectMemorySize=<size>",
                Failures.outOfMemory(new OutOfMemoryError("Cannot reserve 1048576 bytes of direct buffer memory (allocated: 0, limit: 0)"), 64L << 20));
        assertEquals("out of memory (Metaspace): give the JVM more with STRIDE_JAVA_OPTS (java options such as -Xmx<size>)",
                Failures.outOfMemory(new OutOfMemoryError("Metaspace"), 64L << 20));
    }
}
