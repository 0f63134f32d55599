package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.RecordLayout;
import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.ArrayColumn;
import dev.stride.model.BoolColumn;
import dev.stride.model.ByteStringColumn;
import dev.stride.model.StringColumn;
import dev.stride.model.ByteColumn;
import dev.stride.model.Column;
import dev.stride.model.ComplexColumn;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.DoubleColumn;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldWriter;
import dev.stride.model.FloatColumn;
import dev.stride.model.IntColumn;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.LongColumn;
import dev.stride.model.RawColumn;
import dev.stride.model.RawType;
import dev.stride.model.Selection;
import dev.stride.model.ShortColumn;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.TimeColumn;
import dev.stride.model.TimeType;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.fail;

/** Test data: a nested struct of every kind of leaf field, columns of values for it, and comparisons. */
final class Samples {
    /** A nested struct with every kind of leaf field a writer sets. */
    static final StructType NESTED = StructType.of(
            new Field("id", CoreType.INT32),
            new Field("flags", CoreType.UINT8),
            new Field("pos", StructType.of(new Field("x", CoreType.FLOAT32), new Field("y", CoreType.FLOAT64))),
            new Field("h", CoreType.FLOAT16),
            new Field("ok", CoreType.BOOL),
            new Field("big", CoreType.UINT64),
            new Field("z", CoreType.COMPLEX64),
            new Field("tag", new RawType(16)),
            new Field("t", new TimeType(true, "s", 1)),
            new Field("s", CoreType.INT16));

    /** A fill value of NESTED with a non-canonical NaN, a NaN, an infinity, NaT and uint64 max. */
    static final Json NESTED_FILL = json("""
            {"id": -1, "flags": 255, "pos": {"x": "0x7fc00001", "y": -0.5}, "h": "Infinity", "ok": true,
             "big": 18446744073709551615, "z": [1.5, "NaN"], "tag": [171, 205], "t": "NaT", "s": 7}""");

    private Samples() {
    }

    static Json json(String text) {
        return JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Every leaf column of {@code n} records; values depend on the record index and {@code seed}. */
    static Map<String, Object> columns(DataType type, int n, int seed) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (FieldAccessor f : RecordLayout.compile(type, ByteOrder.LITTLE_ENDIAN).fields()) {
            out.put(f.path(), column(f, n, seed + 31 * out.size()));
        }
        return out;
    }

    private static Object column(FieldAccessor f, int n, int seed) {
        switch (f) {
            case FieldAccessor.BoolField b -> {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (i + seed) % 3 == 0;
                }
                return a;
            }
            case FieldAccessor.ByteField b -> {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) (i * 7 + seed);
                }
                return a;
            }
            case FieldAccessor.ShortField s -> {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) (i * 1009 - seed);
                }
                return a;
            }
            case FieldAccessor.HalfField h -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Float.float16ToFloat(Float.floatToFloat16((i - seed) * 0.37f));
                }
                return a;
            }
            case FieldAccessor.IntField x -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = i * 1_000_003 - seed;
                }
                return a;
            }
            case FieldAccessor.LongField l -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (i + seed) * 0x9E3779B97F4A7C15L;
                }
                return a;
            }
            case FieldAccessor.FloatField x -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (i + seed) * 0.5f - 3.25f;
                }
                return a;
            }
            case FieldAccessor.DoubleField d -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Math.sin(i + seed) * 1e6;
                }
                return a;
            }
            case FieldAccessor.ComplexField c -> {
                double[] a = new double[2 * n];
                for (int i = 0; i < 2 * n; i++) {
                    a[i] = (float) Math.cos(i + seed);
                }
                return a;
            }
            case FieldAccessor.RawField r -> {
                return blocks(n * (int) r.byteSize(), seed);
            }
            case FieldAccessor.ByteStringField b -> {
                return blocks(n * (int) b.byteSize(), seed);
            }
            case FieldAccessor.StringField t -> {
                String[] a = new String[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Integer.toString(i * 31 + seed, 36);
                }
                return a;
            }
            case FieldAccessor.ArrayField a -> throw new IllegalArgumentException("v3 records have no shaped fields");
        }
    }

    private static byte[] blocks(int size, int seed) {
        byte[] a = new byte[size];
        for (int i = 0; i < a.length; i++) {
            a[i] = (byte) (i * 13 + seed);
        }
        return a;
    }

    /** One record of fill values per leaf field, as the reader gives them for an array with no chunks. */
    static Map<String, Object> fillColumns(DataType type, Json fill) {
        try (ZarrWriter out = ZarrWriter.open(new MemoryStore())) {
            out.createArray("/f", ArraySpec.of(type, 1).fill(fill)).commit();
            return arrays(Zarr.open(out.store()).array("/f").read(Selection.all()));
        }
    }

    /** The Java arrays the columns hold. */
    static Map<String, Object> arrays(Map<String, Column> columns) {
        Map<String, Object> out = new LinkedHashMap<>();
        columns.forEach((path, column) -> out.put(path, switch (column) {
            case BoolColumn c -> c.values();
            case ByteColumn c -> c.values();
            case ShortColumn c -> c.values();
            case IntColumn c -> c.values();
            case LongColumn c -> c.values();
            case FloatColumn c -> c.values();
            case DoubleColumn c -> c.values();
            case TimeColumn c -> c.values();
            case ComplexColumn c -> c.values();
            case RawColumn c -> c.values();
            case ByteStringColumn c -> c.values();
            case StringColumn c -> c.values();
            case ArrayColumn c -> throw new IllegalArgumentException("v3 records have no shaped fields");
        }));
        return out;
    }

    /** Copies record {@code from} of the columns {@code src} over record {@code to} of {@code dst}. */
    static void copyRecord(DataType type, Map<String, Object> src, int from, Map<String, Object> dst, int to) {
        for (FieldAccessor f : RecordLayout.compile(type, ByteOrder.LITTLE_ENDIAN).fields()) {
            int items = f.type() instanceof RawType || f.type() instanceof dev.stride.model.FixedBytesType ? f.type().byteSize()
                    : f.type() == CoreType.COMPLEX64 || f.type() == CoreType.COMPLEX128 ? 2 : 1;
            System.arraycopy(src.get(f.path()), from * items, dst.get(f.path()), to * items, items);
        }
    }

    /** The records of {@code columns} packed in byte order {@code order}, in a segment of {@code arena}. */
    static MemorySegment packed(DataType type, Map<String, Object> columns, int n, ByteOrder order, Arena arena) {
        RecordLayout layout = RecordLayout.compile(type, order);
        MemorySegment out = arena.allocate(Math.max(1, n * layout.recordSize())).asSlice(0, n * layout.recordSize());
        for (FieldAccessor f : layout.fields()) {
            FieldWriter w = new FieldWriter("", f);
            w.copyColumn(w.checkColumn(columns.get(f.path()), n), 0, out, 0, n);
        }
        return out;
    }

    /** Sets every field of record {@code i} from record {@code index} of the columns, with the public setters. */
    static void setFields(ArrayWriter writer, Map<String, Object> columns, int index, MemorySegment records, long i) {
        for (FieldAccessor f : writer.layout().fields()) {
            FieldWriter w = writer.field(f.path());
            switch (columns.get(f.path())) {
                case boolean[] a -> w.setBoolean(records, i, a[index]);
                case byte[] a when f.type() instanceof RawType r ->
                        w.setBytes(records, i, Arrays.copyOfRange(a, index * r.byteSize(), (index + 1) * r.byteSize()));
                case byte[] a -> w.setLong(records, i, a[index]);
                case short[] a -> w.setLong(records, i, a[index]);
                case int[] a -> w.setLong(records, i, a[index]);
                case long[] a -> w.setLong(records, i, a[index]);
                case float[] a -> w.setDouble(records, i, a[index]);
                case double[] a when f.type() == CoreType.COMPLEX64 || f.type() == CoreType.COMPLEX128 ->
                        w.setComplex(records, i, a[2 * index], a[2 * index + 1]);
                case double[] a -> w.setDouble(records, i, a[index]);
                default -> throw new AssertionError("unexpected column of " + f.path());
            }
        }
    }

    /** Fails with the first differing record of the first differing field. */
    static void assertColumnsEqual(Map<String, Object> expected, Map<String, Column> read) {
        Map<String, Object> actual = arrays(read);
        if (!expected.keySet().equals(actual.keySet())) {
            fail("fields " + actual.keySet() + ", expected " + expected.keySet());
        }
        for (String path : expected.keySet()) {
            Object e = expected.get(path);
            Object a = actual.get(path);
            if (Objects.deepEquals(e, a)) {
                continue;
            }
            int n = Math.min(Array.getLength(e), Array.getLength(a));
            for (int i = 0; i < n; i++) {
                if (!Objects.deepEquals(Array.get(e, i), Array.get(a, i))) {
                    fail("field '" + path + "' item " + i + ": got " + Array.get(a, i) + ", expected " + Array.get(e, i));
                }
            }
            fail("field '" + path + "': " + Array.getLength(a) + " items, expected " + Array.getLength(e));
        }
    }
}
