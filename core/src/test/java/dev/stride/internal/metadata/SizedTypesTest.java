package dev.stride.internal.metadata;

import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.DataType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException.InvalidMetadata;
import dev.stride.model.ZarrException.Unsupported;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zarr-python 3's fixed-size types in a {@code zarr.json}, as its {@code NullTerminatedBytes}, {@code FixedLengthUTF32}
 * and {@code RawBytes} spell them ({@code {"name": ..., "configuration": {"length_bytes": n}}}, fill values base64 of the
 * bytes or the string), alone and as struct fields; and what Stride writes for them reads back as the same type.
 */
class SizedTypesTest {
    private static final String S7 = "{'name': 'null_terminated_bytes', 'configuration': {'length_bytes': 7}}";
    private static final String U3 = "{'name': 'fixed_length_utf32', 'configuration': {'length_bytes': 12}}";
    private static final String V4 = "{'name': 'raw_bytes', 'configuration': {'length_bytes': 4}}";

    @Test
    void nullTerminatedBytesWithABase64Fill() {
        ArrayMetadata m = Doc.array().with("data_type", S7).with("fill_value", "'YWI='").with("codecs", "[{'name': 'bytes'}]").parseArray();
        assertEquals(new FixedBytesType(7), m.dataType());
        assertArrayEquals(new byte[] {'a', 'b', 0, 0, 0, 0, 0}, m.fillValue().bytes(ByteOrder.LITTLE_ENDIAN));
    }

    @Test
    void fixedLengthUtf32CountsBytesNotCharacters() {
        ArrayMetadata m = Doc.array().with("data_type", U3).with("fill_value", "'Ωb'").with("codecs", "[" + Doc.BYTES_BE + "]").parseArray();
        assertEquals(new FixedStringType(3), m.dataType());
        assertEquals(12, m.dataType().byteSize());
        byte[] le = m.fillValue().bytes(ByteOrder.LITTLE_ENDIAN);
        assertEquals("Ωb\0", new String(le, java.nio.charset.Charset.forName("UTF-32LE")));
    }

    @Test
    void rawBytesRemembersItsSpelling() {
        ArrayMetadata m = Doc.array().with("data_type", V4).with("fill_value", "'AQIDBA=='").with("codecs", "[{'name': 'bytes'}]").parseArray();
        assertEquals(new RawType(32, true), m.dataType());
        assertArrayEquals(new byte[] {1, 2, 3, 4}, m.fillValue().bytes(ByteOrder.BIG_ENDIAN));
    }

    @Test
    void theyAreStructFieldsToo() {
        ArrayMetadata m = Doc.array().with("data_type", struct(field("name", S7), field("label", U3), field("tag", V4)))
                .with("fill_value", "{'name': 'eA==', 'label': 'y', 'tag': 'AAAAAA=='}").parseArray();
        StructType s = (StructType) m.dataType();
        assertEquals(new FixedStringType(3), s.fields().get(1).type());
        assertEquals(23, s.byteSize());
        assertEquals('x', m.fillValue().bytes(ByteOrder.LITTLE_ENDIAN)[0]);
    }

    @Test
    void whatStrideWritesForThemParsesBackAsTheSameType() {
        for (DataType type : new DataType[] {new FixedBytesType(7), new FixedStringType(3), new RawType(32, true)}) {
            String json = JsonCodec.print(type.json());
            assertTrue(json.contains("\"length_bytes\":" + type.byteSize()), json);
            ArrayMetadata m = Doc.array().withRaw("data_type", json).withRaw("fill_value", JsonCodec.print(FillValueJson.zero(type)))
                    .with("codecs", "[" + Doc.BYTES_LE + "]").parseArray();
            assertEquals(type, m.dataType());
        }
    }

    @Test
    void badLengthsAreRefusedWithTheirPointer() {
        refused(InvalidMetadata.class, "/data_type/configuration/length_bytes", "'fixed_length_utf32' needs a multiple of 4 bytes, not 6",
                () -> Doc.array().with("data_type", "{'name': 'fixed_length_utf32', 'configuration': {'length_bytes': 6}}")
                        .with("fill_value", "''").parseArray());
        refused(InvalidMetadata.class, "/data_type/configuration/length_bytes", "",
                () -> Doc.array().with("data_type", "{'name': 'null_terminated_bytes', 'configuration': {'length_bytes': 0}}")
                        .with("fill_value", "''").parseArray());
        refused(InvalidMetadata.class, "/data_type/configuration", "length_bytes",
                () -> Doc.array().with("data_type", "{'name': 'raw_bytes', 'configuration': {}}").with("fill_value", "''").parseArray());
        refused(Unsupported.class, "/data_type/configuration/length", "unknown configuration member 'length' of 'raw_bytes'",
                () -> Doc.array().with("data_type", "{'name': 'raw_bytes', 'configuration': {'length_bytes': 2, 'length': 2}}")
                        .with("fill_value", "''").parseArray());
    }
}
