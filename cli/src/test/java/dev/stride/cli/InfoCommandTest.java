package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.http.testing.Nginx;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InfoCommandTest {
    @TempDir
    Path dir;

    @Test
    void drawsTheHierarchyWithGroupsArraysAndAttributes() {
        Path root = Fixtures.hierarchy(dir.resolve("data.zarr"));
        CliRun run = CliRun.of("info", root);
        assertEquals(0, run.exitCode(), run.err());
        String out = run.out();
        assertTrue(out.startsWith(root + "  group\n│   attributes       title: \"demo\"\n│                    n: 3\n"), out);
        assertTrue(out.contains("├── records  array\n"), out);
        assertTrue(out.contains("└── sub  group\n    └── grid  array\n"), out);
        assertTrue(out.contains("├── sharded  array\n"), out);
    }

    @Test
    void aFileThatIsNoZipIsNamedOnce() throws java.io.IOException {
        Path zip = java.nio.file.Files.writeString(dir.resolve("bad.zarr.zip"), "not a zip");
        CliRun run = CliRun.of("info", zip);
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertEquals("stride info: " + zip + ": is not a zip file (no end of central directory record)\n", run.err());
    }

    @Test
    void aRemoteFileThatIsNoZipIsNamedOnce() throws java.io.IOException {
        java.nio.file.Files.writeString(dir.resolve("bad.zarr.zip"), "not a zip");
        try (Nginx nginx = Nginx.serve(dir)) {
            String url = "http://127.0.0.1:" + nginx.port() + "/bad.zarr.zip";
            assertEquals("stride info: " + url + ": is not a zip file (no end of central directory record)\n",
                    CliRun.of("info", url + "/group").err());
            assertEquals("stride info: " + url + " (with ?retries=0): is not a zip file (no end of central directory record)\n",
                    CliRun.of("info", url + "?retries=0").err());
            String gone = "http://127.0.0.1:" + nginx.port() + "/gone.zip";
            assertEquals("stride info: " + gone + ": no such zip file\n", CliRun.of("info", gone).err());
        }
    }

    @Test
    void describesAnArrayOfRecords() {
        CliRun run = CliRun.of("info", Fixtures.records(dir.resolve("records")));
        assertEquals(0, run.exitCode(), run.err());
        String expected = """
                  shape            [6]
                  dimension names  [t]
                  chunk shape      [2]
                  data type        struct of 7 fields
                  fill value       {"id":7,"when":"NaT","point":{"x":0.0,"y":0.0},"h":0.0,"z":[0.0,0.0],"tag":[0,0,0],"ok":false}
                  codecs           bytes endian=little
                  attributes       unit: "m"
                  fields           path     type                 offset  size
                                   id       uint64                    0     8
                                   when     numpy.datetime64[s]       8     8
                                   point.x  float32                  16     4
                                   point.y  float64                  20     8
                                   h        float16                  28     2
                                   z        complex64                30     8
                                   tag      r24                      38     3
                                   ok       bool                     41     1
                  record size      42 bytes
                """;
        assertTrue(run.out().endsWith(expected.indent(2)), run.out());
    }

    @Test
    void showsShardAndInnerChunkShapesAndTheNestedCodecs() {
        CliRun run = CliRun.of("info", Fixtures.sharded(dir.resolve("sharded")));
        assertTrue(run.out().contains("""
                    shard shape      [4]
                    chunk shape      [2]
                    data type        float64
                    fill value       1.5
                    codecs           sharding_indexed chunk_shape=[2] index_location=end
                                       bytes endian=little
                                       index:
                                         bytes endian=little
                                         crc32c
                """), run.out());
    }

    /** The tree info draws, on a thread with half the default stack: a recursive walk overflowed it near 1,000 levels. */
    @Test
    void aHierarchyTwoThousandGroupsDeepIsDrawnWholeAndQuickly() throws Exception {
        int depth = 2000;
        MemoryStore store = new MemoryStore();
        byte[] group = "{\"zarr_format\": 3, \"node_type\": \"group\"}".getBytes(StandardCharsets.UTF_8);
        StringBuilder key = new StringBuilder();
        for (int level = 0; level <= depth; level++) {
            store.put(key + "zarr.json", group);
            key.append("g/");
        }
        StringWriter out = new StringWriter();
        List<ZarrException> failures = new ArrayList<>();
        long started = System.nanoTime();
        Thread walk = new Thread(null, () -> {
            try (Zarr zarr = Zarr.open(store)) {
                failures.addAll(new HierarchyTree(zarr, new PrintWriter(out)).draw("deep"));
            }
        }, "info", 512 << 10);
        List<Throwable> thrown = new ArrayList<>();
        walk.setUncaughtExceptionHandler((t, e) -> thrown.add(e));
        walk.start();
        walk.join();
        double seconds = (System.nanoTime() - started) / 1e9;
        assertEquals(List.of(), thrown);
        assertEquals(List.of(), failures);
        String[] lines = out.toString().split("\n");
        assertEquals(depth + 1, lines.length);
        assertEquals("deep  group", lines[0]);
        assertEquals("    ".repeat(depth - 1) + "└── g  group", lines[depth]);
        assertTrue(seconds < 20, seconds + " s");
    }

    /**
     * The same depth on disk through the command: it used to overflow the stack after ~20 s. Paths near 4,000 bytes
     * (the kernel's limit is 4,096) cost the kernel a walk of every level per call, about 2 s here in all.
     */
    @Test
    void aHierarchyTwoThousandGroupsDeepOnDiskIsDrawnWhole() {
        int depth = 2000;
        Path root = dir.resolve("d");
        Fixtures.nestedGroups(root, depth, "g", level -> "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        CliRun run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliRun.of("info", root));
        Fixtures.deleteTree(root);
        assertEquals(0, run.exitCode(), run.err());
        String[] lines = run.lines();
        assertEquals(depth + 1, lines.length);
        assertEquals(root + "  group", lines[0]);
        assertEquals("    ".repeat(depth - 1) + "└── g  group", lines[depth]);
    }

    @Test
    void anUnreadableNodeIsShownAndTheRestStillDrawn() {
        Path root = Fixtures.hierarchy(dir.resolve("data.zarr"));
        Fixtures.write(root.resolve("broken/zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [1], "data_type": "int8",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}},
                 %s, "fill_value": 0, "codecs": [{"name": "bytes"}, {"name": "lzma"}]}""".formatted(Fixtures.KEYS));
        CliRun run = CliRun.of("info", root);
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertTrue(run.out().contains("├── broken  unreadable: unknown codec 'lzma'"), run.out());
        assertTrue(run.out().contains("└── grid  array"), run.out());
        assertEquals("stride info: " + root + "/broken/zarr.json at /codecs/1/name: unknown codec 'lzma'\n", run.err());
    }

    /**
     * A zarr-python 2 hierarchy says it is v2 on every node, and an array's encoding is the .zarray's own words (order,
     * filters, compressor), not the v3 chain Stride reads it as; --json gives each node's zarr_format.
     */
    @Test
    void aV2HierarchyShowsItsFormatAndItsFiltersAndCompressor() {
        Path root = dir.resolve("v2.zarr");
        Fixtures.write(root.resolve(".zgroup"), "{\"zarr_format\": 2}");
        Fixtures.write(root.resolve("grid/.zarray"), """
                {"zarr_format": 2, "shape": [3, 4], "chunks": [2, 2], "dtype": "<i2", "fill_value": 0, "order": "F",
                 "filters": [{"id": "delta", "dtype": "<i2"}], "compressor": {"id": "zlib", "level": 1}}""");
        CliRun run = CliRun.of("info", root);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(root + """
                  group (Zarr v2)
                └── grid  array (Zarr v2)
                        shape            [3, 4]
                        chunk shape      [2, 2]
                        data type        int16
                        fill value       0
                        order            F (Fortran: the first dimension varies fastest in a chunk)
                        filters          delta dtype=<i2
                        compressor       zlib level=1
                """, run.out());
        String json = CliRun.of("info", root, "--json").out();
        assertTrue(json.startsWith("{\"path\":\"/\",\"zarr_format\":2,\"node_type\":\"group\""), json);
        assertTrue(json.contains("{\"path\":\"/grid\",\"zarr_format\":2,\"node_type\":\"array\""), json);
        String v3 = CliRun.of("info", Fixtures.hierarchy(dir.resolve("data.zarr")), "--json").out();
        assertTrue(v3.startsWith("{\"path\":\"/\",\"zarr_format\":3,"), v3);
    }
}
