package dev.stride.cli;

import dev.stride.azure.testing.Azurite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stride copy} both ways between local directories and Azure Blob Storage (Azurite on loopback), through the
 * {@code az://} and the {@code abfs://} forms; the copies come back byte for byte in what {@code stride cat} prints.
 */
class AzureCopyTest {
    @TempDir
    Path dir;

    @Test
    void aHierarchyGoesToAzureAndBackUnchanged() {
        Azurite azurite = Azurite.get();
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        String container = azurite.container("copies");
        String up = azurite.uri(container, "up.zarr", "");
        CliRun upload = CliRun.of("copy", source, up, "--codec", "zstd:3");
        assertEquals(0, upload.exitCode(), upload.err());
        assertTrue(upload.out().lines().anyMatch(l -> l.matches("/records +6 .* remote +- *")), upload.out());
        String abfs = "abfs://" + container + "@" + Azurite.ACCOUNT + ".dfs.core.windows.net/up.zarr?endpoint=" + azurite.endpoint();
        Path back = dir.resolve("back.zarr");
        CliRun download = CliRun.of("copy", abfs, back);
        assertEquals(0, download.exitCode(), download.err());
        String info = CliRun.of("info", back).out();
        for (String part : new String[] {"title: \"demo\"", "records  array", "sub  group", "grid  array", "sharded  array"}) {
            assertTrue(info.contains(part), () -> "no '" + part + "' in:\n" + info);
        }
        for (String array : new String[] {"/records", "/sub/grid", "/sharded"}) {
            CliRun want = CliRun.of("cat", source.resolve(array.substring(1)), "--format", "jsonl");
            assertEquals(0, want.exitCode(), want.err());
            assertEquals(want.out(), CliRun.of("cat", back.resolve(array.substring(1)), "--format", "jsonl").out(), array);
            assertEquals(want.out(), CliRun.of("cat", azurite.uri(container, "up.zarr" + array, ""), "--format", "jsonl").out(), array);
        }
    }

    /** Anonymous reads of a private container are refused in one line naming the key and container, with no key printed. */
    @Test
    void noSignRequestReadsAnonymously() {
        Azurite azurite = Azurite.get();
        Path source = Fixtures.grid(dir.resolve("grid"));
        String container = azurite.container("private");
        String target = azurite.uri(container, "x.zarr", "");
        assertEquals(0, CliRun.of("copy", source, target).exitCode());
        CliRun anonymous = CliRun.of("cat", target, "--no-sign-request");
        assertEquals(Failures.UNREADABLE, anonymous.exitCode(), anonymous.err());
        assertEquals(1, anonymous.err().lines().count(), anonymous.err());
        assertTrue(anonymous.err().contains("zarr.json") && anonymous.err().contains("container '" + container + "'"), anonymous.err());
        assertFalse(anonymous.err().contains(Azurite.key()));
        assertEquals(0, CliRun.of("cat", target).exitCode(), "signed, the same read works");
        assertFalse(Files.exists(dir.resolve("x.zarr")));
    }
}
