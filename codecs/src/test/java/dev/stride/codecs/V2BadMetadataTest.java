package dev.stride.codecs;

import dev.stride.Zarr;
import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.robust.Documents;
import dev.stride.robust.JsonEdits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real {@code .zarray} of the corpus (numcodecs' records of every kind of field, gzip) with one member broken at a
 * time, and a consolidated {@code .zmetadata} with one entry broken: each is refused with its exception type, the node's
 * path, the member's pointer after the document's name ({@code .zarray/dtype/2/1}) and a reason.
 */
class V2BadMetadataTest {
    private static final Path V2 = Corpus.shared().resolve("conformance").resolve(Corpus.V2_MANIFEST).getParent();
    private static final String ZARRAY = read(V2.resolve("numcodecs/mixed.2d.gzip/.zarray"));
    private static final String ZMETADATA = read(V2.resolve("numcodecs/tree.zarr/.zmetadata"));

    @Test
    void theBaseDocumentOpens() {
        assertInstanceOf(ArrayMetadata.class, open(ZARRAY));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            // the document's own members: types, ranges, ranks
            "/zarr_format | `\"2\"` | InvalidMetadata | .zarray/zarr_format | must be an integer",
            "/zarr_format | 3 | Unsupported | .zarray/zarr_format | zarr_format 3 in a Zarr v2 document is not 2",
            "/shape | {} | InvalidMetadata | .zarray/shape | must be an array",
            "/shape/1 | -1 | InvalidMetadata | .zarray/shape/1 | out of range",
            "/shape | [4611686018427387904, 4] | InvalidMetadata | .zarray/shape | overflows a 64-bit integer",
            "/chunks | [4] | InvalidMetadata | .zarray/chunks | has 1 dimensions but the shape has 2",
            "/chunks/0 | 0 | InvalidMetadata | .zarray/chunks/0 | out of range [1,",
            "/chunks/1 | 1.5 | InvalidMetadata | .zarray/chunks/1 | must be an integer",
            // the dtype, down to a field inside a nested record
            "/dtype | 5 | InvalidMetadata | .zarray/dtype | a dtype must be a numpy type string or a list of fields, not number",
            "/dtype | [] | InvalidMetadata | .zarray/dtype | a structured dtype needs at least one field",
            "/dtype | `\"|O\"` | Unsupported | .zarray/dtype | `object dtype '|O' holds variable-length Python objects`",
            "/dtype/2 | `[\"name\"]` | InvalidMetadata | .zarray/dtype/2 | a field must be [name, dtype] or [name, dtype, shape], not 1 items",
            "/dtype/2 | 7 | InvalidMetadata | .zarray/dtype/2 | must be an array",
            "/dtype/2/0 | 3 | InvalidMetadata | .zarray/dtype/2/0 | must be a string",
            "/dtype/2/0 | `\"id\"` | InvalidMetadata | .zarray/dtype/2/0 | duplicate field name 'id'",
            "/dtype/2/0 | `\"\"` | Unsupported | .zarray/dtype/2/0 | an unnamed field",
            "/dtype/2/1 | true | InvalidMetadata | .zarray/dtype/2/1 | a dtype must be a numpy type string or a list of fields, not boolean",
            "/dtype/2/1 | `\"|S0\"` | Unsupported | .zarray/dtype/2/1 | `'|S0' has no length`",
            "/dtype/2/1 | `\"S\"` | Unsupported | .zarray/dtype/2/1 | 'S' has no length",
            "/dtype/0/1 | `\"=u4\"` | InvalidMetadata | .zarray/dtype/0/1 | needs a byte order, '<' or '>' ('=' means the writer's machine",
            "/dtype/0/1 | `\"<u3\"` | InvalidMetadata | .zarray/dtype/0/1 | '<u3': this kind comes in sizes of 1, 2, 4 or 8 bytes",
            "/dtype/0/1 | `\"<q8\"` | Unsupported | .zarray/dtype/0/1 | unknown numpy type kind 'q' in '<q8'",
            "/dtype/0/1 | `\"<u4[ms]\"` | InvalidMetadata | .zarray/dtype/0/1 | only datetime64 ('M8') and timedelta64 ('m8') take a unit",
            "/dtype/1/1 | `\"<M8[fortnight]\"` | InvalidMetadata | .zarray/dtype/1/1 | unknown time unit 'fortnight'",
            "/dtype/1/1 | `\"<M8[0ms]\"` | InvalidMetadata | .zarray/dtype/1/1 | the unit's multiplier must be from 1 to 999999999",
            "/dtype/1/1 | `\"<M4[ms]\"` | InvalidMetadata | .zarray/dtype/1/1 | this kind comes in sizes of 8 bytes",
            "/dtype/2/1 | `\"|S99999999999\"` | InvalidMetadata | .zarray/dtype/2/1 | elements larger than 2^30 bytes are not supported",
            "/dtype/4/2 | `[0]` | InvalidMetadata | .zarray/dtype/4/2 | a field's shape needs sizes of 1 or more, not 0",
            "/dtype/4/2 | `\"3\"` | InvalidMetadata | .zarray/dtype/4/2 | must be an array",
            "/dtype/4/2 | `[65536, 65536]` | InvalidMetadata | .zarray/dtype/4/2 | records larger than 2^30 bytes are not supported",
            "/dtype/5/1/1/1 | `\"<q8\"` | Unsupported | .zarray/dtype/5/1/1/1 | unknown numpy type kind 'q'",
            "/dtype/5/1/0 | `[\"a\", \"<f4\", [2], 9]` | InvalidMetadata | .zarray/dtype/5/1/0 | not 4 items",
            "/dtype/5 | `[\"inner\", [[\"a\", \"|i1\"]], [2]]` | Unsupported | .zarray/dtype/5/2 | a field holding an array of records is not supported",
            // the fill value of a record is base64 of its packed bytes
            "/fill_value | 5 | InvalidMetadata | .zarray/fill_value | must be a string",
            "/fill_value | `\"!!!\"` | InvalidMetadata | .zarray/fill_value | not base64 of the packed record",
            "/fill_value | `\"AAAA\"` | InvalidMetadata | .zarray/fill_value | base64 fill value has 3 bytes, the record has 56",
            // the compressor and filters, as numcodecs configurations with an id
            "/compressor | 5 | InvalidMetadata | .zarray/compressor | must be an object",
            "/compressor/id | 7 | InvalidMetadata | .zarray/compressor/id | must be a string",
            "/compressor/id | `\"nope\"` | Unsupported | .zarray/compressor/id | unknown v2 compressor id 'nope'",
            "/compressor/level | `\"high\"` | InvalidMetadata | .zarray/compressor/level | must be an integer in [0, 9]",
            "/compressor/level | 10 | InvalidMetadata | .zarray/compressor/level | must be an integer in [0, 9]",
            "/compressor/speed | 1 | Unsupported | .zarray/compressor/speed | unknown configuration member 'speed' of codec 'numcodecs.gzip'",
            "/filters | 5 | InvalidMetadata | .zarray/filters | must be an array",
            "/filters | `[7]` | InvalidMetadata | .zarray/filters/0 | must be an object",
            "/filters | `[{\"level\": 1}]` | InvalidMetadata | .zarray/filters/0 | 'id'",
            "/filters | `[{\"id\": \"vlen-utf8\"}]` | Unsupported | .zarray/filters/0/id | unknown v2 filter id 'vlen-utf8'",
            "/filters | `[{\"id\": \"delta\", \"dtype\": \"<i4\"}]` | InvalidMetadata | .zarray/filters/0/dtype | is not the chunk's data type",
            "/filters | `[{\"id\": \"shuffle\"}, {\"id\": \"delta\"}]` | Unsupported | .zarray/filters/1/id | filter 'delta' after 'shuffle' is not supported",
            "/filters | `[{\"id\": \"shuffle\", \"elementsize\": \"4\"}]` | InvalidMetadata | .zarray/filters/0/elementsize | must be an integer",
            // the layout
            "/order | `\"K\"` | InvalidMetadata | .zarray/order | must be \"C\" or \"F\", not \"K\"",
            "/order | 1 | InvalidMetadata | .zarray/order | must be a string",
            "/dimension_separator | `\"-\"` | InvalidMetadata | .zarray/dimension_separator | must be \".\" or \"/\", not \"-\"",
            "/dimension_separator | 1 | InvalidMetadata | .zarray/dimension_separator | must be a string"})
    void aBrokenMemberIsNamed(String pointer, String value, String type, String member, String reason) {
        assertRefused(edit(ZARRAY, pointer, value), type, member, reason);
    }

    /** zarr-python 2's fill value forms of the other dtypes: numbers, base64 for S, the string for U, ticks for M8. */
    @ParameterizedTest(name = "{0} filled with {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "<f8      | `\"x\"`      | 'x' is not a float fill value",
            "<i2      | 40000          | out of range",
            "`|b1`    | 2              | must be true or false, not number",
            "<c8      | [1]            | a complex fill value is [real, imaginary]",
            "`|S6`    | `\"!!\"`     | not base64",
            "`|S6`    | `\"abc\"`    | not base64: its length 3 is not a multiple of 4 (padded with '=')",
            "`|S2`    | `\"AAAA\"`   | fill value has 3 bytes, more than the 2 of the type",
            "`|V2`    | `\"AAAA\"`   | fill value has 3 bytes, more than the 2 of the type",
            "<U2      | `\"abc\"`    | fill value has 3 characters, more than",
            "<M8[ms]  | 1.5            | must be an integer",
            "<m8[s]   | `\"NaN\"`    | must be an integer"})
    void aFillValueThatDoesNotFitTheDtypeIsNamed(String dtype, String fill, String reason) {
        String doc = edit(edit(ZARRAY, "/dtype", "\"" + dtype + "\""), "/fill_value", fill);
        assertRefused(doc, "InvalidMetadata", ".zarray/fill_value", reason);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/zarr_format | zarr_format", "/shape | shape", "/chunks | chunks", "/dtype | dtype", "/fill_value | fill_value",
            "/order | order", "/compressor | compressor"})
    void aMissingMemberIsNamed(String pointer, String name) {
        assertRefused(edit(ZARRAY, pointer, null), "InvalidMetadata", ".zarray", "'" + name + "'");
    }

    @Test
    void notJsonIsRefusedNamingTheDocument() {
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> open("{\"zarr_format\": 2,"));
        assertEquals(".zarray", e.member());
        assertTrue(e.reason().contains(".zarray is not valid JSON"), e.reason());
    }

    /** An entry of a consolidated {@code .zmetadata} is named by its key in the document, escaped as a JSON pointer. */
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "/metadata/tracks~1points~1.zarray/dtype    | 5          | InvalidMetadata | /tracks/points | .zmetadata/metadata/tracks~1points~1.zarray/dtype   | a dtype must be",
            "/metadata/tracks~1points~1.zarray/chunks   | '[1, 1]'   | InvalidMetadata | /tracks/points | .zmetadata/metadata/tracks~1points~1.zarray/chunks  | has 2 dimensions but the shape has 1",
            "/metadata/tracks~1points~1.zarray          | '[]'       | InvalidMetadata | /              | .zmetadata/metadata/tracks~1points~1.zarray         | must be an object",
            "/metadata/tracks~1.zgroup/zarr_format      | 3          | Unsupported     | /tracks        | .zmetadata/metadata/tracks~1.zgroup/zarr_format     | is not 2",
            "/metadata/tracks~1points~1.zattrs          | 1          | InvalidMetadata | /              | .zmetadata/metadata/tracks~1points~1.zattrs         | must be an object",
            "/metadata                                  | '[]'       | InvalidMetadata | /              | .zmetadata/metadata                                 | must be an object",
            "/zarr_consolidated_format                  | 2          | Unsupported     | /              | .zmetadata/zarr_consolidated_format                 | consolidated format 2 is not 1"})
    void aBrokenConsolidatedEntryIsNamed(String pointer, String value, String type, String node, String member, String reason) {
        MemoryStore store = new MemoryStore().put(".zgroup", "{\"zarr_format\": 2}".getBytes(StandardCharsets.UTF_8))
                .put(".zmetadata", edit(ZMETADATA, pointer, value).getBytes(StandardCharsets.UTF_8));
        ZarrException e = assertThrows(ZarrException.class, () -> {
            try (Zarr zarr = Zarr.open(store)) {
                zarr.metadata("/");
            }
        });
        assertEquals(type, e.getClass().getSimpleName(), e.getMessage());
        assertEquals(node, e.node(), e.getMessage());
        assertEquals(member, e.member(), e.getMessage());
        assertTrue(e.reason().contains(reason), () -> "'" + e.reason() + "' lacks '" + reason + "'");
    }

    private static void assertRefused(String zarray, String type, String member, String reason) {
        ZarrException e = assertThrows(ZarrException.class, () -> open(zarray));
        assertEquals(type, e.getClass().getSimpleName(), e.getMessage());
        assertEquals("/arr", e.node(), e.getMessage());
        assertEquals(member, e.member(), e.getMessage());
        assertTrue(e.reason().contains(reason), () -> "'" + e.reason() + "' lacks '" + reason + "'");
        assertTrue(e.getMessage().startsWith("/arr " + member + ": "), e.getMessage());
    }

    /** The array of a hierarchy whose node {@code /arr} has this {@code .zarray}. */
    private static ArrayMetadata open(String zarray) {
        try (Zarr zarr = Zarr.open(new MemoryStore().put("arr/.zarray", zarray.getBytes(StandardCharsets.UTF_8)))) {
            return zarr.array("/arr").metadata();
        }
    }

    private static String edit(String doc, String pointer, String value) {
        Json edited = JsonEdits.set(Documents.parse(doc), pointer, value == null ? null : Documents.parse(value));
        return JsonCodec.print(edited);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
