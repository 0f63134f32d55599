package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code stride info PATH --json}: the hierarchy as one JSON document, parsed back and checked member by member. */
class InfoJsonTest {
    @TempDir
    Path dir;

    private static Json.JObject parse(CliRun run) {
        assertEquals(1, run.lines().length, "one document on one line: " + run.out());
        return (Json.JObject) JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8));
    }

    private static String text(Json json) {
        return JsonCodec.print(json);
    }

    @Test
    void aShardedStructArrayWithItsShapesCodecsFillAndFields() {
        Path array = dir.resolve("tracks");
        Fixtures.write(array.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [100, 3],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                   {"name": "id", "data_type": "uint32"},
                   {"name": "pos", "data_type": {"name": "struct", "configuration": {"fields": [
                     {"name": "lat", "data_type": "float64"}, {"name": "lon", "data_type": "float64"}]}}},
                   {"name": "t", "data_type": {"name": "numpy.datetime64", "configuration": {"unit": "ms", "scale_factor": 10}}}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [40, 3]}},
                 %s,
                 "fill_value": {"id": 0, "pos": {"lat": "NaN", "lon": 0.0}, "t": "NaT"},
                 "codecs": [{"name": "sharding_indexed", "configuration": {
                   "chunk_shape": [10, 3],
                   "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}],
                   "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}],
                   "index_location": "start"}}],
                 "dimension_names": ["n", null],
                 "attributes": {"source": "gps"}}""".formatted(Fixtures.KEYS));
        CliRun run = CliRun.of("info", array, "--json");
        assertEquals(0, run.exitCode(), run.err());
        Json.JObject root = parse(run);

        assertEquals("\"/\"", text(root.get("path")));
        assertEquals("\"array\"", text(root.get("node_type")));
        assertEquals("{\"source\":\"gps\"}", text(root.get("attributes")));
        assertEquals("[100,3]", text(root.get("shape")));
        assertEquals("[10,3]", text(root.get("chunk_shape")), "the inner chunks");
        assertEquals("[40,3]", text(root.get("shard_shape")));
        assertEquals("[\"n\",null]", text(root.get("dimension_names")));
        assertEquals("{\"id\":0,\"pos\":{\"lat\":\"NaN\",\"lon\":0.0},\"t\":\"NaT\"}", text(root.get("fill_value")));
        assertEquals("{\"name\":\"struct\",\"configuration\":{\"fields\":[{\"name\":\"id\",\"data_type\":\"uint32\"},"
                + "{\"name\":\"pos\",\"data_type\":{\"name\":\"struct\",\"configuration\":{\"fields\":["
                + "{\"name\":\"lat\",\"data_type\":\"float64\"},{\"name\":\"lon\",\"data_type\":\"float64\"}]}}},"
                + "{\"name\":\"t\",\"data_type\":{\"name\":\"numpy.datetime64\",\"configuration\":{\"unit\":\"ms\",\"scale_factor\":10}}}]}}",
                text(root.get("data_type")));
        Json.JArray codecs = (Json.JArray) root.get("codecs");
        assertEquals(1, codecs.size());
        Json.JObject sharding = (Json.JObject) codecs.get(0);
        assertEquals("\"sharding_indexed\"", text(sharding.get("name")));
        Json.JObject config = (Json.JObject) sharding.get("configuration");
        assertEquals("[10,3]", text(config.get("chunk_shape")));
        assertEquals("\"start\"", text(config.get("index_location")));
        assertEquals("[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"big\"}}]", text(config.get("codecs")));
        assertTrue(text(config.get("index_codecs")).contains("{\"name\":\"crc32c\""), text(config.get("index_codecs")));
        assertEquals("28", text(root.get("record_size")));
        assertEquals("[{\"path\":\"id\",\"type\":\"uint32\",\"offset\":0,\"size\":4},"
                + "{\"path\":\"pos.lat\",\"type\":\"float64\",\"offset\":4,\"size\":8},"
                + "{\"path\":\"pos.lon\",\"type\":\"float64\",\"offset\":12,\"size\":8},"
                + "{\"path\":\"t\",\"type\":\"numpy.datetime64[10ms]\",\"offset\":20,\"size\":8}]", text(root.get("fields")));
    }

    /** A fill spelled as base64 (legacy "structured") or NaT as an integer is shown decoded, as cat prints it. */
    @Test
    void fillValuesAreDecodedAsCatPrintsThem() {
        Path legacy = dir.resolve("legacy");
        Fixtures.write(legacy.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [2],
                 "data_type": {"name": "structured", "configuration": {"fields": [["a", "int32"], ["b", "float64"]]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                 %s, "fill_value": "AQAAAAAAAAAAAPA/", "codecs": [{"name": "bytes"}]}""".formatted(Fixtures.KEYS));
        Path times = dir.resolve("times");
        Fixtures.write(times.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [2],
                 "data_type": {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                 %s, "fill_value": -9223372036854775808, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}"""
                .formatted(Fixtures.KEYS));
        assertEquals("{\"a\":1,\"b\":1.0}", text(parse(CliRun.of("info", legacy, "--json")).get("fill_value")));
        assertEquals("\"NaT\"", text(parse(CliRun.of("info", times, "--json")).get("fill_value")));
        assertEquals("{\"a\":1,\"b\":1.0}", CliRun.of("cat", legacy, "--format", "jsonl").lines()[0]);
        assertTrue(CliRun.of("info", times).out().contains("fill value       \"NaT\"\n"), CliRun.of("info", times).out());
    }

    @Test
    void aGroupWithItsChildrenInOrderAndAnUnreadableOne() {
        Path root = Fixtures.hierarchy(dir.resolve("data.zarr"));
        CliRun run = CliRun.of("info", root, "--json");
        assertEquals(0, run.exitCode(), run.err());
        Json.JObject group = parse(run);
        assertEquals("\"group\"", text(group.get("node_type")));
        assertEquals("{\"title\":\"demo\",\"n\":3}", text(group.get("attributes")));
        Json.JArray children = (Json.JArray) group.get("children");
        assertEquals(3, children.size());
        assertEquals(java.util.List.of("\"/records\"", "\"/sharded\"", "\"/sub\""),
                children.items().stream().map(c -> text(((Json.JObject) c).get("path"))).sorted().toList());
        Json.JObject sub = (Json.JObject) children.items().stream()
                .filter(c -> text(((Json.JObject) c).get("path")).equals("\"/sub\"")).findFirst().orElseThrow();
        Json.JObject grid = (Json.JObject) ((Json.JArray) sub.get("children")).get(0);
        assertEquals("\"/sub/grid\"", text(grid.get("path")));
        assertEquals("\"array\"", text(grid.get("node_type")));
        assertEquals("null", text(grid.get("shard_shape")));

        Fixtures.write(root.resolve("broken/zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [1], "data_type": "int8",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}},
                 %s, "fill_value": 0, "codecs": [{"name": "bytes"}, {"name": "lzma"}]}""".formatted(Fixtures.KEYS));
        CliRun broken = CliRun.of("info", root, "--json");
        assertEquals(Failures.UNREADABLE, broken.exitCode());
        assertTrue(broken.out().contains("{\"path\":\"/broken\",\"error\":\"unknown codec 'lzma'\"}"), broken.out());
        assertEquals(4, ((Json.JArray) parse(broken).get("children")).size(), "the others still there");
        assertEquals("stride info: " + root + "/broken/zarr.json at /codecs/1/name: unknown codec 'lzma'\n", broken.err());
    }
}
