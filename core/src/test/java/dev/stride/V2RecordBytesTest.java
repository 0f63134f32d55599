package dev.stride;

import dev.stride.model.Column;
import dev.stride.model.FieldAccessor.ArrayField;
import dev.stride.model.FieldAccessor.ByteStringField;
import dev.stride.model.FieldAccessor.ShortField;
import dev.stride.model.FieldAccessor.StringField;
import dev.stride.model.Region;
import dev.stride.model.Selection;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.stride.testing.Refusals.corrupt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A numpy record {@code [('a','<u2'),('s','|S3'),('u','>U2'),('p','<i2',(2,2))]} laid out by hand as raw Zarr v2 chunks
 * (21 bytes a record: a little-endian uint16, three bytes, two big-endian UTF-32 units, four little-endian int16 in C
 * order) and read back through every typed path.
 */
class V2RecordBytesTest {
    private static final String ZARRAY = """
            {"zarr_format": 2, "shape": [3], "chunks": [2], "dtype": [["a", "<u2"], ["s", "|S3"], ["u", ">U2"], ["p", "<i2", [2, 2]]],
             "compressor": null, "fill_value": null, "order": "C", "filters": null}""";

    @TempDir
    Path dir;

    @Test
    void everyValueReadsBackExactly() throws IOException {
        write("0", record(1, new byte[] {'a', 0, 'b'}, new int[] {0xe9, 0x1f600}, 1, -2, 3, -4),
                record(0xffff, new byte[] {'x', 0, 0}, new int[] {0, 0}, 32767, -32768, 0, 0));
        write("1", record(2, new byte[] {0, 0, 0}, new int[] {0x3a9, 0}, 5, 6, 7, 8),
                record(9, new byte[] {'z', 'z', 'z'}, new int[] {'q', 0}, 0, 0, 0, 0));

        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray a = zarr.array("/");
            Map<String, Column> read = a.read(Selection.all());
            assertArrayEquals(new short[] {1, (short) 0xffff, 2}, read.get("a").asShorts().values());
            assertArrayEquals(new byte[] {'a', 0, 'b', 'x', 0, 0, 0, 0, 0}, read.get("s").asByteStrings().values());
            assertArrayEquals(new byte[] {'a', 0, 'b'}, read.get("s").asByteStrings().get(0), "inner NUL kept");
            assertArrayEquals(new byte[] {'x'}, read.get("s").asByteStrings().get(1), "trailing NULs dropped");
            assertArrayEquals(new byte[0], read.get("s").asByteStrings().get(2));
            assertArrayEquals(new String[] {"é😀", "", "Ω"}, read.get("u").asStrings().values());
            assertArrayEquals(new short[] {1, -2, 3, -4, 32767, -32768, 0, 0, 5, 6, 7, 8}, read.get("p").asArray().elements().asShorts().values());
            assertEquals(List.of(2, 2), read.get("p").asArray().type().shape());

            ShortField first = a.field("a", ShortField.class);
            ByteStringField s = a.field("s", ByteStringField.class);
            StringField u = a.field("u", StringField.class);
            ArrayField p = a.field("p", ArrayField.class);
            ShortField p11 = (ShortField) p.element(3);
            List<String> seen = new ArrayList<>();
            a.forEachRecord(Region.parse("1:3", a.shape()), (index, records, i) -> seen.add(index + " " + Short.toUnsignedInt(first.get(records, i))
                    + " " + new String(s.get(records, i), StandardCharsets.ISO_8859_1) + " " + u.get(records, i) + " " + p11.get(records, i)
                    + " " + JsonCodec.print(p.toJson(records, i))));
            assertEquals(List.of("0 65535 x  0 [[32767,-32768],[0,0]]", "1 2  Ω 8 [[5,6],[7,8]]"), seen);
        }
    }

    /** A unit that is no Unicode scalar value is a corrupt chunk, named by its key, on every path that visits chunks. */
    @Test
    void illFormedUtf32IsACorruptChunk() throws IOException {
        write("0", record(1, new byte[3], new int[] {'a', 0xd800}, 0, 0, 0, 0), record(2, new byte[3], new int[] {'b', 0}, 0, 0, 0, 0));
        write("1", record(3, new byte[3], new int[] {0x110000, 0}, 0, 0, 0, 0), record(0, new byte[3], new int[2], 0, 0, 0, 0));
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray a = zarr.array("/");
            corrupt("0", "field 'u' of record 0 holds 0xd800, a surrogate, at character 1; UTF-32 holds Unicode scalar values only",
                    () -> a.read("u", Region.parse("0:1", a.shape())));
            corrupt("1", "holds 0x110000, above U+10FFFF, at character 0",
                    () -> a.read(Selection.of(Region.parse("1:3", a.shape()), "u")));
            corrupt("1", "above U+10FFFF", () -> a.forEachRecord(Region.parse("2:3", a.shape()), (index, records, i) -> a.layout().toJson(records, i)));
            assertArrayEquals(new short[] {1, 2, 3}, a.read("a", null).asShorts().values(), "the other fields still read");
        }
    }

    private void write(String key, byte[]... records) throws IOException {
        Files.writeString(dir.resolve(".zarray"), ZARRAY);
        ByteBuffer chunk = ByteBuffer.allocate(records.length * 21);
        for (byte[] r : records) {
            chunk.put(r);
        }
        Files.write(dir.resolve(key), chunk.array());
    }

    private static byte[] record(int a, byte[] s, int[] u, int... p) {
        ByteBuffer r = ByteBuffer.allocate(21).order(ByteOrder.LITTLE_ENDIAN).putShort((short) a).put(s);
        r.order(ByteOrder.BIG_ENDIAN).putInt(u[0]).putInt(u[1]).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : p) {
            r.putShort((short) v);
        }
        return r.array();
    }
}
