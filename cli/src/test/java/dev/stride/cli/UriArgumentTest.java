package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command that takes a node takes its directory or its URI, and says so when the URI cannot be opened. */
class UriArgumentTest {
    @TempDir
    Path dir;

    /** The lines of a run that succeeded, without those that time it. */
    private static List<String> untimed(CliRun run) {
        assertEquals(0, run.exitCode(), run.err());
        return Arrays.stream(run.lines()).filter(l -> !l.matches("(time|speed|copied) .*")).toList();
    }

    @Test
    void infoCatAndScanReadTheSameThroughAFileUri() {
        Path records = Fixtures.records(dir);
        String uri = records.toUri().toString();
        assertEquals(untimed(CliRun.of("cat", records, "--region", "0:3")), untimed(CliRun.of("cat", uri, "--region", "0:3")));
        assertEquals(untimed(CliRun.of("cat", records)), untimed(CliRun.of("cat", uri + "?io=read")));
        assertEquals(untimed(CliRun.of("scan", records, "--field", "point.y")), untimed(CliRun.of("scan", uri + "?io=map", "--field", "point.y")));
        assertEquals(untimed(CliRun.of("info", records, "--json")), untimed(CliRun.of("info", uri, "--json")));
        List<String> info = untimed(CliRun.of("info", uri));
        assertEquals(uri, info.getFirst().split(" ")[0], "the tree is headed by the node as given");
    }

    @Test
    void copyReadsAndWritesFileUris() throws Exception {
        Path grid = Fixtures.grid(Files.createDirectories(dir.resolve("grid")));
        Path target = dir.resolve("copy.zarr");
        CliRun copy = CliRun.of("copy", grid.toUri(), target.toUri());
        assertEquals(0, copy.exitCode(), copy.err());
        assertTrue(Files.isRegularFile(target.resolve("zarr.json")));
        assertEquals(untimed(CliRun.of("cat", grid)), untimed(CliRun.of("cat", target.toUri())));
    }

    @Test
    void theDemoWritesToAFileUri() {
        Path demo = dir.resolve("demo.zarr");
        CliRun run = CliRun.of("demo", demo.toUri(), "--records", "5000", "--threads", "1");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.isDirectory(demo.resolve("tracks")), run.out());
    }

    /** The store providers the command line comes with. */
    private static final String SCHEMES = "abfs, abfss, az, file, http, https, s3";

    @Test
    void anUnknownSchemeOrOptionIsAOneLineFailure() {
        CliRun unknown = CliRun.of("scan", "gopher://host/x.zarr");
        assertEquals(Failures.UNREADABLE, unknown.exitCode());
        assertEquals("stride scan: gopher://host/x.zarr: no store for the URI scheme 'gopher'; the schemes available are "
                + SCHEMES + " (others come from jars that provide dev.stride.spi.StoreProvider)\n", unknown.err());
        Path grid = Fixtures.grid(dir);
        CliRun option = CliRun.of("cat", grid.toUri() + "?io=mmap");
        assertEquals(Failures.USAGE, option.exitCode());
        assertEquals("stride cat: " + grid.toUri() + "?io=mmap: the option io=mmap of " + grid.toUri() + " is none of auto, map, read\n",
                option.err());
        CliRun missing = CliRun.of("info", dir.resolve("nothing").toUri());
        assertEquals(Failures.UNREADABLE, missing.exitCode());
        assertEquals("stride info: " + dir.resolve("nothing").toUri() + ": no such directory\n", missing.err());
        CliRun unknownCopy = CliRun.of("copy", grid, "gopher://host/copy.zarr");
        assertEquals(Failures.UNREADABLE, unknownCopy.exitCode());
        assertEquals("stride copy: gopher://host/copy.zarr: no store for the URI scheme 'gopher'; the schemes available are "
                + SCHEMES + " (others come from jars that provide dev.stride.spi.StoreProvider)\n", unknownCopy.err());
    }

    @Test
    void theUserInformationOfAUriIsNeverPrinted() {
        List<String> uris = List.of("http://user:hunter2@127.0.0.1:9/x.zarr", "https://user:hunter2@127.0.0.1:9/x.zarr",
                "s3://user:hunter2@bucket/x.zarr", "s3://bucket/x.zarr?endpoint=http://user:hunter2@127.0.0.1:9",
                "gopher://user:hunter2@127.0.0.1:9/x.zarr");
        for (String uri : uris) {
            for (String command : List.of("scan", "info", "cat")) {
                CliRun run = CliRun.of(command, uri);
                assertTrue(run.exitCode() != 0, uri);
                assertFalse((run.out() + run.err()).contains("hunter2"), run.err());
                assertTrue(run.err().contains("127.0.0.1") || run.err().contains("bucket"), run.err());
            }
        }
        CliRun copy = CliRun.of("copy", Fixtures.grid(dir), "http://user:hunter2@127.0.0.1:9/copy.zarr");
        assertEquals(Failures.UNREADABLE, copy.exitCode(), copy.err());
        assertFalse(copy.err().contains("hunter2"), copy.err());
        assertTrue(copy.err().contains("http://***@127.0.0.1:9/copy.zarr"), copy.err());
    }
}
