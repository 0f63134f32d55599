package dev.stride.dtype;

import dev.stride.ZarrException;
import dev.stride.json.Json;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one leaf field of record {@code i} in a segment of packed records. Each subclass holds an exact-typed
 * {@link VarHandle} with coordinates (segment, base offset, record index) in a final field.
 */
public abstract sealed class FieldAccessor {
    private final String path;
    private final List<String> segments;
    private final long offset;
    private final DataType type;
    private final ByteOrder order;

    FieldAccessor(String path, List<String> segments, long offset, DataType type, ByteOrder order) {
        this.path = path;
        this.segments = segments;
        this.offset = offset;
        this.type = type;
        this.order = order;
    }

    static FieldAccessor create(String path, List<String> segments, long offset, DataType type, ByteOrder order,
                                MemoryLayout record, PathElement[] elements) {
        return switch (type) {
            case CoreType c -> switch (c) {
                case BOOL -> new BoolField(path, segments, offset, c, order, handle(record, elements));
                case INT8, UINT8 -> new ByteField(path, segments, offset, c, order, handle(record, elements));
                case INT16, UINT16 -> new ShortField(path, segments, offset, c, order, handle(record, elements));
                case FLOAT16 -> new HalfField(path, segments, offset, c, order, handle(record, elements));
                case INT32, UINT32 -> new IntField(path, segments, offset, c, order, handle(record, elements));
                case INT64, UINT64 -> new LongField(path, segments, offset, c, order, handle(record, elements));
                case FLOAT32 -> new FloatField(path, segments, offset, c, order, handle(record, elements));
                case FLOAT64 -> new DoubleField(path, segments, offset, c, order, handle(record, elements));
                case COMPLEX64, COMPLEX128 -> new ComplexField(path, segments, offset, c, order,
                        handle(record, with(elements, "re")), handle(record, with(elements, "im")));
            };
            case TimeType t -> new LongField(path, segments, offset, t, order, handle(record, elements));
            case RawType r -> new RawField(path, segments, offset, r, order, record.byteSize());
            case StructType s -> throw new IllegalArgumentException("a struct is not a leaf field");
        };
    }

    private static PathElement[] with(PathElement[] elements, String member) {
        List<PathElement> all = new ArrayList<>(List.of(elements));
        all.add(PathElement.groupElement(member));
        return all.toArray(PathElement[]::new);
    }

    private static VarHandle handle(MemoryLayout record, PathElement[] elements) {
        return record.arrayElementVarHandle(elements).withInvokeExactBehavior();
    }

    /** Dotted path from the record root ({@code point.x}); {@code ""} for a plain data type. */
    public String path() {
        return path;
    }

    /** The path as exact field names, for names containing dots. */
    public List<String> segments() {
        return segments;
    }

    /** Byte offset of the field in its record. */
    public long offset() {
        return offset;
    }

    public long byteSize() {
        return type.byteSize();
    }

    public DataType type() {
        return type;
    }

    public ByteOrder order() {
        return order;
    }

    /** The value as a double: numbers converted (uint64 as unsigned), bool as 0 or 1, times as their count. */
    public double getDouble(MemorySegment records, long i) {
        throw new ZarrException.BadRequest(null, "field '" + path + "' (" + type.describe() + ") is not a real number");
    }

    /** The value in the Zarr v3 fill-value JSON encoding. */
    public abstract Json toJson(MemorySegment records, long i);

    /** Float bits as JSON: a number, or "NaN", "Infinity", "-Infinity". */
    static Json floatJson(double v, boolean single) {
        if (Double.isNaN(v)) {
            return Json.string("NaN");
        }
        if (Double.isInfinite(v)) {
            return Json.string(v > 0 ? "Infinity" : "-Infinity");
        }
        return new Json.JNumber(single ? Float.toString((float) v) : Double.toString(v));
    }

    public static final class BoolField extends FieldAccessor {
        private final VarHandle handle;

        BoolField(String p, List<String> s, long o, DataType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
        }

        public boolean get(MemorySegment records, long i) {
            return (byte) handle.get(records, 0L, i) != 0;
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i) ? 1 : 0;
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return new Json.JBool(get(records, i));
        }
    }

    /** int8 or uint8; {@link #get} gives the raw bits, {@link #getLong} the value. */
    public static final class ByteField extends FieldAccessor {
        private final VarHandle handle;
        private final boolean unsigned;

        ByteField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
            this.unsigned = t == CoreType.UINT8;
        }

        public byte get(MemorySegment records, long i) {
            return (byte) handle.get(records, 0L, i);
        }

        public long getLong(MemorySegment records, long i) {
            byte v = get(records, i);
            return unsigned ? Byte.toUnsignedLong(v) : v;
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return getLong(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return Json.number(getLong(records, i));
        }
    }

    /** int16 or uint16. */
    public static final class ShortField extends FieldAccessor {
        private final VarHandle handle;
        private final boolean unsigned;

        ShortField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
            this.unsigned = t == CoreType.UINT16;
        }

        public short get(MemorySegment records, long i) {
            return (short) handle.get(records, 0L, i);
        }

        public long getLong(MemorySegment records, long i) {
            short v = get(records, i);
            return unsigned ? Short.toUnsignedLong(v) : v;
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return getLong(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return Json.number(getLong(records, i));
        }
    }

    /** float16, widened to float. */
    public static final class HalfField extends FieldAccessor {
        private final VarHandle handle;

        HalfField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
        }

        public float get(MemorySegment records, long i) {
            return Float.float16ToFloat((short) handle.get(records, 0L, i));
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        /** Its own shortest decimal: a float16 printed as a float32 would show digits it does not have. */
        @Override
        public Json toJson(MemorySegment records, long i) {
            short bits = (short) handle.get(records, 0L, i);
            float v = Float.float16ToFloat(bits);
            return v == 0 || !Float.isFinite(v) ? floatJson(v, true) : new Json.JNumber(Float16Decimal.of(bits));
        }
    }

    /** int32 or uint32. */
    public static final class IntField extends FieldAccessor {
        private final VarHandle handle;
        private final boolean unsigned;

        IntField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
            this.unsigned = t == CoreType.UINT32;
        }

        public int get(MemorySegment records, long i) {
            return (int) handle.get(records, 0L, i);
        }

        public long getLong(MemorySegment records, long i) {
            int v = get(records, i);
            return unsigned ? Integer.toUnsignedLong(v) : v;
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return getLong(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return Json.number(getLong(records, i));
        }
    }

    /** int64, uint64 (raw bits; {@link #getDouble} reads them unsigned) and the numpy time types. */
    public static final class LongField extends FieldAccessor {
        private final VarHandle handle;
        private final boolean unsigned;
        private final boolean time;

        LongField(String p, List<String> s, long o, DataType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
            this.unsigned = t == CoreType.UINT64;
            this.time = t instanceof TimeType;
        }

        public long get(MemorySegment records, long i) {
            return (long) handle.get(records, 0L, i);
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            long v = get(records, i);
            if (unsigned && v < 0) {
                return (double) (v >>> 1) * 2.0 + (v & 1);
            }
            return v;
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            long v = get(records, i);
            if (time && v == TimeType.NAT) {
                return Json.string("NaT");
            }
            return new Json.JNumber(unsigned ? Long.toUnsignedString(v) : Long.toString(v));
        }
    }

    public static final class FloatField extends FieldAccessor {
        private final VarHandle handle;

        FloatField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
        }

        public float get(MemorySegment records, long i) {
            return (float) handle.get(records, 0L, i);
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return floatJson(get(records, i), true);
        }
    }

    public static final class DoubleField extends FieldAccessor {
        private final VarHandle handle;

        DoubleField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle handle) {
            super(p, s, o, t, b);
            this.handle = handle;
        }

        public double get(MemorySegment records, long i) {
            return (double) handle.get(records, 0L, i);
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return floatJson(get(records, i), false);
        }
    }

    /** complex64 or complex128: real and imaginary parts as doubles. */
    public static final class ComplexField extends FieldAccessor {
        private final VarHandle re;
        private final VarHandle im;
        private final boolean single;

        ComplexField(String p, List<String> s, long o, CoreType t, ByteOrder b, VarHandle re, VarHandle im) {
            super(p, s, o, t, b);
            this.re = re;
            this.im = im;
            this.single = t == CoreType.COMPLEX64;
        }

        public double real(MemorySegment records, long i) {
            return single ? (float) re.get(records, 0L, i) : (double) re.get(records, 0L, i);
        }

        public double imaginary(MemorySegment records, long i) {
            return single ? (float) im.get(records, 0L, i) : (double) im.get(records, 0L, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return new Json.JArray(List.of(floatJson(real(records, i), single), floatJson(imaginary(records, i), single)));
        }
    }

    /** r&lt;N&gt;: the bytes as stored. */
    public static final class RawField extends FieldAccessor {
        private final long recordSize;

        RawField(String p, List<String> s, long o, RawType t, ByteOrder b, long recordSize) {
            super(p, s, o, t, b);
            this.recordSize = recordSize;
        }

        public byte[] get(MemorySegment records, long i) {
            return records.asSlice(i * recordSize + offset(), byteSize()).toArray(ValueLayout.JAVA_BYTE);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            byte[] bytes = get(records, i);
            List<Json> items = new ArrayList<>(bytes.length);
            for (byte b : bytes) {
                items.add(Json.number(Byte.toUnsignedInt(b)));
            }
            return new Json.JArray(items);
        }
    }
}
