package dev.stride.internal.metadata;

import dev.stride.internal.codec.CodecPipeline;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.RawType;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException.InvalidMetadata;
import dev.stride.model.ZarrException.Unsupported;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteOrder;
import java.util.List;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The data_type member: core types, r&lt;N&gt;, numpy time types, struct (every field form, nested), legacy structured. */
class DataTypeTest {

    private static final String TIME_S = "{'name': 'numpy.datetime64', 'configuration': {'unit': 's', 'scale_factor': 1}}";

    /** The data type of an array whose fill value and codecs suit it. */
    private static DataType parse(String dataType, String fill, String bytesCodec) {
        return Doc.array().with("data_type", dataType).with("fill_value", fill).with("codecs", "[" + bytesCodec + "]")
                .parseArray().dataType();
    }

    private static DataType parse(String dataType, String fill) {
        return parse(dataType, fill, Doc.BYTES_LE);
    }

    @ParameterizedTest
    @CsvSource({"bool,1,false", "int8,1,0", "int16,2,0", "int32,4,0", "int64,8,0", "uint8,1,0", "uint16,2,0", "uint32,4,0",
            "uint64,8,0", "float16,2,0", "float32,4,0", "float64,8,0", "complex64,8,'[0, 0]'", "complex128,16,'[0, 0]'"})
    void everyCoreType(String name, int size, String fill) {
        DataType t = parse("'" + name + "'", fill);
        assertInstanceOf(CoreType.class, t);
        assertEquals(name, t.describe());
        assertEquals(size, t.byteSize());
        assertEquals(t, parse("{'name': '" + name + "'}", fill));
        assertEquals(t, parse("{'name': '" + name + "', 'configuration': {}}", fill));
    }

    @Test
    void coreTypesTakeNoConfiguration() {
        refused(Unsupported.class, "/data_type/configuration/endian", "unknown configuration member 'endian' of 'int32'",
                () -> parse("{'name': 'int32', 'configuration': {'endian': 'little'}}", "0"));
    }

    @ParameterizedTest
    @CsvSource({"r8,1", "r16,2", "r24,3", "r64,8", "r1024,128"})
    void rawBits(String name, int size) {
        String fill = "[" + String.join(", ", java.util.Collections.nCopies(size, "0")) + "]";
        DataType t = parse("'" + name + "'", fill, "{'name': 'bytes'}");
        assertEquals(new RawType(size * 8), t);
        assertEquals(size, t.byteSize());
        assertFalse(t.hasByteOrder(), "raw bytes are never swapped");
    }

    @Test
    void rawBitsMustBeWholeBytes() {
        refused(InvalidMetadata.class, "/data_type", "raw type 'r7' needs a multiple of 8 bits", () -> parse("'r7'", "[0]"));
        refused(Unsupported.class, "/data_type", "unknown data type 'r0'", () -> parse("'r0'", "[]"));
    }

    @Test
    void unknownDataTypesAreRefusedByName() {
        refused(Unsupported.class, "/data_type", "unknown data type 'float128'", () -> parse("'float128'", "0"));
        refused(Unsupported.class, "/data_type", "unknown data type 'bfloat16'", () -> parse("{'name': 'bfloat16'}", "0"));
        refused(Unsupported.class, "/data_type", "unknown data type 'Int32'", () -> parse("'Int32'", "0"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"string", "bytes", "vlen-utf8"})
    void variableLengthTypesAreRefused(String name) {
        refused(Unsupported.class, "/data_type", "variable-length data type '" + name + "'", () -> parse("'" + name + "'", "''"));
    }

    @Test
    void numpyTimeTypes() {
        TimeType dt = (TimeType) parse(TIME_S, "0");
        assertEquals(new TimeType(true, "s", 1), dt);
        assertEquals(8, dt.byteSize());
        TimeType td = (TimeType) parse("{'name': 'numpy.timedelta64', 'configuration': {'unit': 'ms', 'scale_factor': 10}}", "'NaT'");
        assertEquals(new TimeType(false, "ms", 10), td);
        assertEquals("numpy.timedelta64[10ms]", td.describe());
    }

    @Test
    void numpyTimeTypesNeedUnitAndScale() {
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'unit' is missing",
                () -> parse("{'name': 'numpy.datetime64', 'configuration': {'scale_factor': 1}}", "0"));
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'scale_factor' is missing",
                () -> parse("{'name': 'numpy.datetime64', 'configuration': {'unit': 's'}}", "0"));
        refused(InvalidMetadata.class, "/data_type/configuration/unit", "unknown time unit 'fortnight'",
                () -> parse("{'name': 'numpy.datetime64', 'configuration': {'unit': 'fortnight', 'scale_factor': 1}}", "0"));
        refused(InvalidMetadata.class, "/data_type/configuration/scale_factor", "0 is out of range [1,",
                () -> parse("{'name': 'numpy.datetime64', 'configuration': {'unit': 's', 'scale_factor': 0}}", "0"));
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'unit' is missing",
                () -> parse("'numpy.datetime64'", "0"));
    }

    // ---- struct

    @Test
    void structFieldTypesInEveryForm() {
        StructType s = (StructType) parse(struct(
                        field("a", "'float32'"),
                        field("b", "{'name': 'float64'}"),
                        field("c", "{'name': 'int16', 'configuration': {}}"),
                        field("t", TIME_S),
                        field("r", "'r16'")),
                "{'a': 0, 'b': 0, 'c': 0, 't': 0, 'r': [0, 0]}");
        assertEquals(List.of(new Field("a", CoreType.FLOAT32), new Field("b", CoreType.FLOAT64), new Field("c", CoreType.INT16),
                new Field("t", new TimeType(true, "s", 1)), new Field("r", new RawType(16))), s.fields());
        assertFalse(s.legacy());
        assertEquals(4 + 8 + 2 + 8 + 2, s.byteSize());
    }

    @Test
    void theSpecsExampleStructs() {
        StructType points = (StructType) Doc.array()
                .with("shape", "[100]")
                .with("data_type", struct(field("x", "'float32'"), field("y", "'float32'")))
                .with("chunk_grid", Doc.regular("[100]"))
                .with("chunk_key_encoding", "{'name': 'default'}")
                .with("fill_value", "{'x': 0.0, 'y': 0.0}")
                .parseArray().dataType();
        assertEquals(StructType.of(new Field("x", CoreType.FLOAT32), new Field("y", CoreType.FLOAT32)), points);
        StructType nested = (StructType) parse(struct(field("point", struct(field("x", "'float32'"), field("y", "'float32'"))),
                field("value", "'float64'")), "{'point': {'x': 1.0, 'y': 2.0}, 'value': 3.14}");
        assertEquals(StructType.of(new Field("point", StructType.of(new Field("x", CoreType.FLOAT32), new Field("y", CoreType.FLOAT32))),
                new Field("value", CoreType.FLOAT64)), nested);
        assertEquals(16, nested.byteSize());
    }

    @Test
    void nestedStructsHaveTheirOwnNamespaces() {
        StructType s = (StructType) parse(struct(field("x", struct(field("x", struct(field("x", "'uint8'")))))), "{'x': {'x': {'x': 7}}}");
        assertEquals(1, s.byteSize());
    }

    @Test
    void fieldNamesAreArbitraryNonEmptyStrings() {
        StructType s = (StructType) parse(struct(field("a.b", "'uint8'"), field("température", "'uint8'"), field("Δt", "'uint8'"),
                field("with space", "'uint8'"), field("a/b", "'uint8'")),
                "{'a.b': 0, 'température': 0, 'Δt': 0, 'with space': 0, 'a/b': 0}");
        assertEquals(List.of("a.b", "température", "Δt", "with space", "a/b"), s.fields().stream().map(Field::name).toList());
    }

    @Test
    void duplicateFieldNamesAreRefused() {
        refused(InvalidMetadata.class, "/data_type/configuration/fields/2/name", "duplicate field name 'x'",
                () -> parse(struct(field("x", "'uint8'"), field("y", "'uint8'"), field("x", "'uint8'")), "{'x': 0, 'y': 0}"));
        refused(InvalidMetadata.class, "/data_type/configuration/fields/0/data_type/configuration/fields/1/name", "duplicate field name 'a'",
                () -> parse(struct(field("p", struct(field("a", "'uint8'"), field("a", "'uint8'")))), "{'p': {'a': 0}}"));
    }

    /** Valid to the spec, but every Stride API names fields by dotted path: refused rather than read by a guess. */
    @Test
    void fieldsSharingADottedPathAreRefusedNamingBoth() {
        refused(Unsupported.class, "/data_type/configuration/fields/1/data_type/configuration/fields/0/name",
                "field path 'a.b' is also the path of the field at /data_type/configuration/fields/0/name",
                () -> parse(struct(field("a.b", "'uint8'"), field("a", struct(field("b", "'uint8'")))), "{'a.b': 0, 'a': {'b': 0}}"));
        refused(Unsupported.class, "/data_type/configuration/fields/0/data_type/configuration/fields/1/name",
                "field path 'x.y' is also the path of the field at /data_type/configuration/fields/0/data_type/configuration/fields/0/data_type/configuration/fields/0/name",
                () -> parse(struct(field("p", struct(field("x", struct(field("y", "'uint8'"))), field("x.y", "'uint8'")))),
                        "{'p': {'x': {'y': 0}, 'x.y': 0}}"));
        refused(Unsupported.class, "/data_type/configuration/fields/1/0", "field path 'a.b' is also the path of the field at "
                        + "/data_type/configuration/fields/0/1/configuration/fields/0/0",
                () -> parse("{'name': 'structured', 'configuration': {'fields': [['a', {'name': 'structured', 'configuration': "
                        + "{'fields': [['b', 'uint8']]}}], ['a.b', 'uint8']]}}", "{'a': {'b': 0}, 'a.b': 0}"));
    }

    @Test
    void aStructNeedsFields() {
        refused(InvalidMetadata.class, "/data_type/configuration/fields", "a struct needs at least one field",
                () -> parse("{'name': 'struct', 'configuration': {'fields': []}}", "{}"));
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'fields' is missing",
                () -> parse("{'name': 'struct', 'configuration': {}}", "{}"));
        refused(InvalidMetadata.class, "/data_type/configuration", "required member 'fields' is missing",
                () -> parse("'struct'", "{}"));
        refused(InvalidMetadata.class, "/data_type/configuration/fields", "must be an array, not object",
                () -> parse("{'name': 'struct', 'configuration': {'fields': {'x': 'uint8'}}}", "{}"));
    }

    @Test
    void badFieldsAreRefusedWithTheirPointer() {
        refused(InvalidMetadata.class, "/data_type/configuration/fields/1/name", "field names must not be empty",
                () -> parse(struct(field("x", "'uint8'"), field("", "'uint8'")), "{'x': 0, '': 0}"));
        refused(InvalidMetadata.class, "/data_type/configuration/fields/1/name", "must be a string, not number",
                () -> parse(struct(field("x", "'uint8'"), "{'name': 1, 'data_type': 'uint8'}"), "{'x': 0}"));
        refused(InvalidMetadata.class, "/data_type/configuration/fields/0", "required member 'data_type' is missing",
                () -> parse(struct("{'name': 'x'}"), "{'x': 0}"));
        refused(Unsupported.class, "/data_type/configuration/fields/0/unit", "unknown member 'unit'",
                () -> parse(struct("{'name': 'x', 'data_type': 'uint8', 'unit': 'm'}"), "{'x': 0}"));
        refused(InvalidMetadata.class, "/data_type/configuration/fields/0", "must be an object, not string",
                () -> parse(struct("'x'"), "{'x': 0}"));
        refused(Unsupported.class, "/data_type/configuration/fields/1/data_type", "unknown data type 'float128'",
                () -> parse(struct(field("x", "'uint8'"), field("y", "'float128'")), "{'x': 0, 'y': 0}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"string", "bytes"})
    void variableLengthFieldTypesAreRefused(String name) {
        refused(Unsupported.class, "/data_type/configuration/fields/1/data_type", "variable-length data type '" + name + "'",
                () -> parse(struct(field("id", "'uint8'"), field("label", "'" + name + "'")), "{'id': 0, 'label': ''}"));
    }

    @Test
    void multiByteStructsNeedAnEndian() {
        refused(InvalidMetadata.class, "/codecs/0", "the bytes codec needs \"endian\"",
                () -> parse(struct(field("id", "'int32'"), field("flags", "'uint8'")), "{'id': 0, 'flags': 0}", "{'name': 'bytes'}"));
        refused(InvalidMetadata.class, "/codecs/0", "needs \"endian\"",
                () -> parse(struct(field("p", struct(field("x", "'uint8'"), field("t", TIME_S)))), "{'p': {'x': 0, 't': 0}}", "'bytes'"));
        refused(InvalidMetadata.class, "/codecs/0", "needs \"endian\"",
                () -> parse(struct(field("c", "'complex64'")), "{'c': [0, 0]}", "'bytes'"));
    }

    @Test
    void singleByteStructsNeedNoEndian() {
        DataType t = parse(struct(field("a", "'uint8'"), field("b", "'int8'"), field("c", "'bool'"), field("r", "'r32'")),
                "{'a': 1, 'b': -1, 'c': true, 'r': [1, 2, 3, 4]}", "{'name': 'bytes'}");
        assertEquals(7, t.byteSize());
        assertFalse(t.hasByteOrder());
    }

    /** 65,536 fields in all are read, a struct field and those inside it counted; the next one is refused where it stands. */
    @Test
    void aStructOfMoreFieldsThanTheLimitIsRefused() {
        String[] flat = new String[DataTypes.MAX_FIELDS];
        String[] fill = new String[DataTypes.MAX_FIELDS];
        for (int i = 0; i < flat.length; i++) {
            flat[i] = field("f" + i, "'uint8'");
            fill[i] = "'f" + i + "': 0";
        }
        assertEquals(DataTypes.MAX_FIELDS, parse(struct(flat), "{" + String.join(", ", fill) + "}", "{'name': 'bytes'}").byteSize());
        String[] nested = flat.clone();
        nested[DataTypes.MAX_FIELDS - 1] = field("inner", struct(field("a", "'uint8'"), field("b", "'uint8'")));
        refused(Unsupported.class, "/data_type/configuration/fields/65535/data_type/configuration/fields/0",
                "a data type of more than 65536 fields in all (nested ones counted); Stride reads structs of at most that many",
                () -> parse(struct(nested), "{}"));
    }

    @Test
    void structsNestedTooDeepAreRefused() {
        String type = "'uint8'";
        for (int i = 0; i < 40; i++) {
            type = struct(field("f", type));
        }
        String finalType = type;
        // refused at the 33rd level of nesting, named by its full pointer
        String pointer = "/data_type" + "/configuration/fields/0/data_type".repeat(33);
        refused(InvalidMetadata.class, pointer, "structs nested deeper than 32 levels", () -> parse(finalType, "{}"));
    }

    // ---- legacy "structured"

    @Test
    void legacyStructuredWithTupleFieldsBytesWithoutEndianAndBase64Fill() {
        ArrayMetadata m = Doc.array()
                .with("data_type", "{'name': 'structured', 'configuration': {'fields': [['a', 'int32'], ['b', 'float64']]}}")
                .with("codecs", "[{'name': 'bytes'}]")
                .with("fill_value", "'AQAAAAAAAAAAAPA/'")
                .parseArray();
        StructType s = (StructType) m.dataType();
        assertTrue(s.legacy());
        assertEquals(List.of(new Field("a", CoreType.INT32), new Field("b", CoreType.FLOAT64)), s.fields());
        assertEquals(ByteOrder.LITTLE_ENDIAN, CodecPipeline.of(m).order());
        // base64 of the packed record: a = 1 (LE int32), b = 1.0 (LE float64)
        byte[] expected = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xf0, 0x3f};
        org.junit.jupiter.api.Assertions.assertArrayEquals(expected, m.fillValue().bytes(ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void legacyStructuredAcceptsAnObjectFillAndAnExplicitEndian() {
        ArrayMetadata m = Doc.array()
                .with("data_type", "{'name': 'structured', 'configuration': {'fields': [['a', 'int32'], ['b', {'name': 'float64'}]]}}")
                .with("codecs", "[" + Doc.BYTES_BE + "]")
                .with("fill_value", "{'a': 2, 'b': 0.5}")
                .parseArray();
        assertEquals(ByteOrder.BIG_ENDIAN, CodecPipeline.of(m).order());
        assertEquals(12, m.dataType().byteSize());
    }

    @Test
    void legacyTuplesMustBePairs() {
        refused(InvalidMetadata.class, "/data_type/configuration/fields/0", "a field tuple must be [name, data_type]",
                () -> parse("{'name': 'structured', 'configuration': {'fields': [['a', 'int32', [2]]]}}", "'AAAAAA=='", "'bytes'"));
        refused(InvalidMetadata.class, "/data_type/configuration/fields/1/0", "duplicate field name 'a'",
                () -> parse("{'name': 'structured', 'configuration': {'fields': [['a', 'int32'], ['a', 'int32']]}}", "'AAAAAAAAAAA='", "'bytes'"));
        refused(Unsupported.class, "/data_type/configuration/fields/0/1", "variable-length data type 'string'",
                () -> parse("{'name': 'structured', 'configuration': {'fields': [['a', 'string']]}}", "''", "'bytes'"));
    }

    @Test
    void programmaticStructsKeepTheirRules() {
        assertThrows(ZarrException.BadRequest.class, () -> StructType.of());
        assertThrows(ZarrException.BadRequest.class, () -> StructType.of(new Field("x", CoreType.INT8), new Field("x", CoreType.INT8)));
        assertThrows(ZarrException.BadRequest.class, () -> StructType.of(new Field("", CoreType.INT8)));
    }
}
