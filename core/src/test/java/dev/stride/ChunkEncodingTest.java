package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The resolved codec chain the API describes, and checking a spec without writing it. */
class ChunkEncodingTest {
    @TempDir
    Path dir;

    @Test
    void shardedArraysTellTheirInnerChunksAndTheCodecsAsResolved() {
        ArraySpec spec = ArraySpec.of(CoreType.INT16, 100).chunks(50)
                .codecs(CodecChain.sharding(new long[] {10}, CodecChain.IndexLocation.START, CodecChain.bytes(ByteOrder.BIG_ENDIAN)));
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ChunkEncoding written = out.createArray("/a", spec).chunkEncoding();
            assertArrayEquals(new long[] {10}, written.innerChunkShape());
        }
        try (Zarr zarr = Zarr.open(dir); ZarrArray a = zarr.array("/a")) {
            ChunkEncoding read = a.chunkEncoding();
            assertTrue(read.sharded());
            assertArrayEquals(new long[] {10}, read.innerChunkShape());
            assertEquals(1, read.codecs().size());
            Json.JObject sharding = read.codecs().getFirst();
            assertEquals(Json.string("sharding_indexed"), sharding.get("name"));
            assertEquals(Json.string("start"), ((Json.JObject) sharding.get("configuration")).get("index_location"));
        }
    }

    @Test
    void unshardedArraysHaveNoInnerChunksAndTheirDefaultsFilledIn() throws Exception {
        // a bytes codec without a configuration: the one-byte type needs no endian, and none is made up
        Files.writeString(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [4], "data_type": "uint8",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                 "chunk_key_encoding": {"name": "default"}, "fill_value": 0,
                 "codecs": [{"name": "bytes"}, {"name": "gzip", "configuration": {"level": 1}}]}""");
        try (Zarr zarr = Zarr.open(dir); ZarrArray a = zarr.array("/")) {
            ChunkEncoding e = a.chunkEncoding();
            assertFalse(e.sharded());
            assertNull(e.innerChunkShape());
            assertEquals("[{\"name\":\"bytes\",\"configuration\":{}},{\"name\":\"gzip\",\"configuration\":{\"level\":1}}]",
                    JsonCodec.print(new Json.JArray(List.<Json>copyOf(e.codecs()))));
        }
    }

    @Test
    void checkRefusesWhatCreateArrayWouldAndWritesNothing() throws Exception {
        ZarrWriter.check(ArraySpec.of(CoreType.UINT8, 1).codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.gzip(9)));
        var bad = assertThrows(ZarrException.InvalidMetadata.class, () -> ZarrWriter.check(
                ArraySpec.of(CoreType.UINT8, 1).codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.gzip(10))));
        assertEquals("/codecs/1/configuration/level", bad.member());
        assertEquals("must be an integer in [0, 9]", bad.reason());
        var unknown = assertThrows(ZarrException.Unsupported.class, () -> ZarrWriter.check(ArraySpec.of(CoreType.UINT8, 1)
                .codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), Json.object("name", Json.string("lz77"), "configuration", Json.object()))));
        assertTrue(unknown.reason().contains("lz77"), unknown.reason());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }
}
