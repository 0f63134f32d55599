package dev.stride.internal.metadata;

import dev.stride.internal.json.JsonCodec;
import dev.stride.model.FillValue;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.ZarrException.InvalidMetadata;
import dev.stride.model.ZarrException.Unsupported;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zarr-python 3's fixed-size types in {@code zarr.json}: {@code raw_bytes} (numpy V), {@code null_terminated_bytes}
 * (numpy S) and {@code fixed_length_utf32} (numpy U), spelled and filled as zarr-python's {@code dtype/npy/bytes.py} and
 * {@code string.py} write them, read and written back, whole and as struct fields.
 */
class FixedSizeTypesTest {
    private static final String UTF32_3 = "{'name': 'fixed_length_utf32', 'configuration': {'length_bytes': 12}}";
    private static final String BYTES_4 = "{'name': 'null_terminated_bytes', 'configuration': {'length_bytes': 4}}";
    private static final String RAW_3 = "{'name': 'raw_bytes', 'configuration': {'length_bytes': 3}}";

    private static Doc doc(String dataType, String fill, String bytesCodec) {
        return Doc.array().with("data_type", dataType).with("fill_value", fill).with("codecs", "[" + bytesCodec + "]");
    }

    private static FillValue fill(String dataType, String fill, String bytesCodec) {
        return doc(dataType, fill, bytesCodec).parseArray().fillValue();
    }

    private static String hex(FillValue fill, ByteOrder order) {
        return HexFormat.of().formatHex(fill.bytes(order));
    }

    @Test
    void theThreeNamesAsWholeArrays() {
        FillValue raw = fill(RAW_3, "'AQL/'", "{'name': 'bytes'}");
        assertEquals(new RawType(24, true), raw.type());
        assertEquals("0102ff", hex(raw, ByteOrder.LITTLE_ENDIAN));

        FillValue bytes = fill(BYTES_4, "'YWI='", "{'name': 'bytes'}");
        assertEquals(new FixedBytesType(4), bytes.type());
        assertEquals("61620000", hex(bytes, ByteOrder.LITTLE_ENDIAN));

        FillValue text = fill(UTF32_3, "'é😀'", Doc.BYTES_BE);
        assertEquals(new FixedStringType(3), text.type());
        assertEquals("e900000000f6010000000000", hex(text, ByteOrder.LITTLE_ENDIAN));
        assertEquals("000000e90001f60000000000", hex(text, ByteOrder.BIG_ENDIAN));
    }

    @Test
    void theThreeNamesAsStructFieldsNestedToo() {
        String type = struct(field("v", RAW_3), field("inner", struct(field("s", BYTES_4), field("u", UTF32_3))));
        FillValue f = fill(type, "{'v': 'AAAA', 'inner': {'s': 'eHk=', 'u': 'ab'}}", Doc.BYTES_LE);
        assertEquals(StructType.of(new Field("v", new RawType(24, true)),
                new Field("inner", StructType.of(new Field("s", new FixedBytesType(4)), new Field("u", new FixedStringType(3))))), f.type());
        assertEquals("000000" + "78790000" + "610000006200000000000000", hex(f, ByteOrder.LITTLE_ENDIAN));
    }

    /** zarr-python's to_json: the name and length_bytes, four a character for text; our writer spells them so. */
    @Test
    void theTypesAreWrittenAsZarrPythonSpellsThem() {
        assertEquals(json(RAW_3), new RawType(24, true).json());
        assertEquals(json(BYTES_4), new FixedBytesType(4).json());
        assertEquals(json(UTF32_3), new FixedStringType(3).json());
        assertEquals(json("'r24'"), new RawType(24).json());
    }

    /** zarr-python's to_json_scalar: base64 of the bytes less trailing NULs (S), of all of them (V); the text (U). */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "null_terminated_bytes | 4  | 'YQBi'     | 'YQBi'",
            "null_terminated_bytes | 4  | 'YQBiAA==' | 'YQBi'",
            "null_terminated_bytes | 4  | ''         | ''",
            "raw_bytes             | 3  | 'AGEA'     | 'AGEA'",
            "raw_bytes             | 3  | 'YQ=='     | 'YQAA'",
            "fixed_length_utf32    | 12 | 'a\\u0000b' | 'a\\u0000b'",
            "fixed_length_utf32    | 12 | ''         | ''",
            "fixed_length_utf32    | 12 | '\\u03a9\\ud83d\\ude00' | '\\u03a9\\ud83d\\ude00'",
    })
    void fillValuesReadAndWrittenBack(String name, int length, String read, String written) {
        FillValue f = fill("{'name': '" + name + "', 'configuration': {'length_bytes': " + length + "}}", read, Doc.BYTES_LE);
        assertEquals(json(written), FillValueJson.encode(f));
        assertEquals(json(written), FillValueJson.encode(new FillValue(f.type(), null, f.bytes(ByteOrder.LITTLE_ENDIAN))));
    }

    @Test
    void badFillValuesAreRefused() {
        refused(InvalidMetadata.class, "/fill_value", "fill value has 5 bytes, more than the 4 of the type",
                () -> fill(BYTES_4, "'YWJjZGU='", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/fill_value", "not base64", () -> fill(RAW_3, "'***'", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/fill_value", "must be a string, not number", () -> fill(BYTES_4, "0", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/fill_value", "fill value has 4 characters, more than fixed_length_utf32[3] holds",
                () -> fill(UTF32_3, "'abcd'", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/fill_value", "fill value holds 0xd800, a surrogate, at character 1",
                () -> fill(UTF32_3, "'a\\ud800'", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/fill_value/u", "0xd800, a surrogate",
                () -> fill(struct(field("u", UTF32_3)), "{'u': '\\ud800'}", Doc.BYTES_LE));
    }

    @Test
    void bitsNoJsonStringSpellsAreRefusedOnWrite() {
        byte[] above = {0, 0, 0x11, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        refused(InvalidMetadata.class, "/fill_value", "holds 0x110000, above U+10FFFF, at character 0",
                () -> FillValueJson.encode(new Node("/a"), new FillValue(new FixedStringType(3), null, above)));
    }

    /** UTF-32 units have a byte order, so the bytes codec needs an endian; single bytes do not (as for uint8). */
    @Test
    void onlyTextNeedsAnEndian() {
        assertTrue(new FixedStringType(3).hasByteOrder());
        assertFalse(new FixedBytesType(4).hasByteOrder());
        assertFalse(new RawType(24, true).hasByteOrder());
        refused(InvalidMetadata.class, "/codecs/0", "the bytes codec needs \"endian\" for fixed_length_utf32[3]",
                () -> fill(UTF32_3, "''", "{'name': 'bytes'}"));
        refused(InvalidMetadata.class, "/codecs/0", "needs \"endian\"",
                () -> fill(struct(field("s", BYTES_4), field("u", UTF32_3)), "{'s': '', 'u': ''}", "'bytes'"));
        assertEquals(new FixedBytesType(4), fill(BYTES_4, "''", "'bytes'").type());
        assertEquals(5, fill(struct(field("s", BYTES_4), field("b", "'uint8'")), "{'s': '', 'b': 0}", "'bytes'").type().byteSize());
    }

    @Test
    void textTakesFourBytesACharacter() {
        refused(InvalidMetadata.class, "/data_type/configuration/length_bytes",
                "'fixed_length_utf32' stores 4 bytes a character, so length_bytes must be a multiple of 4, not 10",
                () -> fill("{'name': 'fixed_length_utf32', 'configuration': {'length_bytes': 10}}", "''", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/data_type/configuration/fields/1/data_type/configuration/length_bytes", "not 6",
                () -> fill(struct(field("a", "'uint8'"), field("u", "{'name': 'fixed_length_utf32', 'configuration': {'length_bytes': 6}}")),
                        "{'a': 0, 'u': ''}", Doc.BYTES_LE));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "raw_bytes             | 0",
            "null_terminated_bytes | -4",
            "fixed_length_utf32    | 0",
    })
    void aLengthOfNoBytesIsRefused(String name, String length) {
        refused(InvalidMetadata.class, "/data_type/configuration/length_bytes", "'" + name + "' needs a length_bytes of 1 or more, not " + length,
                () -> fill("{'name': '" + name + "', 'configuration': {'length_bytes': " + length + "}}", "''", Doc.BYTES_LE));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"raw_bytes", "null_terminated_bytes", "fixed_length_utf32"})
    void hugeLengthsAreRefusedNamingTheMember(String name) {
        refused(Unsupported.class, "/data_type/configuration/length_bytes",
                "'" + name + "' of 2147483644 bytes; Stride reads elements of at most 268435455 bytes",
                () -> fill("{'name': '" + name + "', 'configuration': {'length_bytes': 2147483644}}", "''", Doc.BYTES_LE));
        refused(Unsupported.class, "/data_type/configuration/fields/0/data_type/configuration/length_bytes", "of 99999999999999999999999 bytes",
                () -> fill(struct(field("x", "{'name': '" + name + "', 'configuration': {'length_bytes': 99999999999999999999999}}")),
                        "{'x': ''}", Doc.BYTES_LE));
    }

    @Test
    void theConfigurationIsLengthBytesAlone() {
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'length_bytes' is missing",
                () -> fill("'null_terminated_bytes'", "''", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'length_bytes' is missing",
                () -> fill("{'name': 'raw_bytes', 'configuration': {}}", "''", Doc.BYTES_LE));
        refused(Unsupported.class, "/data_type/configuration/endianness", "unknown configuration member 'endianness' of 'fixed_length_utf32'",
                () -> fill("{'name': 'fixed_length_utf32', 'configuration': {'length_bytes': 4, 'endianness': 'little'}}", "''", Doc.BYTES_LE));
        refused(Unsupported.class, "/data_type/configuration/fields/0/data_type/configuration/x", "unknown configuration member 'x' of 'raw_bytes'",
                () -> fill(struct(field("v", "{'name': 'raw_bytes', 'configuration': {'length_bytes': 1, 'x': 1}}")), "{'v': ''}", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/data_type/configuration/length_bytes", "must be an integer, not 4.5",
                () -> fill("{'name': 'raw_bytes', 'configuration': {'length_bytes': 4.5}}", "''", Doc.BYTES_LE));
        refused(InvalidMetadata.class, "/data_type/configuration/length_bytes", "must be an integer, not \"4\"",
                () -> fill("{'name': 'raw_bytes', 'configuration': {'length_bytes': '4'}}", "''", Doc.BYTES_LE));
    }

    /** JSON text with single quotes for double quotes, as {@link Doc} takes it. */
    private static Json json(String text) {
        return JsonCodec.parse(text.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }
}
