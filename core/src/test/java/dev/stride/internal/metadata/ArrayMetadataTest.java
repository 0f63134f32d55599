package dev.stride.internal.metadata;

import dev.stride.internal.codec.BytesCodec;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.codec.Crc32cCodec;
import dev.stride.internal.codec.GzipCodec;
import dev.stride.internal.codec.TransposeCodec;
import dev.stride.internal.document.MetadataParser;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkKeyEncoding;
import dev.stride.model.CoreType;
import dev.stride.model.Json;
import dev.stride.model.ZarrException.InvalidMetadata;
import dev.stride.model.ZarrException.Unsupported;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import static dev.stride.testing.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An array's zarr.json: members, real-world variants, extension points, must_understand, and every refusal. */
class ArrayMetadataTest {

    @Test
    void theSpecExampleParsesToEveryMember() {
        Doc spec = Doc.array()
                .with("shape", "[10000, 1000]")
                .with("dimension_names", "['rows', 'columns']")
                .with("data_type", "'float64'")
                .with("chunk_grid", Doc.regular("[1000, 100]"))
                .with("chunk_key_encoding", "{'name': 'default', 'configuration': {'separator': '/'}}")
                .with("codecs", "[{'name': 'bytes', 'configuration': {'endian': 'little'}}]")
                .with("fill_value", "'NaN'")
                .with("attributes", "{'foo': 42, 'bar': 'apples', 'baz': [1, 2, 3, 4]}");
        ArrayMetadata m = spec.parseArray();
        assertEquals("/a", m.path());
        assertArrayEquals(new long[] {10000, 1000}, m.shape());
        assertEquals(CoreType.FLOAT64, m.dataType());
        assertArrayEquals(new long[] {1000, 100}, m.chunkShape());
        assertEquals(new ChunkKeyEncoding(false, '/'), m.keyEncoding());
        assertEquals(List.of("rows", "columns"), m.dimensionNames());
        assertEquals(10_000_000L, m.size());
        assertEquals(2, m.rank());
        assertEquals(0x7ff8000000000000L, java.nio.ByteBuffer.wrap(m.fillValue().bytes(ByteOrder.BIG_ENDIAN)).getLong());
        assertEquals(new Json.JNumber("42"), m.attributes().get("foo"));
        assertEquals(new Json.JString("apples"), m.attributes().get("bar"));
        assertEquals(4, ((Json.JArray) m.attributes().get("baz")).size());
        BytesCodec bytes = assertInstanceOf(BytesCodec.class, CodecPipeline.of(m).bytesCodec());
        assertEquals(ByteOrder.LITTLE_ENDIAN, bytes.order());
    }

    @ParameterizedTest
    @ValueSource(strings = {"zarr_format", "node_type", "shape", "data_type", "chunk_grid", "chunk_key_encoding", "fill_value", "codecs"})
    void everyMandatoryMemberIsRequired(String member) {
        refused(InvalidMetadata.class, "", "required member '" + member + "' is missing",
                () -> Doc.array().without(member).parse());
    }

    @Test
    void optionalMembersMayBeAbsent() {
        ArrayMetadata m = Doc.array().parseArray();
        assertNull(m.dimensionNames());
        assertEquals(0, m.attributes().members().size());
    }

    @Test
    void realWorldVariantsAreAccepted() {
        ArrayMetadata m = Doc.array()
                .with("dimension_names", "null")
                .with("storage_transformers", "[]")
                .with("chunk_key_encoding", "{'configuration': {}, 'name': 'default'}")
                .with("chunk_grid", "{'configuration': {'chunk_shape': [2]}, 'name': 'regular'}")
                .with("data_type", "{'name': 'int32', 'configuration': {}}")
                .with("codecs", "[{'configuration': {'endian': 'little'}, 'name': 'bytes'}, {'name': 'crc32c'}]")
                .reversed()
                .parseArray();
        assertNull(m.dimensionNames());
        assertEquals(CoreType.INT32, m.dataType());
        assertArrayEquals(new long[] {2}, m.chunkShape());
        assertInstanceOf(Crc32cCodec.class, CodecPipeline.of(m).byteCodecs().getFirst());
    }

    @Test
    void dimensionNamesMayHoldNullsAndRepeats() {
        ArrayMetadata m = Doc.array().with("shape", "[4, 4, 4]").with("chunk_grid", Doc.regular("[2, 2, 2]"))
                .with("dimension_names", "['x', null, 'x']").parseArray();
        assertEquals(Arrays.asList("x", null, "x"), m.dimensionNames());
    }

    @Test
    void bytesCodecWithoutConfigurationServesOneByteTypes() {
        for (String type : List.of("'uint8'", "'int8'", "'bool'", "'r24'")) {
            String fill = switch (type) {
                case "'bool'" -> "false";
                case "'r24'" -> "[0, 0, 0]";
                default -> "0";
            };
            ArrayMetadata m = Doc.array(type, "[4]", "[2]", fill, "{'name': 'bytes'}").parseArray();
            assertEquals(ByteOrder.LITTLE_ENDIAN, CodecPipeline.of(m).order(), type);
            ArrayMetadata shortHand = Doc.array(type, "[4]", "[2]", fill, "'bytes'").parseArray();
            assertInstanceOf(BytesCodec.class, CodecPipeline.of(shortHand).bytesCodec());
        }
    }

    @Test
    void bytesCodecWithoutEndianIsRefusedForMultiByteTypes() {
        refused(InvalidMetadata.class, "/codecs/0", "needs \"endian\" for int32",
                () -> Doc.array().with("codecs", "[{'name': 'bytes'}]").parse());
        refused(InvalidMetadata.class, "/codecs/0", "needs \"endian\"",
                () -> Doc.array().with("codecs", "[{'name': 'bytes', 'configuration': {}}]").parse());
    }

    @Test
    void endianMustBeLittleOrBig() {
        refused(InvalidMetadata.class, "/codecs/0/configuration/endian", "'middle' is not one of",
                () -> Doc.array().with("codecs", "[{'name': 'bytes', 'configuration': {'endian': 'middle'}}]").parse());
    }

    @Test
    void bigEndianBytesCodec() {
        ArrayMetadata m = Doc.array().with("codecs", "[" + Doc.BYTES_BE + "]").parseArray();
        assertEquals(ByteOrder.BIG_ENDIAN, CodecPipeline.of(m).order());
    }

    @Test
    void attributesKeepAnyJsonIncludingNonFiniteNumbers() {
        ArrayMetadata m = Doc.array().withRaw("attributes",
                "{\"nan\": NaN, \"inf\": Infinity, \"ninf\": -Infinity, \"big\": 18446744073709551616,"
                        + " \"nested\": {\"list\": [null, true, 1.5e300, \"s\"]}, \"empty\": {}}").parseArray();
        Json.JObject a = m.attributes();
        assertEquals(new Json.JNumber("NaN"), a.get("nan"));
        assertEquals(new Json.JNumber("Infinity"), a.get("inf"));
        assertEquals(new Json.JNumber("-Infinity"), a.get("ninf"));
        assertEquals(new java.math.BigInteger("18446744073709551616"), ((Json.JNumber) a.get("big")).bigInteger());
        Json.JArray list = (Json.JArray) ((Json.JObject) a.get("nested")).get("list");
        assertEquals(List.of(Json.JNull.NULL, new Json.JBool(true), new Json.JNumber("1.5e300"), new Json.JString("s")), list.items());
        assertTrue(Double.isNaN(((Json.JNumber) a.get("nan")).doubleValue()));
        assertEquals(List.of("nan", "inf", "ninf", "big", "nested", "empty"), List.copyOf(a.members().keySet()));
    }

    @Test
    void attributesMustBeAnObject() {
        refused(InvalidMetadata.class, "/attributes", "must be an object, not array", () -> Doc.array().with("attributes", "[1]").parse());
    }

    // ---- extension points and must_understand

    @Test
    void extensionPointsInBothForms() {
        ArrayMetadata named = Doc.array().with("data_type", "{'name': 'int32'}")
                .with("chunk_key_encoding", "'default'").parseArray();
        ArrayMetadata shortHand = Doc.array().with("data_type", "'int32'")
                .with("chunk_key_encoding", "{'name': 'default'}").parseArray();
        assertEquals(named.dataType(), shortHand.dataType());
        assertEquals(ChunkKeyEncoding.defaults(), named.keyEncoding());
        assertEquals(ChunkKeyEncoding.defaults(), shortHand.keyEncoding());
        ArrayMetadata crcShortHand = Doc.array().with("codecs", "[" + Doc.BYTES_LE + ", 'crc32c']").parseArray();
        assertInstanceOf(Crc32cCodec.class, CodecPipeline.of(crcShortHand).byteCodecs().getFirst());
    }

    @Test
    void unknownMemberIsRefused() {
        refused(Unsupported.class, "/foo", "unknown member 'foo'", () -> Doc.array().with("foo", "1").parse());
        refused(Unsupported.class, "/foo", "unknown member 'foo'", () -> Doc.array().with("foo", "{'must_understand': true}").parse());
        refused(Unsupported.class, "/foo", "unknown member 'foo'", () -> Doc.array().with("foo", "{'x': 1}").parse());
        refused(Unsupported.class, "/foo", "unknown member 'foo'", () -> Doc.array().with("foo", "{'must_understand': 'false'}").parse());
        refused(Unsupported.class, "/foo", "unknown member 'foo'", () -> Doc.array().with("foo", "[{'must_understand': false}]").parse());
        refused(Unsupported.class, "/a~1b~0c", "unknown member 'a/b~c'", () -> Doc.array().with("a/b~c", "1").parse());
    }

    @Test
    void unknownMemberThatNeedNotBeUnderstoodIsIgnored() {
        ArrayMetadata m = Doc.array().with("foo", "{'must_understand': false, 'anything': [1, 2]}").parseArray();
        assertEquals(CoreType.INT32, m.dataType());
        assertTrue(m.json().has("foo"));
    }

    @Test
    void mustUnderstandFalseIsNotAllowedOnCoreExtensionPoints() {
        refused(InvalidMetadata.class, "/data_type/must_understand", "\"must_understand\": false is not allowed",
                () -> Doc.array().with("data_type", "{'name': 'int32', 'must_understand': false}").parse());
        refused(InvalidMetadata.class, "/chunk_grid/must_understand", "\"must_understand\": false is not allowed",
                () -> Doc.array().with("chunk_grid", "{'name': 'regular', 'configuration': {'chunk_shape': [2]}, 'must_understand': false}").parse());
        refused(InvalidMetadata.class, "/chunk_key_encoding/must_understand", "\"must_understand\": false is not allowed",
                () -> Doc.array().with("chunk_key_encoding", "{'name': 'default', 'must_understand': false}").parse());
    }

    @Test
    void unknownMemberOfAnExtensionObjectIsRefused() {
        refused(Unsupported.class, "/chunk_grid/extra", "unknown member 'extra' of extension 'regular'",
                () -> Doc.array().with("chunk_grid", "{'name': 'regular', 'configuration': {'chunk_shape': [2]}, 'extra': 1}").parse());
        refused(Unsupported.class, "/chunk_grid/configuration/foo", "unknown configuration member 'foo'",
                () -> Doc.array().with("chunk_grid", "{'name': 'regular', 'configuration': {'chunk_shape': [2], 'foo': 1}}").parse());
    }

    @Test
    void unknownChunkGridIsRefusedByName() {
        refused(Unsupported.class, "/chunk_grid/name", "unknown chunk grid 'rectilinear'",
                () -> Doc.array().with("chunk_grid", "{'name': 'rectilinear', 'configuration': {'chunk_shapes': [[2, 2]]}}").parse());
    }

    @Test
    void unknownKeyEncodingIsRefusedByName() {
        refused(Unsupported.class, "/chunk_key_encoding/name", "unknown chunk key encoding 'hashed'",
                () -> Doc.array().with("chunk_key_encoding", "{'name': 'hashed'}").parse());
    }

    @Test
    void keyEncodingSeparators() {
        assertEquals(new ChunkKeyEncoding(false, '.'), Doc.array()
                .with("chunk_key_encoding", "{'name': 'default', 'configuration': {'separator': '.'}}").parseArray().keyEncoding());
        assertEquals(new ChunkKeyEncoding(true, '.'), Doc.array().with("chunk_key_encoding", "{'name': 'v2'}").parseArray().keyEncoding());
        assertEquals(new ChunkKeyEncoding(true, '/'), Doc.array()
                .with("chunk_key_encoding", "{'name': 'v2', 'configuration': {'separator': '/'}}").parseArray().keyEncoding());
        refused(InvalidMetadata.class, "/chunk_key_encoding/configuration/separator", "separator must be \"/\" or \".\"",
                () -> Doc.array().with("chunk_key_encoding", "{'name': 'default', 'configuration': {'separator': '-'}}").parse());
    }

    @Test
    void chunkKeysFollowTheSpec() {
        long[] c = {1, 23, 45};
        assertEquals("c/1/23/45", new ChunkKeyEncoding(false, '/').key(c));
        assertEquals("c.1.23.45", new ChunkKeyEncoding(false, '.').key(c));
        assertEquals("1.23.45", new ChunkKeyEncoding(true, '.').key(c));
        assertEquals("1/23/45", new ChunkKeyEncoding(true, '/').key(c));
        assertEquals("c", new ChunkKeyEncoding(false, '/').key(new long[0]));
        assertEquals("0", new ChunkKeyEncoding(true, '.').key(new long[0]));
    }

    @Test
    void unknownCodecIsRefusedByName() {
        refused(Unsupported.class, "/codecs/1/name", "unknown codec 'lzma'",
                () -> Doc.array().with("codecs", "[" + Doc.BYTES_LE + ", {'name': 'lzma', 'configuration': {}}]").parse());
        refused(Unsupported.class, "/codecs/0/name", "unknown codec 'vlen-utf8'",
                () -> Doc.array().with("codecs", "['vlen-utf8']").parse());
    }

    @Test
    void unknownCodecInsideShardingIsRefusedWithItsPointer() {
        refused(Unsupported.class, "/codecs/0/configuration/codecs/1/name", "unknown codec 'lzma'",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [1],"
                        + " 'codecs': [" + Doc.BYTES_LE + ", {'name': 'lzma'}], 'index_codecs': [" + Doc.BYTES_LE + "]}}]").parse());
    }

    @Test
    void anyStorageTransformerIsRefusedByName() {
        refused(Unsupported.class, "/storage_transformers/0", "unknown storage transformer 'chunk-manifest-json'",
                () -> Doc.array().with("storage_transformers", "[{'name': 'chunk-manifest-json', 'configuration': {'manifest': './m.json'}}]").parse());
        refused(Unsupported.class, "/storage_transformers/0", "unknown storage transformer 'foo'",
                () -> Doc.array().with("storage_transformers", "['foo']").parse());
        refused(Unsupported.class, "/storage_transformers/0", "unknown storage transformer 'foo'",
                () -> Doc.array().with("storage_transformers", "[{'name': 'foo', 'must_understand': false}]").parse());
        refused(InvalidMetadata.class, "/storage_transformers", "must be an array",
                () -> Doc.array().with("storage_transformers", "{}").parse());
    }

    // ---- codec chains

    @Test
    void codecListNeedsExactlyOneArrayToBytesCodecInOrder() {
        refused(InvalidMetadata.class, "/codecs", "the codec list is empty", () -> Doc.array().with("codecs", "[]").parse());
        refused(InvalidMetadata.class, "/codecs", "no array->bytes codec",
                () -> Doc.array().with("codecs", "[{'name': 'transpose', 'configuration': {'order': [0]}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0", "bytes->bytes codec 'gzip' comes before the array->bytes codec",
                () -> Doc.array().with("codecs", "[{'name': 'gzip', 'configuration': {'level': 1}}, " + Doc.BYTES_LE + "]").parse());
        refused(InvalidMetadata.class, "/codecs/0", "bytes->bytes codec 'crc32c' comes before",
                () -> Doc.array().with("codecs", "[{'name': 'crc32c'}]").parse());
        refused(InvalidMetadata.class, "/codecs/1", "a second array->bytes codec 'bytes'",
                () -> Doc.array().with("codecs", "[" + Doc.BYTES_LE + ", " + Doc.BYTES_BE + "]").parse());
        refused(InvalidMetadata.class, "/codecs/1", "array->array codec 'transpose' comes after the array->bytes codec",
                () -> Doc.array().with("codecs", "[" + Doc.BYTES_LE + ", {'name': 'transpose', 'configuration': {'order': [0]}}]").parse());
        refused(InvalidMetadata.class, "/codecs", "must be an array, not object", () -> Doc.array().with("codecs", "{}").parse());
    }

    @Test
    void aFullChainResolvesInOrder() {
        ArrayMetadata m = Doc.array().with("shape", "[4, 4]").with("chunk_grid", Doc.regular("[2, 4]"))
                .with("codecs", "[{'name': 'transpose', 'configuration': {'order': [1, 0]}}, " + Doc.BYTES_BE
                        + ", {'name': 'gzip', 'configuration': {'level': 5}}, {'name': 'crc32c'}]").parseArray();
        var codecs = CodecPipeline.of(m).codecs();
        assertInstanceOf(TransposeCodec.class, codecs.get(0));
        assertInstanceOf(BytesCodec.class, codecs.get(1));
        assertInstanceOf(GzipCodec.class, codecs.get(2));
        assertInstanceOf(Crc32cCodec.class, codecs.get(3));
        assertArrayEquals(new long[] {4, 2}, CodecPipeline.of(m).arrayCodecs().getFirst().encodedSpec().shape());
    }

    @Test
    void codecConfigurationsAreChecked() {
        refused(InvalidMetadata.class, "/codecs/1/configuration/level", "must be an integer in [0, 9]",
                () -> Doc.array().with("codecs", "[" + Doc.BYTES_LE + ", {'name': 'gzip', 'configuration': {'level': 10}}]").parse());
        refused(Unsupported.class, "/codecs/1/configuration/x", "unknown configuration member 'x' of codec 'crc32c'",
                () -> Doc.array().with("codecs", "[" + Doc.BYTES_LE + ", {'name': 'crc32c', 'configuration': {'x': 1}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/order", "repeats",
                () -> Doc.array().with("shape", "[4, 4]").with("chunk_grid", Doc.regular("[2, 2]"))
                        .with("codecs", "[{'name': 'transpose', 'configuration': {'order': [0, 0]}}, " + Doc.BYTES_LE + "]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/order", "must be a permutation",
                () -> Doc.array().with("codecs", "[{'name': 'transpose', 'configuration': {'order': 'C'}}, " + Doc.BYTES_LE + "]").parse());
    }

    @Test
    void shardingConfigurationIsChecked() {
        String index = "[" + Doc.BYTES_LE + ", {'name': 'crc32c'}]";
        refused(InvalidMetadata.class, "/codecs/0/configuration/chunk_shape", "does not divide the shard size 2",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [3],"
                        + " 'codecs': [" + Doc.BYTES_LE + "], 'index_codecs': " + index + "}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/chunk_shape/0", "must be an integer in [1,",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [0],"
                        + " 'codecs': [" + Doc.BYTES_LE + "], 'index_codecs': " + index + "}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/index_codecs", "index codecs must have a fixed size",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [1],"
                        + " 'codecs': [" + Doc.BYTES_LE + "], 'index_codecs': [" + Doc.BYTES_LE + ", {'name': 'gzip', 'configuration': {'level': 1}}]}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/index_location", "'middle' is not one of",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [1],"
                        + " 'codecs': [" + Doc.BYTES_LE + "], 'index_codecs': " + index + ", 'index_location': 'middle'}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/codecs", "the codecs have no array->bytes codec",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [1],"
                        + " 'codecs': [], 'index_codecs': " + index + "}}]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/codecs/0", "needs \"endian\"",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [1],"
                        + " 'codecs': [{'name': 'bytes'}], 'index_codecs': " + index + "}}]").parse());
    }

    // ---- shapes and chunk grid

    @Test
    void ranksThatDisagreeAreRefused() {
        refused(InvalidMetadata.class, "/chunk_grid/configuration/chunk_shape", "has 1 dimensions but the shape has 2",
                () -> Doc.array().with("shape", "[4, 4]").parse());
        refused(InvalidMetadata.class, "/dimension_names", "has 1 names but the array has 2 dimensions",
                () -> Doc.array().with("shape", "[4, 4]").with("chunk_grid", Doc.regular("[2, 2]")).with("dimension_names", "['x']").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/order", "must be a permutation of 0..1",
                () -> Doc.array().with("shape", "[4, 4]").with("chunk_grid", Doc.regular("[2, 2]"))
                        .with("codecs", "[{'name': 'transpose', 'configuration': {'order': [0, 1, 2]}}, " + Doc.BYTES_LE + "]").parse());
        refused(InvalidMetadata.class, "/codecs/0/configuration/chunk_shape", "must list 1 inner chunk sizes",
                () -> Doc.array().with("codecs", "[{'name': 'sharding_indexed', 'configuration': {'chunk_shape': [1, 1],"
                        + " 'codecs': [" + Doc.BYTES_LE + "], 'index_codecs': [" + Doc.BYTES_LE + "]}}]").parse());
    }

    @Test
    void chunkSizesMustBePositive() {
        refused(InvalidMetadata.class, "/chunk_grid/configuration/chunk_shape/0", "0 is out of range [1,",
                () -> Doc.array().with("chunk_grid", Doc.regular("[0]")).parse());
        refused(InvalidMetadata.class, "/chunk_grid/configuration/chunk_shape/1", "-2 is out of range [1,",
                () -> Doc.array().with("shape", "[4, 4]").with("chunk_grid", Doc.regular("[2, -2]")).parse());
        refused(InvalidMetadata.class, "/chunk_grid/configuration", "required member 'chunk_shape' is missing",
                () -> Doc.array().with("chunk_grid", "{'name': 'regular'}").parse());
        refused(InvalidMetadata.class, "/chunk_grid/configuration/chunk_shape/0", "must be an integer, not 2.5",
                () -> Doc.array().with("chunk_grid", Doc.regular("[2.5]")).parse());
    }

    @Test
    void shapesMustBeNonNegativeIntegers() {
        refused(InvalidMetadata.class, "/shape/0", "-1 is out of range [0,", () -> Doc.array().with("shape", "[-1]").parse());
        refused(InvalidMetadata.class, "/shape/0", "is out of range", () -> Doc.array().with("shape", "[9223372036854775808]").parse());
        refused(InvalidMetadata.class, "/shape/0", "must be an integer, not \"4\"", () -> Doc.array().with("shape", "['4']").parse());
        refused(InvalidMetadata.class, "/shape", "must be an array, not number", () -> Doc.array().with("shape", "4").parse());
    }

    @Test
    void sizesWhoseProductsOverflowAreRefused() {
        refused(InvalidMetadata.class, "/shape", "overflows a 64-bit integer",
                () -> Doc.array().with("shape", "[4294967296, 4294967296]").with("chunk_grid", Doc.regular("[1, 1]")).parse());
        refused(InvalidMetadata.class, "/chunk_grid/configuration/chunk_shape", "overflows a 64-bit integer",
                () -> Doc.array().with("shape", "[1, 1]").with("chunk_grid", Doc.regular("[4294967296, 4294967296]")).parse());
        refused(InvalidMetadata.class, "/codecs/0", "larger than 2 GiB",
                () -> Doc.array().with("shape", "[1099511627776]").with("chunk_grid", Doc.regular("[1099511627776]")).parse());
    }

    @Test
    void hugeButValidShapesParse() {
        ArrayMetadata m = Doc.array().with("shape", "[4611686018427387904]").parseArray();
        assertEquals(4611686018427387904L, m.size());
    }

    @Test
    void emptyAndZeroDimensionalShapesParse() {
        ArrayMetadata scalar = Doc.array().with("shape", "[]").with("chunk_grid", Doc.regular("[]")).parseArray();
        assertEquals(0, scalar.rank());
        assertEquals(1, scalar.size());
        ArrayMetadata empty = Doc.array().with("shape", "[0, 3]").with("chunk_grid", Doc.regular("[2, 3]")).parseArray();
        assertEquals(0, empty.size());
    }

    // ---- format, JSON and types

    @Test
    void formatAndNodeTypeAreChecked() {
        refused(Unsupported.class, "/zarr_format", "zarr_format 2 is not 3", () -> Doc.array().with("zarr_format", "2").parse());
        refused(InvalidMetadata.class, "/zarr_format", "must be an integer, not \"3\"", () -> Doc.array().with("zarr_format", "'3'").parse());
        refused(InvalidMetadata.class, "/node_type", "node_type must be \"array\" or \"group\", not \"table\"",
                () -> Doc.array().with("node_type", "'table'").parse());
        refused(InvalidMetadata.class, "/node_type", "must be a string, not number", () -> Doc.array().with("node_type", "1").parse());
    }

    @Test
    void invalidJsonIsRefused() {
        for (String text : List.of("", "{", "{\"zarr_format\": 3,}", "{\"a\": 1} {}", "{'a': 1}", "{\"a\": 1, \"a\": 2}")) {
            var e = refused(InvalidMetadata.class, "", "zarr.json is not valid JSON",
                    () -> MetadataParser.parse("/a", text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            assertEquals("/a", e.node());
        }
        refused(InvalidMetadata.class, "", "zarr.json is not valid JSON", () -> MetadataParser.parse("/a", new byte[] {(byte) 0xff, 0x00}));
    }

    @Test
    void aDocumentMustBeAnObject() {
        refused(InvalidMetadata.class, "", "must be an object, not array", () -> MetadataParser.parse("/a", "[]".getBytes()));
        refused(InvalidMetadata.class, "", "must be an object, not number", () -> MetadataParser.parse("/a", "3".getBytes()));
    }

    @Test
    void wrongJsonTypesAreRefusedWithTheirPointer() {
        refused(InvalidMetadata.class, "/data_type", "must be an object, not number", () -> Doc.array().with("data_type", "5").parse());
        refused(InvalidMetadata.class, "/chunk_grid", "must be an object, not array", () -> Doc.array().with("chunk_grid", "[]").parse());
        refused(InvalidMetadata.class, "/chunk_grid/name", "must be a string, not number",
                () -> Doc.array().with("chunk_grid", "{'name': 1}").parse());
        refused(InvalidMetadata.class, "/chunk_grid/configuration", "must be an object, not array",
                () -> Doc.array().with("chunk_grid", "{'name': 'regular', 'configuration': []}").parse());
        refused(InvalidMetadata.class, "/codecs/0", "must be an object, not number", () -> Doc.array().with("codecs", "[1]").parse());
        refused(InvalidMetadata.class, "/dimension_names", "must be an array, not string",
                () -> Doc.array().with("dimension_names", "'x'").parse());
        refused(InvalidMetadata.class, "/dimension_names/0", "must be a string, not number",
                () -> Doc.array().with("dimension_names", "[1]").parse());
        refused(InvalidMetadata.class, "/chunk_key_encoding/configuration/separator", "must be a string, not number",
                () -> Doc.array().with("chunk_key_encoding", "{'name': 'v2', 'configuration': {'separator': 1}}").parse());
        refused(InvalidMetadata.class, "/data_type/must_understand", "must be true or false",
                () -> Doc.array().with("data_type", "{'name': 'int32', 'must_understand': 0}").parse());
    }

    @Test
    void errorsNameTheNode() {
        var e = refused(InvalidMetadata.class, "/shape", "must be an array",
                () -> MetadataParser.parse("/group/points", Doc.array().with("shape", "{}").bytes()));
        assertEquals("/group/points", e.node());
        assertTrue(e.getMessage().startsWith("/group/points /shape: "), e.getMessage());
        assertEquals("must be an array, not object", e.reason());
    }
}
