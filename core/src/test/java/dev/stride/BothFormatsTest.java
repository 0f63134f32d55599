package dev.stride;

import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * A node holding both a Zarr v3 {@code zarr.json} and Zarr v2 documents (a hierarchy converted in place, or written by
 * both versions): as zarr-python 3 does, Stride reads the v3 node and ignores the v2 documents, for arrays and groups.
 */
class BothFormatsTest {
    /** int16 [4], one chunk {@code c/0} of 1, 2, 3, 4 little-endian. */
    private static final String V3_ARRAY = """
            {"zarr_format": 3, "node_type": "array", "shape": [4], "data_type": "int16",
             "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
             "chunk_key_encoding": {"name": "default"}, "fill_value": 0,
             "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}""";
    /** int32 [2], one chunk {@code 0} of 9, 9 big-endian: another array at the same path. */
    private static final String V2_ARRAY = """
            {"zarr_format": 2, "shape": [2], "chunks": [2], "dtype": ">i4", "compressor": null, "fill_value": 0,
             "order": "C", "filters": null}""";
    private static final byte[] V3_CHUNK = {1, 0, 2, 0, 3, 0, 4, 0};
    private static final byte[] V2_CHUNK = {0, 0, 0, 9, 0, 0, 0, 9};

    @TempDir
    Path dir;

    @Test
    void anArrayWithBothDocumentsIsTheV3Array() {
        MemoryStore store = new MemoryStore().put("a/zarr.json", bytes(V3_ARRAY)).put("a/c/0", V3_CHUNK)
                .put("a/.zarray", bytes(V2_ARRAY)).put("a/.zattrs", bytes("{\"v2\": true}")).put("a/0", V2_CHUNK);
        try (Zarr zarr = Zarr.open(store)) {
            ArrayMetadata meta = zarr.array("/a").metadata();
            assertEquals(Json.number(3), meta.json().get("zarr_format"));
            assertEquals(Json.object(), meta.attributes(), "the v2 .zattrs is not the v3 array's");
            assertArrayEquals(new short[] {1, 2, 3, 4}, zarr.array("/a").read("", null).asShorts().values());
        }
    }

    @Test
    void aGroupWithBothDocumentsIsTheV3Group() {
        MemoryStore store = new MemoryStore()
                .put("zarr.json", bytes("{\"zarr_format\": 3, \"node_type\": \"group\", \"attributes\": {\"format\": 3}}"))
                .put(".zgroup", bytes("{\"zarr_format\": 2}")).put(".zattrs", bytes("{\"format\": 2}"))
                .put(".zarray", bytes(V2_ARRAY));
        try (Zarr zarr = Zarr.open(store)) {
            GroupMetadata meta = assertInstanceOf(GroupMetadata.class, zarr.metadata("/"));
            assertEquals(Json.number(3), meta.attributes().get("format"));
        }
    }

    @Test
    void aFolderWithBothIsListedOnceAndReadAsV3() throws IOException {
        Path a = Files.createDirectories(dir.resolve("a/c"));
        Files.writeString(dir.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        Files.writeString(dir.resolve(".zgroup"), "{\"zarr_format\": 2}");
        Files.writeString(a.getParent().resolve("zarr.json"), V3_ARRAY);
        Files.write(a.resolve("0"), V3_CHUNK);
        Files.writeString(a.getParent().resolve(".zarray"), V2_ARRAY);
        Files.write(a.getParent().resolve("0"), V2_CHUNK);
        try (Zarr zarr = Zarr.open(dir)) {
            assertEquals(List.of("a"), zarr.children("/"));
            assertArrayEquals(new short[] {1, 2, 3, 4}, zarr.array("/a").read("", null).asShorts().values());
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
