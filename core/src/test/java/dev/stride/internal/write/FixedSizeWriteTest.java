package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.Column;
import dev.stride.model.CoreType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.Json;
import dev.stride.model.RawType;
import dev.stride.model.Selection;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.ZarrException;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static dev.stride.model.CodecChain.bytes;
import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Arrays of zarr-python 3's fixed-size types written by {@link ZarrWriter}: the {@code zarr.json} and chunk bytes laid
 * out here from zarr-python's spelling and numpy's layout (S and V as bytes, U as UTF-32 units in the codec's byte
 * order), and values read back exactly.
 */
class FixedSizeWriteTest {
    /** id: uint16, name: S3, label: U2, raw: V2; 15 bytes a record. */
    private static final StructType RECORD = StructType.of(new Field("id", CoreType.UINT16), new Field("name", new FixedBytesType(3)),
            new Field("label", new FixedStringType(2)), new Field("raw", new RawType(16, true)));

    @TempDir
    Path dir;

    @Test
    void zarrJsonAndChunksAsTheSpecsLayThemOut() throws Exception {
        Json fill = json("{\"id\": 7, \"name\": \"YWI=\", \"label\": \"\\u03a9\", \"raw\": \"AQI=\"}");
        try (ZarrWriter out = ZarrWriter.open(dir).statistics(false);
             ArrayWriter writer = out.createArray("/a", ArraySpec.of(RECORD, 3).chunks(2).fill(fill).codecs(bytes(ByteOrder.BIG_ENDIAN)))) {
            writer.write(null, columns());
        }

        assertEquals(json("""
                {"zarr_format": 3, "node_type": "array", "shape": [3],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                     {"name": "id", "data_type": "uint16"},
                     {"name": "name", "data_type": {"name": "null_terminated_bytes", "configuration": {"length_bytes": 3}}},
                     {"name": "label", "data_type": {"name": "fixed_length_utf32", "configuration": {"length_bytes": 8}}},
                     {"name": "raw", "data_type": {"name": "raw_bytes", "configuration": {"length_bytes": 2}}}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                 "fill_value": {"id": 7, "name": "YWI=", "label": "\\u03a9", "raw": "AQI="},
                 "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}], "attributes": {}}"""),
                JsonCodec.parse(Files.readAllBytes(dir.resolve("a/zarr.json"))));

        ByteBuffer first = ByteBuffer.allocate(30).order(ByteOrder.BIG_ENDIAN);
        first.putShort((short) 1).put(new byte[] {'a', 0, 'b'}).putInt(0xe9).putInt(0).put(new byte[] {(byte) 0xff, 0});
        first.putShort((short) 0xffff).put(new byte[] {'x', 'y', 'z'}).putInt(0x1f600).putInt(0x3a9).put(new byte[] {1, 2});
        assertArrayEquals(first.array(), Files.readAllBytes(dir.resolve("a/c/0")));
        ByteBuffer second = ByteBuffer.allocate(30).order(ByteOrder.BIG_ENDIAN);
        second.putShort((short) 2).put(new byte[3]).putInt(0).putInt(0).put(new byte[2]);
        second.putShort((short) 7).put(new byte[] {'a', 'b', 0}).putInt(0x3a9).putInt(0).put(new byte[] {1, 2});
        assertArrayEquals(second.array(), Files.readAllBytes(dir.resolve("a/c/1")));
    }

    @Test
    void valuesReadBackExactlyInEitherByteOrder() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            Path root = dir.resolve(order.toString());
            try (ZarrWriter out = ZarrWriter.open(root);
                 ArrayWriter writer = out.createArray("/a", ArraySpec.of(RECORD, 3).chunks(2).codecs(bytes(order)))) {
                writer.write(null, columns());
            }
            try (Zarr zarr = Zarr.open(root)) {
                assertReadsBack(zarr.array("/a"));
            }
        }
    }

    /** The setters of FieldWriter, through a RecordFiller, give the same values as columns. */
    @Test
    void settersWriteTheSameValues() {
        try (ZarrWriter out = ZarrWriter.open(dir);
             ArrayWriter writer = out.createArray("/a", ArraySpec.of(RECORD, 3).chunks(3).codecs(bytes(ByteOrder.LITTLE_ENDIAN)))) {
            Map<String, Object> columns = columns();
            writer.write(null, (index, records, i) -> {
                int r = (int) index;
                writer.field("id").setLong(records, i, ((short[]) columns.get("id"))[r]);
                writer.field("name").setBytes(records, i, new byte[][] {{'a', 0, 'b'}, {'x', 'y', 'z'}, {}}[r]);
                writer.field("label").setString(records, i, ((String[]) columns.get("label"))[r]);
                writer.field("raw").setBytes(records, i, new byte[][] {{(byte) 0xff, 0}, {1, 2}, {0, 0}}[r]);
            });
        }
        try (Zarr zarr = Zarr.open(dir)) {
            assertReadsBack(zarr.array("/a"));
        }
    }

    @Test
    void wholeArraysOfEachType() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            try (ArrayWriter w = out.createArray("/s", ArraySpec.of(new FixedBytesType(2), 2).codecs(bytes(ByteOrder.LITTLE_ENDIAN)))) {
                w.write(null, Map.of("", new byte[] {'h', 'i', 0, 7}));
            }
            try (ArrayWriter w = out.createArray("/u", ArraySpec.of(new FixedStringType(1), 2).codecs(bytes(ByteOrder.BIG_ENDIAN)))) {
                w.write(null, Map.of("", new String[] {"ß", ""}));
            }
            try (ArrayWriter w = out.createArray("/v", ArraySpec.of(new RawType(8, true), 2).codecs(bytes(ByteOrder.LITTLE_ENDIAN)))) {
                w.write(null, Map.of("", new byte[] {0, (byte) 0x80}));
            }
        }
        assertArrayEquals(new byte[] {'h', 'i', 0, 7}, read("s/c/0"));
        assertArrayEquals(new byte[] {0, 0, 0, (byte) 0xdf, 0, 0, 0, 0}, read("u/c/0"));
        assertArrayEquals(new byte[] {0, (byte) 0x80}, read("v/c/0"));
        try (Zarr zarr = Zarr.open(dir)) {
            Column s = zarr.array("/s").read(Selection.all()).get("");
            assertArrayEquals(new byte[] {'h', 'i'}, s.asByteStrings().get(0));
            assertArrayEquals(new byte[] {0, 7}, s.asByteStrings().get(1));
            assertArrayEquals(new String[] {"ß", ""}, zarr.array("/u").read(Selection.all()).get("").asStrings().values());
            assertArrayEquals(new byte[] {0, (byte) 0x80}, zarr.array("/v").read(Selection.all()).get("").asRaw().values());
            assertEquals(json("{\"name\": \"raw_bytes\", \"configuration\": {\"length_bytes\": 1}}"), zarr.array("/v").metadata().dataType().json());
        }
    }

    @Test
    void valuesTheTypesCannotHoldAreRefused() {
        try (ZarrWriter out = ZarrWriter.open(dir);
             ArrayWriter writer = out.createArray("/a", ArraySpec.of(RECORD, 1).codecs(bytes(ByteOrder.LITTLE_ENDIAN)));
             Arena arena = Arena.ofConfined()) {
            MemorySegment one = arena.allocate(RECORD.byteSize());
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> writer.field("label").setString(one, 0, "abc")).getMessage(),
                    "field 'label' (fixed_length_utf32[2]) cannot hold the text 'abc'");
            // what a terminal would obey (an escape sequence, a right-to-left override) is shown escaped, not sent
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> writer.field("label").setString(one, 0, "\u001b[2J\u202e!")).getMessage(),
                    "cannot hold the text '\\u001b[2J\\u202e!'");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> writer.field("label").setString(one, 0, "a\ud800")).getMessage(),
                    "field 'label' (fixed_length_utf32[2]) cannot hold 0xd800, a surrogate, at character 1");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> writer.field("name").setBytes(one, 0, new byte[4])).getMessage(),
                    "field 'name' (null_terminated_bytes[3]) cannot hold 4 bytes");
            assertContains(assertThrows(ZarrException.BadRequest.class, () -> writer.field("raw").setBytes(one, 0, new byte[1])).getMessage(),
                    "field 'raw' (raw_bytes[2]) cannot hold 1 bytes");
            assertArrayEquals(new byte[(int) RECORD.byteSize()], one.toArray(ValueLayout.JAVA_BYTE), "nothing half written");
        }
    }

    /** Three records: an inner NUL, a full name and astral text, then empty values. */
    private static Map<String, Object> columns() {
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("id", new short[] {1, (short) 0xffff, 2});
        columns.put("name", new byte[] {'a', 0, 'b', 'x', 'y', 'z', 0, 0, 0});
        columns.put("label", new String[] {"é", "😀Ω", ""});
        columns.put("raw", new byte[] {(byte) 0xff, 0, 1, 2, 0, 0});
        return columns;
    }

    private static void assertReadsBack(ZarrArray a) {
        Map<String, Column> read = a.read(Selection.all());
        assertArrayEquals(new short[] {1, (short) 0xffff, 2}, read.get("id").asShorts().values());
        assertArrayEquals(new byte[] {'a', 0, 'b'}, read.get("name").asByteStrings().get(0));
        assertArrayEquals(new byte[] {'x', 'y', 'z'}, read.get("name").asByteStrings().get(1));
        assertArrayEquals(new byte[0], read.get("name").asByteStrings().get(2));
        assertArrayEquals(new String[] {"é", "😀Ω", ""}, read.get("label").asStrings().values());
        assertArrayEquals(new byte[] {(byte) 0xff, 0, 1, 2, 0, 0}, read.get("raw").asRaw().values());
    }

    private byte[] read(String key) {
        try {
            return Files.readAllBytes(dir.resolve(key));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Json json(String text) {
        return JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }
}
