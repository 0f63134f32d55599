package dev.stride.model;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The writer's {@code fill_value} and a read value (what {@code cat} prints) are spelled by one encoder: for every
 * edge float they are the same text, the expected one, and the fill value reads back as the same bits.
 */
class FloatJsonTest {
    @TempDir
    Path dir;

    /** Bits of each width with the spelling both sides must use. */
    private static final Map<String, String> FLOAT16 = spellings(
            "0000", "0.0", "8000", "-0.0", "0001", "6.0E-8", "03ff", "6.1E-5", "0400", "6.104E-5", "7bff", "65500.0",
            "2e66", "0.1", "3c00", "1.0", "c100", "-2.5", "7c00", "\"Infinity\"", "fc00", "\"-Infinity\"",
            "7e00", "\"NaN\"", "7e01", "\"0x7e01\"", "fe00", "\"0xfe00\"");
    private static final Map<String, String> FLOAT32 = spellings(
            "00000000", "0.0", "80000000", "-0.0", "00000001", "1.4E-45", "007fffff", "1.1754942E-38",
            "00800000", "1.1754944E-38", "7f7fffff", "3.4028235E38", "3dcccccd", "0.1", "3eaaaaab", "0.33333334",
            "7f800000", "\"Infinity\"", "ff800000", "\"-Infinity\"", "7fc00000", "\"NaN\"", "ffc00000", "\"0xffc00000\"",
            "7f800001", "\"0x7f800001\"");
    private static final Map<String, String> FLOAT64 = spellings(
            "0000000000000000", "0.0", "8000000000000000", "-0.0", "0000000000000001", "4.9E-324",
            "000fffffffffffff", "2.225073858507201E-308", "0010000000000000", "2.2250738585072014E-308",
            "7fefffffffffffff", "1.7976931348623157E308", "3fb999999999999a", "0.1", "3fd5555555555555", "0.3333333333333333",
            "4415af1d78b58c40", "1.0E20", "7ff0000000000000", "\"Infinity\"", "fff0000000000000", "\"-Infinity\"",
            "7ff8000000000000", "\"NaN\"", "fff8000000000000", "\"0xfff8000000000000\"", "7ff0000000000001", "\"0x7ff0000000000001\"");

    @Test
    void writerAndReaderSpellEveryEdgeFloatAlike() throws Exception {
        check(CoreType.FLOAT16, FLOAT16);
        check(CoreType.FLOAT32, FLOAT32);
        check(CoreType.FLOAT64, FLOAT64);
    }

    @Test
    void onlyFloatTypesHaveAFloatSpelling() {
        var e = assertThrows(ZarrException.BadRequest.class, () -> FloatJson.of(CoreType.INT32, 0));
        assertEquals("int32 is not a float type", e.getMessage());
    }

    private void check(CoreType type, Map<String, String> spellings) throws Exception {
        int n = 0;
        for (var entry : spellings.entrySet()) {
            long bits = Long.parseUnsignedLong(entry.getKey(), 16);
            byte[] le = littleEndian(bits, type.byteSize());
            String path = "/" + type.describe() + "_" + n++;
            try (ZarrWriter out = ZarrWriter.open(dir)) {
                // the value, then a 1 so the chunk is stored and read back rather than filled
                ArrayWriter a = out.createArray(path, ArraySpec.of(type, 2).fill(new FillValue(type, Json.JNull.NULL, le)));
                MemorySegment records = MemorySegment.ofArray(concat(le, littleEndian(one(type), type.byteSize())));
                a.write(Region.all(new long[] {2}), records, ByteOrder.LITTLE_ENDIAN);
            }
            Json written = ((Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve(path.substring(1)).resolve("zarr.json"))))
                    .get("fill_value");
            try (Zarr zarr = Zarr.open(dir); ZarrArray array = zarr.array(path); Arena arena = Arena.ofConfined()) {
                MemorySegment read = array.readRecords(null, arena);
                String catText = JsonCodec.print(array.field("").toJson(read, 0));
                String what = type.describe() + " 0x" + entry.getKey();
                assertEquals(entry.getValue(), catText, what);
                assertEquals(catText, JsonCodec.print(written), what);
                assertArrayEquals(le, array.metadata().fillValue().bytes(ByteOrder.LITTLE_ENDIAN), what);
            }
        }
    }

    private static long one(CoreType type) {
        return switch (type) {
            case FLOAT16 -> Float.floatToFloat16(1f);
            case FLOAT32 -> Float.floatToRawIntBits(1f);
            default -> Double.doubleToRawLongBits(1);
        };
    }

    private static byte[] littleEndian(long bits, int size) {
        ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(bits);
        byte[] out = new byte[size];
        System.arraycopy(b.array(), 0, out, 0, size);
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static Map<String, String> spellings(String... bitsThenText) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < bitsThenText.length; i += 2) {
            m.put(bitsThenText[i], bitsThenText[i + 1]);
        }
        return m;
    }
}
