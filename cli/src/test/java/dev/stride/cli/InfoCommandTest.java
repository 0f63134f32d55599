package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
