package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * {@link ZarrWriter#consolidate}: the group's zarr.json gets zarr-python 3's inline consolidated metadata (the form
 * of its {@code ConsolidatedMetadata.to_dict()}, laid out here), which Stride's reader reads back; refused while an
 * array below is unpublished.
 */
class ConsolidationTest {
    @TempDir
    Path dir;

    /** The hierarchy of zarr-python 3.1's own consolidated fixture: two arrays, a nested group holding one more. */
    private static void hierarchy(ZarrWriter out) {
        out.createGroup("/", (Json.JObject) Samples.json("{\"answer\": 42}"));
        out.createArray("/1d.chunked.i2", ArraySpec.of(CoreType.INT16, 4).chunks(2)).commit();
        out.createArray("/2d.contiguous.i2", ArraySpec.of(CoreType.INT16, 2, 2)).commit();
        out.createGroup("/nested", (Json.JObject) Samples.json("{\"description\": \"A nested group\"}"));
        out.createArray("/nested/1d.i2", ArraySpec.of(CoreType.INT16, 4)).commit();
    }

    private static String array(String shape, String chunks) {
        return """
                {"zarr_format": 3, "node_type": "array", "shape": %s, "data_type": "int16",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": %s}},
                 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                 "fill_value": 0, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], "attributes": {}}"""
                .formatted(shape, chunks);
    }

    @Test
    void theRootHoldsEveryNodeBelowItAsZarrPythonWritesIt() throws Exception {
        try (ZarrWriter out = ZarrWriter.open(dir).statistics(false)) {
            hierarchy(out);
            out.consolidate("/");
        }
        Json.JObject root = (Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve("zarr.json")));
        assertEquals(Samples.json("""
                {"zarr_format": 3, "node_type": "group", "attributes": {"answer": 42},
                 "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {
                   "1d.chunked.i2": %s,
                   "2d.contiguous.i2": %s,
                   "nested": {"attributes": {"description": "A nested group"}, "zarr_format": 3,
                              "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {}},
                              "node_type": "group"},
                   "nested/1d.i2": %s}}}""".formatted(array("[4]", "[2]"), array("[2, 2]", "[2, 2]"), array("[4]", "[4]"))), root);
        Json.JObject entries = (Json.JObject) ((Json.JObject) root.get("consolidated_metadata")).get("metadata");
        assertEquals(List.of("1d.chunked.i2", "2d.contiguous.i2", "nested", "nested/1d.i2"), List.copyOf(entries.members().keySet()));
        // the nested group's own document is untouched: only the consolidating group holds the metadata
        assertEquals(null, ((Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve("nested/zarr.json")))).get("consolidated_metadata"));
        try (Zarr zarr = Zarr.open(dir)) {
            GroupMetadata read = (GroupMetadata) zarr.metadata("/");
            assertEquals(List.of("1d.chunked.i2", "2d.contiguous.i2", "nested", "nested/1d.i2"), List.copyOf(read.consolidated().keySet()));
            assertEquals(Map.of(), ((GroupMetadata) read.consolidated().get("nested")).consolidated());
        }
    }

    @Test
    void entriesAreShallowestFirstThenByFoldedName() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.createGroup("/g");
            for (String path : new String[] {"/b", "/A", "/g/z", "/C"}) {
                out.createArray(path, ArraySpec.of(CoreType.UINT8, 1)).commit();
            }
            out.consolidate("/g");
            out.consolidate("/");
        }
        try (Zarr zarr = Zarr.open(dir)) {
            assertEquals(List.of("A", "b", "C", "g", "g/z"), List.copyOf(((GroupMetadata) zarr.metadata("/")).consolidated().keySet()));
            assertEquals(List.of("z"), List.copyOf(((GroupMetadata) zarr.metadata("/g")).consolidated().keySet()));
        }
    }

    @Test
    void anUnpublishedArrayBelowIsRefused() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter pending = out.createArray("/sub/a", ArraySpec.of(CoreType.UINT8, 1));
            ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class, () -> out.consolidate("/"));
            assertContains(e.getMessage(), "/sub/a: is not published yet; commit it before consolidating /");
            pending.commit();
            out.consolidate("/");
            ZarrException.BadRequest array = assertThrows(ZarrException.BadRequest.class, () -> out.consolidate("/sub/a"));
            assertContains(array.getMessage(), "no group here to consolidate");
        }
    }
}
