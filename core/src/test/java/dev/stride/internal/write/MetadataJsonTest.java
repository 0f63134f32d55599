package dev.stride.internal.write;

import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.document.MetadataParser;
import dev.stride.internal.metadata.FillValueJson;
import dev.stride.internal.metadata.MetadataEncoder;
import dev.stride.internal.metadata.Node;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.RawType;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static dev.stride.model.CodecChain.IndexLocation.START;
import static dev.stride.model.CodecChain.Shuffle.BITSHUFFLE;
import static dev.stride.model.CodecChain.blosc;
import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.crc32c;
import static dev.stride.model.CodecChain.gzip;
import static dev.stride.model.CodecChain.sharding;
import static dev.stride.model.CodecChain.zstd;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The zarr.json Stride writes: what the specs ask for today, and what our own parser reads back to the same bits. */
class MetadataJsonTest {
    @TempDir
    Path dir;

    @Test
    void structArrayDocumentAsTheSpecsWantIt() throws Exception {
        try (ZarrWriter out = ZarrWriter.open(dir).statistics(false)) {
            out.createArray("/points", ArraySpec.of(Samples.NESTED, 10, 4).chunks(5, 4).fill(Samples.NESTED_FILL)
                    .codecs(bytes(ByteOrder.BIG_ENDIAN), gzip(3)).dimensionNames("time", null)
                    .attributes((Json.JObject) Samples.json("{\"units\": \"m\"}")));
        }
        Json.JObject doc = (Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve("points/zarr.json")));

        assertEquals(Samples.json("""
                {"zarr_format": 3, "node_type": "array", "shape": [10, 4],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                     {"name": "id", "data_type": "int32"}, {"name": "flags", "data_type": "uint8"},
                     {"name": "pos", "data_type": {"name": "struct", "configuration": {"fields": [
                         {"name": "x", "data_type": "float32"}, {"name": "y", "data_type": "float64"}]}}},
                     {"name": "h", "data_type": "float16"}, {"name": "ok", "data_type": "bool"},
                     {"name": "big", "data_type": "uint64"}, {"name": "z", "data_type": "complex64"},
                     {"name": "tag", "data_type": "r16"},
                     {"name": "t", "data_type": {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}}},
                     {"name": "s", "data_type": "int16"}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5, 4]}},
                 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                 "fill_value": {"id": -1, "flags": 255, "pos": {"x": "0x7fc00001", "y": -0.5}, "h": "Infinity", "ok": true,
                     "big": 18446744073709551615, "z": [1.5, "NaN"], "tag": [171, 205], "t": "NaT", "s": 7},
                 "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "gzip", "configuration": {"level": 3}}],
                 "attributes": {"units": "m"},
                 "dimension_names": ["time", null]}"""), doc);
        assertEquals(List.of("zarr_format", "node_type", "shape", "data_type"), List.copyOf(doc.members().keySet()).subList(0, 4));

        try (Zarr zarr = Zarr.open(dir)) {
            ArrayMetadata meta = zarr.array("/points").metadata();
            assertEquals(Samples.NESTED, meta.dataType());
            assertEquals(Arrays.asList("time", null), meta.dimensionNames());
            assertEquals(ByteOrder.BIG_ENDIAN, CodecPipeline.of(meta).order());
        }
    }

    @Test
    void oneByteTypesStillStateTheirEndian() {
        Json.JObject doc = MetadataEncoder.array("/a", ArraySpec.of(CoreType.UINT8, 3));
        assertEquals(Samples.json("[{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]"), doc.get("codecs"));
        assertEquals(Json.number(0), doc.get("fill_value"));
    }

    @Test
    void legacyStructuredIsWrittenAsStruct() {
        StructType legacy = new StructType(List.of(new Field("a", CoreType.INT8), new Field("b", CoreType.FLOAT32)), true);
        assertEquals(Samples.json("""
                {"name": "struct", "configuration": {"fields": [{"name": "a", "data_type": "int8"}, {"name": "b", "data_type": "float32"}]}}"""),
                legacy.json());
    }

    @Test
    void fillValuesOfEveryKind() {
        assertFill("\"NaN\"", CoreType.FLOAT32, le(4).putInt(0x7fc00000));
        assertFill("\"0xffc00000\"", CoreType.FLOAT32, le(4).putInt(0xffc00000));
        assertFill("\"0x7ff0000000000001\"", CoreType.FLOAT64, le(8).putLong(0x7ff0000000000001L));
        assertFill("-0.0", CoreType.FLOAT64, le(8).putDouble(-0.0));
        assertFill("-0.0", CoreType.FLOAT16, le(2).putShort((short) 0x8000));
        assertFill("0.1", CoreType.FLOAT16, le(2).putShort(Float.floatToFloat16(0.1f)));
        assertFill("\"-Infinity\"", CoreType.FLOAT64, le(8).putDouble(Double.NEGATIVE_INFINITY));
        assertFill("0.1", CoreType.FLOAT32, le(4).putFloat(0.1f));
        assertFill("0.1", CoreType.FLOAT64, le(8).putDouble(0.1));
        assertFill("\"NaN\"", CoreType.FLOAT16, le(2).putShort((short) 0x7e00));
        assertFill("\"0x7e01\"", CoreType.FLOAT16, le(2).putShort((short) 0x7e01));
        assertFill("-2.5", CoreType.FLOAT16, le(2).putShort(Float.floatToFloat16(-2.5f)));
        assertFill("18446744073709551615", CoreType.UINT64, le(8).putLong(-1));
        assertFill("-9223372036854775808", CoreType.INT64, le(8).putLong(Long.MIN_VALUE));
        assertFill("-128", CoreType.INT8, le(1).put((byte) -128));
        assertFill("65535", CoreType.UINT16, le(2).putShort((short) -1));
        assertFill("true", CoreType.BOOL, le(1).put((byte) 1));
        assertFill("[1.5, \"Infinity\"]", CoreType.COMPLEX64, le(8).putFloat(1.5f).putFloat(Float.POSITIVE_INFINITY));
        assertFill("[1, 255, 0]", new RawType(24), le(3).put((byte) 1).put((byte) -1).put((byte) 0));
        assertFill("\"NaT\"", new TimeType(false, "ms", 10), le(8).putLong(TimeType.NAT));
        assertFill("-5", new TimeType(true, "D", 1), le(8).putLong(-5));
    }

    @Test
    void boolFillOtherThanZeroOrOneIsRefused() {
        FillValue two = new FillValue(CoreType.BOOL, Json.JNull.NULL, new byte[] {2});
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> FillValueJson.encode(new Node("/flags"), two));
        assertEquals("/flags /fill_value: a bool fill value is the byte 0 or 1, not 2", e.getMessage());
    }

    /** Random bit patterns of every float width, NaNs with payloads, subnormals and signed zeros among them. */
    @Test
    void everyFloatBitPatternSurvivesTheRoundTrip() {
        Random random = new Random(42);
        for (CoreType type : List.of(CoreType.FLOAT16, CoreType.FLOAT32, CoreType.FLOAT64)) {
            for (int i = 0; i < 3000; i++) {
                byte[] bits = new byte[type.byteSize()];
                random.nextBytes(bits);
                if (i % 3 == 0) {
                    bits[bits.length - 1] |= 0x7f; // exponent all ones: infinities and NaNs
                    bits[bits.length - 2] |= (byte) 0xf0;
                } else if (i % 3 == 1) {
                    bits[bits.length - 1] &= (byte) 0x80; // subnormals and zeros
                    bits[bits.length - 2] &= 0x03;
                }
                FillValue fill = new FillValue(type, Json.JNull.NULL, bits);
                assertArrayEquals(bits, reparse(type, FillValueJson.encode(fill)).bytes(ByteOrder.LITTLE_ENDIAN),
                        () -> type + " " + FillValueJson.encode(fill));
            }
        }
    }

    @Test
    void structFillValueGivenAsBitsIsWrittenWithEveryField() {
        FillValue fill = reparse(Samples.NESTED, Samples.NESTED_FILL);
        assertEquals(Samples.NESTED_FILL, MetadataEncoder.array("/a", ArraySpec.of(Samples.NESTED, 1).fill(fill)).get("fill_value"));
    }

    @Test
    void codecEntries() {
        assertEquals(Samples.json("{\"name\": \"zstd\", \"configuration\": {\"level\": 3}}"), zstd(3, false));
        assertEquals(Samples.json("{\"name\": \"zstd\", \"configuration\": {\"level\": -1, \"checksum\": true}}"), zstd(-1, true));
        assertEquals(Samples.json("""
                {"name": "blosc", "configuration": {"cname": "lz4", "clevel": 5, "shuffle": "bitshuffle", "typesize": 8, "blocksize": 0}}"""),
                blosc("lz4", 5, BITSHUFFLE, 8));
        assertEquals(Samples.json("""
                {"name": "sharding_indexed", "configuration": {"chunk_shape": [8, 8],
                 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd", "configuration": {"level": 1}}],
                 "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c", "configuration": {}}],
                 "index_location": "start"}}"""),
                sharding(new long[] {8, 8}, START, bytes(ByteOrder.LITTLE_ENDIAN), zstd(1, false)));
        assertEquals(Samples.json("{\"name\": \"crc32c\", \"configuration\": {}}"), crc32c());
    }

    @Test
    void groupsWithAttributesAndTheirParents() throws Exception {
        Json.JObject attributes = (Json.JObject) Samples.json("{\"title\": \"survey\", \"year\": 2024, \"tags\": [\"a\", \"b\"]}");
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.createGroup("/survey/2024", attributes);
            out.createArray("/survey/2024/points", ArraySpec.of(CoreType.FLOAT32, 4));
        }
        assertEquals(Samples.json("{\"zarr_format\": 3, \"node_type\": \"group\", \"attributes\": {}}"),
                JsonCodec.parse(Files.readAllBytes(dir.resolve("zarr.json"))));
        try (Zarr zarr = Zarr.open(dir)) {
            assertEquals(List.of("survey"), zarr.root().children());
            assertEquals(attributes, zarr.group("/survey/2024").attributes());
            assertEquals(List.of("points"), zarr.group("/survey/2024").children());
        }
    }

    @Test
    void specsAReaderWouldRefuseAreNeverWritten() {
        MemoryStore store = new MemoryStore();
        ZarrWriter out = ZarrWriter.open(store);
        var badShard = ArraySpec.of(CoreType.INT32, 10).chunks(10).codecs(sharding(new long[] {3}, START, bytes(ByteOrder.LITTLE_ENDIAN)));
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> out.createArray("/a", badShard));
        assertTrue(e.getMessage().contains("/codecs/0/configuration/chunk_shape"), e.getMessage());
        assertThrows(ZarrException.class, () -> out.createArray("/b", ArraySpec.of(CoreType.INT32, 4).fill(Json.string("x"))));
        assertThrows(ZarrException.BadRequest.class, () -> out.createArray("/__c", ArraySpec.of(CoreType.INT32, 4)));
        assertEquals(List.of(), store.list(""));
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void assertFill(String expectedJson, DataType type, ByteBuffer bits) {
        FillValue fill = new FillValue(type, Json.JNull.NULL, bits.array());
        Json json = FillValueJson.encode(fill);
        assertEquals(Samples.json(expectedJson), json);
        assertArrayEquals(bits.array(), reparse(type, json).bytes(ByteOrder.LITTLE_ENDIAN), expectedJson);
    }

    /** The fill value our own parser reads from an array document holding {@code fill}. */
    private static FillValue reparse(DataType type, Json fill) {
        byte[] doc = JsonCodec.print(MetadataEncoder.array("/a", ArraySpec.of(type, 1).fill(fill))).getBytes(StandardCharsets.UTF_8);
        return ((ArrayMetadata) MetadataParser.parse("/", doc)).fillValue();
    }
}
