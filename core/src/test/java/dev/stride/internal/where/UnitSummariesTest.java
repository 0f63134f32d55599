package dev.stride.internal.where;

import dev.stride.RecordLayout;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.TimeType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each kernel's count, NaN/NaT count, least and greatest key, over records whose bytes the test lays out itself in
 * either byte order (NaN, -0.0, infinities, NaT and the extremes of every width among random values), against the
 * rules worked out here value by value: NaN and NaT counted and left out of the extremes, -0.0 the key of 0.0,
 * uint64 in shifted order, a bool's extremes whether all and whether any were true.
 */
class UnitSummariesTest {
    /** Enough records for several blocks and a short last one. */
    private static final int RECORDS = 2 * UnitSummaries.BLOCK + 37;
    /** Records between two special values of a field, so that each field's six fit. */
    private static final int SPACING = 600;

    private static final List<Field> FIELDS = List.of(
            new Field("f8", CoreType.FLOAT64), new Field("f4", CoreType.FLOAT32), new Field("f2", CoreType.FLOAT16),
            new Field("i8", CoreType.INT64), new Field("u8", CoreType.UINT64),
            new Field("t", new TimeType(true, "s", 1)),
            new Field("i1", CoreType.INT8), new Field("u1", CoreType.UINT8), new Field("i2", CoreType.INT16),
            new Field("u2", CoreType.UINT16), new Field("i4", CoreType.INT32), new Field("u4", CoreType.UINT32),
            new Field("b", CoreType.BOOL), new Field("allTrue", CoreType.BOOL), new Field("allNaN", CoreType.FLOAT64));

    @ParameterizedTest
    @ValueSource(strings = {"LITTLE_ENDIAN", "BIG_ENDIAN"})
    void everyKindCountsAndFindsItsExtremesAsTheRulesSay(String orderName) {
        ByteOrder order = orderName.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        RecordLayout layout = RecordLayout.compile(StructType.of(FIELDS.toArray(Field[]::new)), order);
        int size = Math.toIntExact(layout.recordSize());
        assertEquals(8 + 4 + 2 + 8 + 8 + 8 + 1 + 1 + 2 + 2 + 4 + 4 + 1 + 1 + 8, size, "packed records");
        MemorySegment records = Arena.ofAuto().allocate((long) RECORDS * size);
        ByteBuffer bytes = records.asByteBuffer().order(order);
        Random random = new Random(42);
        Expected[] expected = new Expected[FIELDS.size()];
        for (int f = 0; f < expected.length; f++) {
            expected[f] = new Expected();
        }
        for (int i = 0; i < RECORDS; i++) {
            int at = i * size;
            for (int f = 0; f < FIELDS.size(); f++) {
                FieldAccessor a = layout.fieldOrNull(FIELDS.get(f).name());
                put(bytes, at + (int) a.offset(), FIELDS.get(f), i, random, expected[f]);
            }
        }

        UnitSummaries summaries = new UnitSummaries(layout.fields(), layout.recordSize());
        // two runs, the second starting mid-block, as a writer hands over a chunk's runs
        summaries.add(records, 0, 1000);
        summaries.add(records, 1000, RECORDS - 1000);
        Map<String, Summary> found = summaries.finish();

        for (int f = 0; f < FIELDS.size(); f++) {
            String name = FIELDS.get(f).name();
            Summary s = found.get(name);
            Expected e = expected[f];
            assertEquals(RECORDS, s.count(), name);
            assertEquals(e.missing, s.nanCount(), name);
            if (e.missing < RECORDS) {
                assertEquals(e.min, s.minKey(), name + " min");
                assertEquals(e.max, s.maxKey(), name + " max");
            }
        }
        // what the special values make of the extremes, spelled out
        assertEquals(Double.NEGATIVE_INFINITY, Source.floatOf(found.get("f8").minKey()));
        assertEquals(Double.MAX_VALUE, Source.floatOf(found.get("f8").maxKey()));
        assertEquals(0L, found.get("f4").minKey(), "-0.0 and 0.0 are the one key 0");
        assertEquals(Float.POSITIVE_INFINITY, Source.floatOf(found.get("f4").maxKey()));
        assertEquals(Long.MIN_VALUE, found.get("i8").minKey());
        assertEquals(Long.MIN_VALUE, found.get("u8").minKey(), "uint64 0 is the least key");
        assertEquals(Long.MAX_VALUE, found.get("u8").maxKey(), "uint64 2^64-1 is the greatest key");
        assertEquals(Long.MIN_VALUE + 1, found.get("t").minKey(), "NaT is left out");
        assertEquals(List.of(-128L, 127L, 0L, 255L), List.of(found.get("i1").minKey(), found.get("i1").maxKey(),
                found.get("u1").minKey(), found.get("u1").maxKey()));
        assertEquals(List.of(0L, 65535L, 0L, 4294967295L), List.of(found.get("u2").minKey(), found.get("u2").maxKey(),
                found.get("u4").minKey(), found.get("u4").maxKey()));
        assertEquals(List.of(0L, 1L, 1L, 1L), List.of(found.get("b").minKey(), found.get("b").maxKey(),
                found.get("allTrue").minKey(), found.get("allTrue").maxKey()));
        assertEquals(RECORDS, found.get("allNaN").nanCount());

        assertEquals(0, summaries.finish().get("f8").count(), "finish starts a new unit");
    }

    /** What a field's summary must be, worked out value by value as the bytes are laid out. */
    private static final class Expected {
        long missing;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;

        void value(long key) {
            min = Math.min(min, key);
            max = Math.max(max, key);
        }

        void real(double v) {
            if (Double.isNaN(v)) {
                missing++;
            } else {
                value(v == 0 ? 0 : Source.floatKey(v));
            }
        }
    }

    /** Lays out record {@code i}'s value of {@code field} at {@code at}: a special value at fixed records, else random. */
    private static void put(ByteBuffer bytes, int at, Field field, int i, Random random, Expected e) {
        DataType type = field.type();
        switch (field.name()) {
            case "f8" -> {
                double v = pick(i, new double[]{Double.NaN, -0.0, Double.NEGATIVE_INFINITY, Double.MAX_VALUE, 0.0,
                        Double.longBitsToDouble(0xfff8_0000_0000_0001L)}, random.nextGaussian() * 1e6);
                bytes.putDouble(at, v);
                e.real(v);
            }
            case "allNaN" -> {
                bytes.putLong(at, 0x7ff0_0000_0000_0001L + i);
                e.missing++;
            }
            case "f4" -> {
                float v = (float) pick(i, new double[]{Float.NaN, -0.0, Float.POSITIVE_INFINITY, 0.0},
                        Math.abs(random.nextGaussian()) + Float.MIN_VALUE);
                bytes.putFloat(at, v);
                e.real(v);
            }
            case "f2" -> {
                short bits = switch (i % SPACING) {
                    case 3 -> (short) 0x7e00; // NaN
                    case 4 -> (short) 0xfc00; // -infinity
                    case 5 -> (short) 0x7bff; // 65504, the greatest finite
                    default -> Float.floatToFloat16((float) random.nextGaussian());
                };
                bytes.putShort(at, bits);
                e.real(Float.float16ToFloat(bits));
            }
            case "i8" -> {
                long v = pickLong(i, new long[]{Long.MIN_VALUE, Long.MAX_VALUE}, random.nextLong());
                bytes.putLong(at, v);
                e.value(v);
            }
            case "u8" -> {
                long v = pickLong(i, new long[]{0, -1L}, random.nextLong());
                bytes.putLong(at, v);
                e.value(v ^ Long.MIN_VALUE);
            }
            case "t" -> {
                long v = pickLong(i, new long[]{TimeType.NAT, Long.MIN_VALUE + 1, Long.MAX_VALUE}, random.nextInt());
                bytes.putLong(at, v);
                if (v == TimeType.NAT) {
                    e.missing++;
                } else {
                    e.value(v);
                }
            }
            case "i1", "u1" -> {
                byte v = (byte) pickLong(i, new long[]{-128, 127, 0, -1}, random.nextInt());
                bytes.put(at, v);
                e.value(type == CoreType.INT8 ? v : v & 0xFF);
            }
            case "i2", "u2" -> {
                short v = (short) pickLong(i, new long[]{Short.MIN_VALUE, Short.MAX_VALUE, 0, -1}, random.nextInt());
                bytes.putShort(at, v);
                e.value(type == CoreType.INT16 ? v : v & 0xFFFF);
            }
            case "i4", "u4" -> {
                int v = (int) pickLong(i, new long[]{Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1}, random.nextInt());
                bytes.putInt(at, v);
                e.value(type == CoreType.INT32 ? v : v & 0xFFFF_FFFFL);
            }
            case "b" -> {
                byte v = (byte) (i % 7 == 0 ? 0 : 1 + random.nextInt(255)); // any byte but 0 is true
                bytes.put(at, v);
                e.value(v != 0 ? 1 : 0);
            }
            case "allTrue" -> {
                bytes.put(at, (byte) (1 + i % 200));
                e.value(1);
            }
            default -> throw new AssertionError(field.name());
        }
    }

    /** {@code special[k]} at record {@code SPACING k + 3} (in every block), else {@code otherwise}. */
    private static double pick(int i, double[] special, double otherwise) {
        int k = (i - 3) / SPACING;
        return i >= 3 && (i - 3) % SPACING == 0 && k < special.length ? special[k] : otherwise;
    }

    private static long pickLong(int i, long[] special, long otherwise) {
        int k = (i - 3) / SPACING;
        return i >= 3 && (i - 3) % SPACING == 0 && k < special.length ? special[k] : otherwise;
    }
}
