package dev.stride.internal.metadata;

import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.model.ZarrException.InvalidMetadata;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteOrder;
import java.util.HexFormat;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fill_value in every encoding the specs give, kept as the exact bits of one element. */
class FillValueTest {

    private static FillValue fill(String dataType, String fill, String bytesCodec) {
        return Doc.array().with("data_type", dataType).with("fill_value", fill).with("codecs", "[" + bytesCodec + "]")
                .parseArray().fillValue();
    }

    private static FillValue fill(String dataType, String fill) {
        return fill(dataType, fill, Doc.BYTES_LE);
    }

    /** The fill value's bytes in little-endian order, as hex. */
    private static String le(String dataType, String fill) {
        return HexFormat.of().formatHex(fill(dataType, fill).bytes(ByteOrder.LITTLE_ENDIAN));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "bool       | true                  | 01",
            "bool       | false                 | 00",
            "int8       | -128                  | 80",
            "int8       | 127                   | 7f",
            "uint8      | 255                   | ff",
            "int16      | -2                    | feff",
            "uint16     | 65535                 | ffff",
            "int32      | 305419896             | 78563412",
            "uint32     | 4294967295            | ffffffff",
            "int64      | -9223372036854775808  | 0000000000000080",
            "uint64     | 18446744073709551615  | ffffffffffffffff",
            "uint64     | 9223372036854775808   | 0000000000000080",
            "float32    | 1.5                   | 0000c03f",
            "float32    | -0.0                  | 00000080",
            "float64    | -0                    | 0000000000000080",
            "float16    | -0.0                  | 0080",
            "float32    | 1e-45                 | 01000000",
            "float32    | 'NaN'                 | 0000c07f",
            "float32    | 'Infinity'            | 0000807f",
            "float32    | '-Infinity'           | 000080ff",
            "float32    | '0x7fc00000'          | 0000c07f",
            "float32    | '0x3f800000'          | 0000803f",
            "float64    | 0.1                   | 9a9999999999b93f",
            "float64    | 'NaN'                 | 000000000000f87f",
            "float64    | 'Infinity'            | 000000000000f07f",
            "float64    | '-Infinity'           | 000000000000f0ff",
            "float64    | '0x7ff0000000000001'  | 010000000000f07f",
            "float64    | '0xfff8000000000abc'  | bc0a00000000f8ff",
            "float16    | 1.5                   | 003e",
            "float16    | 65504                 | ff7b",
            "float16    | 'NaN'                 | 007e",
            "float16    | 'Infinity'            | 007c",
            "float16    | '-Infinity'           | 00fc",
            "float16    | '0x7e01'              | 017e",
            "complex64  | [1, 2]                | 0000803f00000040",
            "complex64  | ['-Infinity', 'NaN']  | 000080ff0000c07f",
            "complex128 | ['0x7ff8000000000001', -0.0] | 010000000000f87f0000000000000080",
            "r24        | [1, 2, 255]           | 0102ff",
            "r8         | [0]                   | 00",
    })
    void everyEncodingGivesExactBits(String type, String fill, String expectedLittleEndian) {
        assertEquals(expectedLittleEndian, le("'" + type + "'", fill));
    }

    @Test
    void aNanPayloadSurvivesBitExact() {
        FillValue f = fill("'float32'", "'0x7fc00001'");
        assertEquals("0100c07f", hex(f.bytes(ByteOrder.LITTLE_ENDIAN)));
        assertEquals("7fc00001", hex(f.bytes(ByteOrder.BIG_ENDIAN)));
        assertEquals(new Json.JString("0x7fc00001"), f.json());
        // a signalling NaN too, which any float conversion on the way would quiet
        assertEquals("7f800001", hex(fill("'float32'", "'0x7f800001'").bytes(ByteOrder.BIG_ENDIAN)));
        assertEquals("7ff0000000000001", hex(fill("'float64'", "'0x7ff0000000000001'").bytes(ByteOrder.BIG_ENDIAN)));
    }

    @Test
    void numbersRoundHalfToEvenToTheType() {
        // exactly halfway between 1 and the next float32: ties to even (1.0)
        assertEquals("0000803f", le("'float32'", "1.000000059604644775390625"));
        // a hair above halfway: must round up, even though the nearest double is the halfway point itself
        assertEquals("0100803f", le("'float32'", "1.000000059604644776257986737988403547205962240695953369140625"));
        // 2^24 + 1 is halfway between two float32 values: ties to even
        assertEquals("0000804b", le("'float32'", "16777217"));
        // float16: 1 + 2^-11 is halfway to the next half (ties to even); 1 + 2^-11 + 2^-40 is above it
        assertEquals("003c", le("'float16'", "1.00048828125"));
        assertEquals("013c", le("'float16'", "1.0004882812509094947017729282379150390625"));
    }

    @Test
    void bareNonFiniteNumbersAsPythonWritesThem() {
        assertEquals("0000c07f", HexFormat.of().formatHex(Doc.array().with("data_type", "'float32'").withRaw("fill_value", "NaN")
                .parseArray().fillValue().bytes(ByteOrder.LITTLE_ENDIAN)));
        assertEquals("000000000000f0ff", HexFormat.of().formatHex(Doc.array().with("data_type", "'float64'").withRaw("fill_value", "-Infinity")
                .parseArray().fillValue().bytes(ByteOrder.LITTLE_ENDIAN)));
    }

    @Test
    void badFloatSpellingsAreRefused() {
        refused(InvalidMetadata.class, "/fill_value", "'nan' is not a float fill value", () -> fill("'float32'", "'nan'"));
        refused(InvalidMetadata.class, "/fill_value", "'inf' is not a float fill value", () -> fill("'float64'", "'inf'"));
        refused(InvalidMetadata.class, "/fill_value", "is not a 8-digit hex bit pattern of float32", () -> fill("'float32'", "'0x123456789'"));
        refused(InvalidMetadata.class, "/fill_value", "is not a 8-digit hex bit pattern", () -> fill("'float32'", "'0x'"));
        refused(InvalidMetadata.class, "/fill_value", "is not a 16-digit hex bit pattern", () -> fill("'float64'", "'0xgg'"));
        refused(InvalidMetadata.class, "/fill_value", "float32 fill value must be a number or string, not boolean", () -> fill("'float32'", "true"));
        refused(InvalidMetadata.class, "/fill_value", "must be a number or string, not null", () -> fill("'float64'", "null"));
    }

    @Test
    void nullIsNoFillValueOfAStruct() {
        refused(InvalidMetadata.class, "/fill_value", "must be an object, not null", () -> fill(struct(field("x", "'int32'")), "null"));
        refused(InvalidMetadata.class, "/fill_value", "must be an object, not null",
                () -> fill("{'name': 'structured', 'configuration': {'fields': [['x', 'int32']]}}", "null"));
        refused(InvalidMetadata.class, "/fill_value/p", "must be an object, not null",
                () -> fill(struct(field("p", struct(field("x", "'int32'")))), "{'p': null}"));
        refused(InvalidMetadata.class, "/fill_value/x", "int32 fill value must be an integer, not null",
                () -> fill(struct(field("x", "'int32'")), "{'x': null}"));
    }

    @Test
    void badIntegersAreRefused() {
        refused(InvalidMetadata.class, "/fill_value", "128 is out of range for int8", () -> fill("'int8'", "128"));
        refused(InvalidMetadata.class, "/fill_value", "-1 is out of range for uint8", () -> fill("'uint8'", "-1"));
        refused(InvalidMetadata.class, "/fill_value", "18446744073709551616 is out of range for uint64", () -> fill("'uint64'", "18446744073709551616"));
        refused(InvalidMetadata.class, "/fill_value", "int32 fill value must be an integer, not 1.5", () -> fill("'int32'", "1.5"));
        refused(InvalidMetadata.class, "/fill_value", "must be an integer, not 1e2", () -> fill("'int32'", "1e2"));
        refused(InvalidMetadata.class, "/fill_value", "must be an integer, not \"1\"", () -> fill("'int32'", "'1'"));
        refused(InvalidMetadata.class, "/fill_value", "must be an integer, not null", () -> fill("'int32'", "null"));
        refused(InvalidMetadata.class, "/fill_value", "must be true or false, not number", () -> fill("'bool'", "1"));
    }

    @Test
    void badComplexAndRawValuesAreRefused() {
        refused(InvalidMetadata.class, "/fill_value", "a complex fill value is [real, imaginary]", () -> fill("'complex64'", "[1]"));
        refused(InvalidMetadata.class, "/fill_value", "must be an array, not number", () -> fill("'complex128'", "1"));
        refused(InvalidMetadata.class, "/fill_value/1", "'nan' is not a float fill value", () -> fill("'complex64'", "[1, 'nan']"));
        refused(InvalidMetadata.class, "/fill_value", "r24 needs 3 byte values, not 2", () -> fill("'r24'", "[1, 2]", "'bytes'"));
        refused(InvalidMetadata.class, "/fill_value/2", "256 is out of range [0, 255]", () -> fill("'r24'", "[1, 2, 256]", "'bytes'"));
    }

    @Test
    void timesTakeIntegersOrNaT() {
        String dt = "{'name': 'numpy.datetime64', 'configuration': {'unit': 'ns', 'scale_factor': 1}}";
        assertEquals("0000000000000080", hex(fill(dt, "'NaT'").bytes(ByteOrder.LITTLE_ENDIAN)));
        assertEquals("d204000000000000", hex(fill(dt, "1234").bytes(ByteOrder.LITTLE_ENDIAN)));
        assertEquals("fffffffffffffb2e", hex(fill(dt, "-1234").bytes(ByteOrder.BIG_ENDIAN)));
        refused(InvalidMetadata.class, "/fill_value", "must be an integer", () -> fill(dt, "'NaN'"));
    }

    // ---- struct fill values

    private static final String RECORD = struct(field("id", "'int32'"), field("flags", "'uint8'"), field("value", "'float64'"));
    private static final String NESTED = struct(field("point", struct(field("x", "'float32'"), field("y", "'float32'"))), field("value", "'float64'"));

    @Test
    void structFillsPackEveryFieldInDeclarationOrder() {
        FillValue f = fill(RECORD, "{'value': 'NaN', 'flags': 255, 'id': -1}");
        assertArrayEquals(Enc.le().i32(-1).i8(255).f64(Double.NaN).bytes(), f.bytes(ByteOrder.LITTLE_ENDIAN));
        assertArrayEquals(Enc.be().i32(-1).i8(255).f64(Double.NaN).bytes(), f.bytes(ByteOrder.BIG_ENDIAN));
        assertFalse(f.isZero());
    }

    @Test
    void nestedStructFills() {
        FillValue f = fill(NESTED, "{'point': {'x': 1.0, 'y': 2.0}, 'value': 3.14}");
        assertArrayEquals(Enc.le().f32(1).f32(2).f64(3.14).bytes(), f.bytes(ByteOrder.LITTLE_ENDIAN));
        assertArrayEquals(Enc.be().f32(1).f32(2).f64(3.14).bytes(), f.bytes(ByteOrder.BIG_ENDIAN));
        assertTrue(fill(NESTED, "{'point': {'x': 0, 'y': 0.0}, 'value': 0}").isZero());
    }

    @Test
    void bigEndianSwapsEachNumberButNeverRawBytes() {
        FillValue f = fill(struct(field("i", "'int16'"), field("r", "'r24'"), field("c", "'complex64'"), field("b", "'uint8'")),
                "{'i': 258, 'r': [1, 2, 3], 'c': [1, '0x7fc00001'], 'b': 9}", Doc.BYTES_BE);
        assertEquals("0102" + "010203" + "3f800000" + "7fc00001" + "09", hex(f.bytes(ByteOrder.BIG_ENDIAN)));
        assertEquals("0201" + "010203" + "0000803f" + "0100c07f" + "09", hex(f.bytes(ByteOrder.LITTLE_ENDIAN)));
    }

    @Test
    void structFillsEveryFieldTypeInside() {
        String type = struct(field("t", "{'name': 'numpy.timedelta64', 'configuration': {'unit': 's', 'scale_factor': 1}}"),
                field("h", "'float16'"), field("u", "'uint64'"), field("ok", "'bool'"));
        FillValue f = fill(type, "{'t': 'NaT', 'h': 'Infinity', 'u': 18446744073709551615, 'ok': true}");
        assertEquals("0000000000000080" + "007c" + "ffffffffffffffff" + "01", hex(f.bytes(ByteOrder.LITTLE_ENDIAN)));
    }

    @Test
    void structFillMissingAFieldIsRefused() {
        refused(InvalidMetadata.class, "/fill_value", "fill value lacks field 'flags'", () -> fill(RECORD, "{'id': 0, 'value': 0}"));
        refused(InvalidMetadata.class, "/fill_value/point", "fill value lacks field 'y'",
                () -> fill(NESTED, "{'point': {'x': 1.0}, 'value': 3.14}"));
    }

    @Test
    void structFillNamingAnUnknownFieldIsRefused() {
        refused(InvalidMetadata.class, "/fill_value/z", "fill value names unknown field 'z'",
                () -> fill(RECORD, "{'id': 0, 'flags': 0, 'value': 0, 'z': 1}"));
        refused(InvalidMetadata.class, "/fill_value/point/z", "names unknown field 'z'",
                () -> fill(NESTED, "{'point': {'x': 1.0, 'y': 2, 'z': 3}, 'value': 3.14}"));
        refused(InvalidMetadata.class, "/fill_value/a~1b", "names unknown field 'a/b'",
                () -> fill(RECORD, "{'id': 0, 'flags': 0, 'value': 0, 'a/b': 1}"));
    }

    @Test
    void structFillValuesAreCheckedPerField() {
        refused(InvalidMetadata.class, "/fill_value/flags", "256 is out of range for uint8",
                () -> fill(RECORD, "{'id': 0, 'flags': 256, 'value': 0}"));
        refused(InvalidMetadata.class, "/fill_value/point/y", "'x' is not a float fill value",
                () -> fill(NESTED, "{'point': {'x': 1.0, 'y': 'x'}, 'value': 3.14}"));
        refused(InvalidMetadata.class, "/fill_value", "must be an object, not string", () -> fill(RECORD, "'AAAAAAAAAAAAAAAAAA=='"));
        refused(InvalidMetadata.class, "/fill_value", "must be an object, not array", () -> fill(RECORD, "[0, 0, 0]"));
    }

    @Test
    void legacyBase64FillMustHoldOneRecord() {
        String legacy = "{'name': 'structured', 'configuration': {'fields': [['a', 'int32'], ['b', 'uint8']]}}";
        assertEquals("0200000007", hex(fill(legacy, "'AgAAAAc='", "'bytes'").bytes(ByteOrder.LITTLE_ENDIAN)));
        refused(InvalidMetadata.class, "/fill_value", "base64 fill value has 4 bytes, the record has 5", () -> fill(legacy, "'AAAAAA=='", "'bytes'"));
        refused(InvalidMetadata.class, "/fill_value", "not base64 of the packed record", () -> fill(legacy, "'***'", "'bytes'"));
    }

    @Test
    void theJsonSpellingIsKept() {
        assertEquals(new Json.JString("Infinity"), fill("'float64'", "'Infinity'").json());
        assertEquals(new Json.JNumber("1.50"), fill("'float64'", "1.50").json());
    }
}
