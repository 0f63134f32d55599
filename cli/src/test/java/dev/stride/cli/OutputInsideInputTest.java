package dev.stride.cli;

import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * An export or a copy whose output lies inside the node it reads is refused before anything is written, at any depth
 * and through links: it would overwrite the array's metadata or chunks, or copy a hierarchy into itself.
 */
class OutputInsideInputTest {
    @TempDir
    Path dir;

    @Test
    void anExportIntoItsOwnArrayIsRefusedAtAnyDepthAndThroughLinks() throws IOException {
        Path raw = Fixtures.grid(dir.resolve("raw.zarr"));
        byte[] metadata = Files.readAllBytes(raw.resolve("zarr.json"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), raw);
        List<List<String>> refused = List.of(
                List.of(raw.toString(), raw.resolve("zarr.json").toString(), "jsonl"),
                List.of(raw.toString(), raw.resolve("c/0/new/out.arrow").toString(), "arrow"),
                List.of(raw.toString(), link.resolve("zarr.json").toString(), "csv"),
                List.of(link.toString(), raw.resolve("c/0/0").toString(), "parquet"),
                List.of(raw.toString(), raw.toString(), "csv"));
        for (List<String> run : refused) {
            CliRun export = CliRun.of("export", run.get(0), run.get(1), "--format", run.get(2));
            assertEquals(Failures.USAGE, export.exitCode(), export.err());
            assertEquals("stride export: " + run.get(1) + " lies inside " + run.get(0) + ", which is being exported;"
                    + " write it elsewhere (see 'stride export --help')\n", export.err());
        }
        assertArrayEquals(metadata, Files.readAllBytes(raw.resolve("zarr.json")));
        assertFalse(Files.exists(raw.resolve("c/0/new")));
        CliRun beside = CliRun.of("export", raw, dir.resolve("raw.zarr.csv"));
        assertEquals(0, beside.exitCode(), beside.err());
    }

    @Test
    void aCopyIntoItsOwnSourceInAStoreIsRefused() {
        S3TestServer s3 = S3TestServer.get();
        String bucket = s3.bucket("inside");
        String source = s3.uri(bucket, "x.zarr", "");
        assertEquals(0, CliRun.of("copy", Fixtures.grid(dir.resolve("grid")), source).exitCode());
        String inner = "s3://" + bucket + "/x.zarr/inner?endpoint=" + s3.endpoint();
        CliRun copy = CliRun.of("copy", source, inner);
        assertEquals(Failures.USAGE, copy.exitCode(), copy.err());
        assertEquals("stride copy: " + inner + " lies inside " + source + ", which is being copied; write it elsewhere"
                + " (see 'stride copy --help')\n", copy.err());
        assertEquals(0, CliRun.of("copy", source, "s3://" + bucket + "/x.zarr2?endpoint=" + s3.endpoint()).exitCode(),
                "a name that only starts alike is elsewhere");
    }
}
