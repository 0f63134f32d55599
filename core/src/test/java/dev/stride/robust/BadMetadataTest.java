package dev.stride.robust;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.document.MetadataParser;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.NodeMetadata;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code zarr.json} documents that break the spec or ask for absurd sizes: each is refused with our exception naming
 * the node and the JSON member, allocates nothing in proportion to the sizes it claims, and overflows no stack.
 */
class BadMetadataTest {
    /** A valid array of 2-field records; the cases below change one member of it. */
    private static final String ARRAY = """
            {"zarr_format": 3, "node_type": "array", "shape": [100, 60],
             "data_type": {"name": "struct", "configuration": {"fields": [{"name": "a", "data_type": "int32"}, {"name": "b", "data_type": "float64"}]}},
             "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 6]}},
             "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
             "fill_value": {"a": 0, "b": 0.5},
             "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}""";
    private static final String SHARDED = """
            [{"name": "sharding_indexed", "configuration": {"chunk_shape": [5, 3],
              "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
              "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}}]""";
    /** Heap a refusal may allocate: the document, its tree, an exception; nothing the size of what it claims. */
    private static final long SMALL = 8 << 20;

    @Test
    void theBaseDocumentIsValid() {
        assertInstanceOf(ArrayMetadata.class, Documents.open(bytes(ARRAY)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "{", "[", "nul", "{\"zarr_format\": 3,}", "{\"a\": 1}{}", "{\"a\": 1, \"a\": 2}",
            "{'zarr_format': 3}", "{\"a\": \"\\x\"}", "{\"a\": 01}"})
    void invalidJson(String text) {
        assertInvalid(bytes(text), "", "not valid JSON");
    }

    @Test
    void invalidUtf8AndNonObjects() {
        assertInvalid(new byte[] {'{', '"', (byte) 0xff, (byte) 0xfe, '"', ':', '1', '}'}, "", "not valid JSON");
        assertInvalid(bytes("[1, 2]"), "", "must be an object, not array");
        assertInvalid(bytes("\"array\""), "", "must be an object, not string");
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "/zarr_format                                  | '\"3\"'     | /zarr_format                                 | must be an integer",
            "/node_type                                    | 1         | /node_type                                   | must be a string",
            "/shape                                        | {}        | /shape                                       | must be an array",
            "/shape/0                                      | '\"10\"'    | /shape/0                                     | must be an integer",
            "/shape/1                                      | 1.5       | /shape/1                                     | must be an integer",
            "/data_type                                    | 7         | /data_type                                   | must be an object",
            "/data_type/configuration/fields               | {}        | /data_type/configuration/fields              | must be an array",
            "/data_type/configuration/fields/0/name        | 5         | /data_type/configuration/fields/0/name       | must be a string",
            "/data_type/configuration/fields/1/data_type   | []        | /data_type/configuration/fields/1/data_type  | must be an object",
            "/chunk_grid                                   | true      | /chunk_grid                                  | must be an object",
            "/chunk_grid/configuration/chunk_shape         | '\"10\"'    | /chunk_grid/configuration/chunk_shape        | must be an array",
            "/chunk_key_encoding/configuration/separator   | 1         | /chunk_key_encoding/configuration/separator  | must be a string",
            "/fill_value                                   | '\"x\"'     | /fill_value                                  | must be an object",
            "/fill_value/a                                 | '\"1\"'     | /fill_value/a                                | must be an integer",
            "/fill_value/b                                 | []        | /fill_value/b                                | must be a number or string",
            "/codecs                                       | {}        | /codecs                                      | must be an array",
            "/codecs/0/configuration/endian                | true      | /codecs/0/configuration/endian               | must be a string",
            "/attributes                                   | []        | /attributes                                  | must be an object",
            "/dimension_names                              | '\"x\"'     | /dimension_names                             | must be an array"})
    void wrongJsonTypes(String pointer, String value, String member, String reason) {
        assertInvalid(edit(ARRAY, pointer, value), member, reason);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/zarr_format                           | ''                                 | 'zarr_format'",
            "/node_type                             | ''                                 | 'node_type'",
            "/shape                                 | ''                                 | 'shape'",
            "/data_type                             | ''                                 | 'data_type'",
            "/chunk_grid                            | ''                                 | 'chunk_grid'",
            "/chunk_key_encoding                    | ''                                 | 'chunk_key_encoding'",
            "/fill_value                            | ''                                 | 'fill_value'",
            "/codecs                                | ''                                 | 'codecs'",
            "/chunk_grid/configuration/chunk_shape  | /chunk_grid/configuration          | 'chunk_shape'",
            "/data_type/configuration/fields/1/name | /data_type/configuration/fields/1  | 'name'",
            "/fill_value/b                          | /fill_value                        | lacks field 'b'"})
    void missingMembers(String pointer, String member, String reason) {
        assertInvalid(edit(ARRAY, pointer, null), member, reason);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "/shape                                  | [4611686018427387904, 4]   | /shape                                | overflows a 64-bit integer",
            "/chunk_grid/configuration/chunk_shape   | [3037000500, 3037000500]   | /chunk_grid/configuration/chunk_shape | overflows a 64-bit integer",
            "/shape/0                                | 9223372036854775808        | /shape/0                              | out of range",
            "/shape/0                                | -1                         | /shape/0                              | out of range",
            "/chunk_grid/configuration/chunk_shape/0 | 0                          | /chunk_grid/configuration/chunk_shape/0 | out of range [1,",
            "/chunk_grid/configuration/chunk_shape/1 | -6                         | /chunk_grid/configuration/chunk_shape/1 | out of range [1,",
            "/chunk_grid/configuration/chunk_shape   | [10]                       | /chunk_grid/configuration/chunk_shape | has 1 dimensions but the shape has 2",
            "/chunk_grid/configuration/chunk_shape   | [10, 6, 1]                 | /chunk_grid/configuration/chunk_shape | has 3 dimensions but the shape has 2",
            "/dimension_names                        | '[\"x\"]'                  | /dimension_names                      | has 1 names but the array has 2"})
    void sizesAndRanks(String pointer, String value, String member, String reason) {
        assertInvalid(edit(ARRAY, pointer, value), member, reason);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "'[{\"name\": \"transpose\", \"configuration\": {\"order\": [0]}}, {\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]' | /codecs/0/configuration/order | permutation",
            "'[{\"name\": \"transpose\", \"configuration\": {\"order\": [0, -1]}}, {\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]' | /codecs/0/configuration/order/1 | integer in [0, 1]",
            "'[{\"name\": \"sharding_indexed\", \"configuration\": {\"chunk_shape\": [5], \"codecs\": [], \"index_codecs\": []}}]' | /codecs/0/configuration/chunk_shape | one per dimension",
            "'[{\"name\": \"sharding_indexed\", \"configuration\": {\"chunk_shape\": [0, 3], \"codecs\": [], \"index_codecs\": []}}]' | /codecs/0/configuration/chunk_shape/0 | integer in [1,",
            "'[{\"name\": \"sharding_indexed\", \"configuration\": {\"chunk_shape\": [4, 6], \"codecs\": [], \"index_codecs\": []}}]' | /codecs/0/configuration/chunk_shape | does not divide"})
    void codecRanksAndSizes(String codecs, String member, String reason) {
        assertInvalid(edit(ARRAY, "/codecs", codecs), member, reason);
    }

    @Test
    void absurdSizesAreRefusedWithoutAllocating() {
        // a chunk of 2^40 records, a shard of 2^40 inner chunks, a record of 256 MiB with a one-byte fill value,
        // records beyond 2^30 bytes, raw types beyond 2^31 bits
        assertRefusedCheaply(edit(ARRAY, "/chunk_grid/configuration/chunk_shape", "[1099511627776, 1]"), "/codecs/0", "larger than 2 GiB");
        String hugeShard = edit(edit(edit(ARRAY, "/shape", "[1099511627776, 60]"), "/chunk_grid/configuration/chunk_shape",
                "[1099511627776, 6]"), "/codecs", SHARDED.replace("[5, 3]", "[1, 6]"));
        assertRefusedCheaply(hugeShard, "/codecs/0/configuration/chunk_shape", "index larger than 1 GiB");
        String raw = edit(edit(ARRAY, "/data_type", "\"r2147483640\""), "/fill_value", "[0]");
        assertRefusedCheaply(raw, "/fill_value", "needs 268435455 byte values, not 1");
        String field = "{\"name\": \"%s\", \"data_type\": \"r2147483640\"}";
        String fiveRaw = edit(ARRAY, "/data_type/configuration/fields", "[" + String.join(", ",
                field.formatted("v"), field.formatted("w"), field.formatted("x"), field.formatted("y"), field.formatted("z")) + "]");
        assertRefusedCheaply(fiveRaw, "/data_type/configuration/fields", "records larger than 2^30 bytes");
        // found by this test: 2^33 bits passed the check and wrapped to 0 as an int, an IllegalArgumentException
        assertRefusedCheaply(edit(ARRAY, "/data_type", "\"r8589934592\""), "/data_type", "below 2^31");
        assertRefusedCheaply(edit(ARRAY, "/data_type", "\"r9999999999\""), "/data_type", "below 2^31");
    }

    @Test
    void aHugeSparseArrayOpensAndReadsWhatIsAsked() {
        String huge = edit(edit(ARRAY, "/shape", "[4611686018427387903, 2]"), "/chunk_grid/configuration/chunk_shape", "[1, 1]");
        long before = allocated();
        try (Zarr zarr = Zarr.open(new MemoryStore().put("zarr.json", bytes(huge)));
             Arena arena = Arena.ofConfined()) {
            ZarrArray array = zarr.array("/");
            assertEquals(4611686018427387903L, array.shape()[0]);
            Region last = new Region(new long[] {4611686018427387902L, 1}, new long[] {4611686018427387903L, 2});
            assertEquals(0.5, array.read("b", last).asDoubles().values()[0]);
            assertEquals(12, array.readRecords(last, arena).byteSize());
            var e = assertThrows(ZarrException.BadRequest.class, () -> array.read("a", null));
            assertTrue(e.getMessage().contains("does not fit a Java array"), e.getMessage());
        }
        assertTrue(allocated() - before < SMALL, "allocated " + (allocated() - before) + " bytes");
    }

    @Test
    void deeplyNestedStructsAreRefusedPastTheLimit() throws Exception {
        assertInstanceOf(ArrayMetadata.class, onSmallStack(() -> parse(nestedStructs(32))));
        assertInstanceOf(ArrayMetadata.class, Documents.open(bytes(nestedStructs(32))));
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> rethrow(onSmallStack(() -> parse(nestedStructs(33)))));
        assertTrue(e.reason().contains("nested deeper than 32 levels"), e.reason());
        assertTrue(e.member().startsWith("/data_type/configuration/fields/0/data_type/configuration/fields/0/"), e.member());
    }

    @Test
    void deeplyNestedJsonIsRefusedWithoutStackOverflow() throws Exception {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> rethrow(onSmallStack(() -> parse(edit(ARRAY, "/attributes", "{}")
                .replace("\"attributes\":{}", "\"attributes\":{\"deep\":" + deep + "}")))));
        assertTrue(e.reason().contains("not valid JSON") && e.reason().contains("nesting depth"), e.reason());
        String allowed = edit(ARRAY, "/attributes", "{\"deep\": " + "[".repeat(250) + "]".repeat(250) + "}");
        assertInstanceOf(ArrayMetadata.class, onSmallStack(() -> parse(allowed)));
        assertInstanceOf(ArrayMetadata.class, Documents.open(bytes(allowed)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "'\"NaN\"'     | 7ff8000000000000", "'\"-Infinity\"' | fff0000000000000",
            "NaN           | 7ff8000000000000", "Infinity      | 7ff0000000000000", "-Infinity | fff0000000000000",
            "+Infinity     | 7ff0000000000000", "-INF          | fff0000000000000", "+INF      | 7ff0000000000000"})
    void nonFiniteFillValuesInEverySpelling(String fill, String bits) {
        // found by MetadataFuzzTest#documentMembers: Jackson reads +INF and -INF, Double.parseDouble does not
        ArrayMetadata meta = (ArrayMetadata) Documents.open(bytes(edit(ARRAY, "/fill_value/b", fill)));
        ByteBuffer element = ByteBuffer.wrap(meta.fillValue().bytes(ByteOrder.LITTLE_ENDIAN)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(12, element.remaining(), "int32 a, float64 b");
        assertEquals(0, element.getInt(0), "a keeps its fill");
        assertEquals(bits, Long.toHexString(element.getLong(4)), () -> "the bits of b after " + fill);
    }

    @Test
    void fillValuesWithExponentsBeyondAnInt() {
        // found by MetadataFuzzTest#documentBytes: BigDecimal threw NumberFormatException on 1e1000000000000
        assertEquals(Double.POSITIVE_INFINITY, firstB(edit(ARRAY, "/fill_value/b", "1e1000000000000")));
        assertEquals(Double.NEGATIVE_INFINITY, firstB(edit(ARRAY, "/fill_value/b", "-1e+1000000000000")));
        assertEquals(0.0, firstB(edit(ARRAY, "/fill_value/b", "1e-1000000000000")));
    }

    /** Field b of the first element of an array with no chunks: its fill value. */
    private static double firstB(String doc) {
        try (Zarr zarr = Zarr.open(new MemoryStore().put("zarr.json", bytes(doc)))) {
            return zarr.array("/").read("b", new Region(new long[] {0, 0}, new long[] {1, 1})).asDoubles().values()[0];
        }
    }

    private static String nestedStructs(int depth) {
        String type = "\"int8\"";
        for (int i = 0; i < depth; i++) {
            type = "{\"name\": \"struct\", \"configuration\": {\"fields\": [{\"name\": \"f\", \"data_type\": " + type + "}]}}";
        }
        String fill = "1";
        for (int i = 0; i < depth; i++) {
            fill = "{\"f\": " + fill + "}";
        }
        return edit(edit(ARRAY, "/data_type", type), "/fill_value", fill);
    }

    /** Runs on a thread with a 256 KiB stack, far below the test JVM's, so only bounded recursion passes. */
    private static Object onSmallStack(Supplier<Object> work) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(work.get());
            } catch (Throwable e) {
                result.set(e);
            }
        }, "small-stack", 256 << 10);
        t.start();
        t.join();
        if (result.get() instanceof StackOverflowError e) {
            throw new AssertionError("stack overflow", e);
        }
        return result.get();
    }

    private static Object rethrow(Object result) throws Throwable {
        if (result instanceof Throwable t) {
            throw t;
        }
        return result;
    }

    private static NodeMetadata parse(String doc) {
        return MetadataParser.parse("/arr", bytes(doc));
    }

    private static String edit(String doc, String pointer, String value) {
        Json edited = JsonEdits.set(Documents.parse(doc), pointer, value == null ? null : Documents.parse(value));
        return JsonCodec.print(edited);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void assertInvalid(String doc, String member, String reason) {
        assertInvalid(bytes(doc), member, reason);
    }

    private static void assertInvalid(byte[] doc, String member, String reason) {
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> MetadataParser.parse("/arr", doc));
        assertEquals("/arr", e.node());
        assertEquals(member, e.member(), e.getMessage());
        assertTrue(e.reason().contains(reason), () -> "'" + e.reason() + "' lacks '" + reason + "'");
        assertTrue(e.getMessage().startsWith("/arr"), e.getMessage());
    }

    private static void assertRefusedCheaply(String doc, String member, String reason) {
        long before = allocated();
        assertInvalid(doc, member, reason);
        assertTrue(allocated() - before < SMALL, "allocated " + (allocated() - before) + " bytes");
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
