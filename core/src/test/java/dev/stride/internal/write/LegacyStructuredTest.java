package dev.stride.internal.write;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A struct written under the legacy name {@code structured}, as zarr-python 3.0 and 3.1 write and read it
 * ({@code Structured.to_json(3)}: {@code [name, data_type]} pairs; fill value base64 of the packed record; a
 * {@code bytes} codec without endian, the records little-endian): the document is the one laid out here from that
 * form, and it reads back to the records written.
 */
class LegacyStructuredTest {
    private static final StructType RECORD = StructType.of(new Field("a", CoreType.INT32),
            new Field("inner", StructType.of(new Field("b", CoreType.FLOAT64), new Field("c", CoreType.UINT8))));

    @TempDir
    Path dir;

    @Test
    void theDocumentIsZarrPython31sForm() throws Exception {
        // a = 3, inner.b = 0.5, inner.c = 7: packed little-endian, 13 bytes
        byte[] fill = ByteBuffer.allocate(13).order(ByteOrder.LITTLE_ENDIAN).putInt(3).putDouble(0.5).put((byte) 7).array();
        try (ZarrWriter out = ZarrWriter.open(dir).statistics(false)) {
            out.createArray("/r", ArraySpec.of(RECORD, 5).chunks(2).fill(new FillValue(RECORD, null, fill))
                    .codecs(Json.object("name", Json.string("bytes"))).legacyStructured(true)).commit();
        }
        Json.JObject doc = (Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve("r/zarr.json")));
        assertEquals(Samples.json("""
                {"zarr_format": 3, "node_type": "array", "shape": [5],
                 "data_type": {"name": "structured", "configuration": {"fields": [
                     ["a", "int32"],
                     ["inner", {"name": "structured", "configuration": {"fields": [["b", "float64"], ["c", "uint8"]]}}]]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                 "fill_value": "AwAAAAAAAAAAAOA/Bw==",
                 "codecs": [{"name": "bytes"}],
                 "attributes": {}}"""), doc);
    }

    @Test
    void theRecordsReadBackLittleEndian() {
        ByteBuffer records = ByteBuffer.allocate(5 * 13).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 5; i++) {
            records.putInt(-i).putDouble(i * 1.5).put((byte) (200 + i));
        }
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            var writer = out.createArray("/r", ArraySpec.of(RECORD, 5).chunks(2).codecs(Json.object("name", Json.string("bytes")))
                    .legacyStructured(true));
            writer.write(null, MemorySegment.ofArray(records.array()), ByteOrder.LITTLE_ENDIAN);
            writer.commit();
        }
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray r = zarr.array("/r");
            assertTrue(((StructType) r.dataType()).legacy());
            assertEquals(ByteOrder.LITTLE_ENDIAN, CodecPipeline.of(r.metadata()).order());
            assertArrayEquals(new double[] {0, -1, -2, -3, -4}, r.readDoubles("a"));
            assertArrayEquals(new double[] {0, 1.5, 3, 4.5, 6}, r.readDoubles("inner.b"));
            assertArrayEquals(new double[] {200, 201, 202, 203, 204}, r.readDoubles("inner.c"));
        }
    }

    @Test
    void otherTypesKeepTheirSpelling() {
        Json.JObject doc = dev.stride.internal.metadata.MetadataEncoder.array("/a", ArraySpec.of(CoreType.INT16, 3).legacyStructured(true));
        assertEquals(Json.string("int16"), doc.get("data_type"));
        assertEquals(Json.number(0), doc.get("fill_value"));
    }
}
