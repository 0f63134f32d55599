package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.ZarrWriter;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.Json;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;

import static dev.stride.model.CodecChain.IndexLocation.END;
import static dev.stride.model.CodecChain.IndexLocation.START;
import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.crc32c;
import static dev.stride.model.CodecChain.sharding;
import static dev.stride.model.CodecChain.transpose;
import static java.nio.ByteOrder.BIG_ENDIAN;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Stored chunk bytes compared with bytes laid out by hand from the specs (struct, bytes, transpose, crc32c, sharding). */
class ChunkBytesTest {
    private final MemoryStore store = new MemoryStore();

    /** The spec's 13-byte record (id: int32, flags: uint8, value: float64), big-endian, with a crc32c. */
    @Test
    void structRecordsBigEndianWithChecksum() {
        StructType type = StructType.of(new Field("id", CoreType.INT32), new Field("flags", CoreType.UINT8), new Field("value", CoreType.FLOAT64));
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("id", new int[] {1, -2});
        columns.put("flags", new byte[] {7, (byte) 255});
        columns.put("value", new double[] {1.5, -0.25});
        write(ArraySpec.of(type, 2).chunks(2).codecs(bytes(BIG_ENDIAN), crc32c()), columns);

        byte[] records = ByteBuffer.allocate(26).order(BIG_ENDIAN)
                .putInt(1).put((byte) 7).putDouble(1.5)
                .putInt(-2).put((byte) 0xff).putDouble(-0.25).array();
        assertArrayEquals(withCrc32c(records), store.readBytes("a/c/0"));
    }

    /** The spec's nested example: point {x, y: float32} then value: float64, 16 bytes, little-endian. */
    @Test
    void nestedStructLittleEndian() {
        StructType point = StructType.of(new Field("x", CoreType.FLOAT32), new Field("y", CoreType.FLOAT32));
        StructType type = StructType.of(new Field("point", point), new Field("value", CoreType.FLOAT64));
        Map<String, Object> columns = new LinkedHashMap<>();
        columns.put("point.x", new float[] {1f});
        columns.put("point.y", new float[] {-2f});
        columns.put("value", new double[] {3.14});
        write(ArraySpec.of(type, 1).codecs(bytes(LITTLE_ENDIAN)), columns);

        byte[] expected = ByteBuffer.allocate(16).order(LITTLE_ENDIAN).putFloat(1f).putFloat(-2f).putDouble(3.14).array();
        assertArrayEquals(expected, store.readBytes("a/c/0"));
    }

    /** transpose [1, 0] stores a 2 x 3 chunk column by column. */
    @Test
    void transposeStoresColumnMajor() {
        write(ArraySpec.of(CoreType.INT16, 2, 3).chunks(2, 3).codecs(transpose(1, 0), bytes(LITTLE_ENDIAN)),
                Map.of("", new short[] {1, 2, 3, 4, 5, 6}));

        byte[] expected = ByteBuffer.allocate(12).order(LITTLE_ENDIAN)
                .putShort((short) 1).putShort((short) 4).putShort((short) 2).putShort((short) 5).putShort((short) 3).putShort((short) 6).array();
        assertArrayEquals(expected, store.readBytes("a/c/0/0"));
    }

    /** An edge chunk is stored whole, its part beyond the array holding the fill value. */
    @Test
    void edgeChunkIsPaddedWithFill() {
        write(ArraySpec.of(CoreType.INT32, 3).chunks(2).fill(Json.number(9)).codecs(bytes(BIG_ENDIAN)), Map.of("", new int[] {1, 2, 3}));

        assertArrayEquals(ByteBuffer.allocate(8).putInt(1).putInt(2).array(), store.readBytes("a/c/0"));
        assertArrayEquals(ByteBuffer.allocate(8).putInt(3).putInt(9).array(), store.readBytes("a/c/1"));
    }

    /** Index at the end: inner chunk 0 at offset 0, inner chunk 1 (all fill) empty, then the index and its crc32c. */
    @Test
    void shardWithIndexAtEnd() {
        write(ArraySpec.of(CoreType.UINT8, 4).chunks(4).codecs(sharding(new long[] {2}, END, bytes(LITTLE_ENDIAN))),
                Map.of("", new byte[] {1, 2, 0, 0}));

        byte[] index = ByteBuffer.allocate(32).order(LITTLE_ENDIAN).putLong(0).putLong(2).putLong(-1).putLong(-1).array();
        assertArrayEquals(concat(new byte[] {1, 2}, withCrc32c(index)), store.readBytes("a/c/0"));
    }

    /** Index at the start: the data begins after the 36-byte index (2 entries of 16 bytes and a crc32c). */
    @Test
    void shardWithIndexAtStart() {
        write(ArraySpec.of(CoreType.UINT8, 4).chunks(4).codecs(sharding(new long[] {2}, START, bytes(LITTLE_ENDIAN))),
                Map.of("", new byte[] {0, 0, 5, 6}));

        byte[] index = ByteBuffer.allocate(32).order(LITTLE_ENDIAN).putLong(-1).putLong(-1).putLong(36).putLong(2).array();
        assertArrayEquals(concat(withCrc32c(index), new byte[] {5, 6}), store.readBytes("a/c/0"));
    }

    /** A chunk of nothing but fill values is not stored at all. */
    @Test
    void fillChunkIsNotStored() {
        write(ArraySpec.of(CoreType.UINT8, 4).chunks(2), Map.of("", new byte[] {0, 0, 3, 0}));

        assertNull(store.readBytes("a/c/0"));
        assertArrayEquals(new byte[] {3, 0}, store.readBytes("a/c/1"));
    }

    private void write(ArraySpec spec, Map<String, Object> columns) {
        try (ArrayWriter writer = ZarrWriter.open(store).createArray("/a", spec)) {
            writer.write(null, columns);
        }
    }

    private static byte[] withCrc32c(byte[] data) {
        CRC32C crc = new CRC32C();
        crc.update(data);
        return concat(data, ByteBuffer.allocate(4).order(LITTLE_ENDIAN).putInt((int) crc.getValue()).array());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }
}
