package dev.stride.model;

import dev.stride.internal.base.Reads;


import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Reads one leaf field of record {@code i} in a segment of packed records. Cast the accessor to the class of its
 * type ({@code (FieldAccessor.DoubleField) array.field("x")}) and call its getters: they read through the
 * static-final handles of {@link Reads} at {@code i * recordSize + offset}, which the JIT inlines in a hot loop.
 *
 * <p>Integers: {@code get} gives the stored bits in the Java type of the same width, so a uint8 of 255 is the byte
 * -1. The value itself, unsigned types included, comes from {@link ByteField#getInt}, {@link ShortField#getInt},
 * {@code getLong} (int8..uint32) and {@link LongField#getBigInteger} (uint64; or keep the bits of {@code get} and use
 * {@link Long#toUnsignedString(long)}, {@link Long#compareUnsigned}, {@link Long#divideUnsigned}). Times are
 * {@link TimeField}s: {@link TimeField#getInstant} and {@link TimeField#getDuration} apply the unit and scale factor.
 */
public abstract sealed class FieldAccessor {
    private final String path;
    private final List<String> segments;
    private final long offset;
    private final DataType type;
    private final ByteOrder order;
    private final VarHandle handle;
    /** Bytes per record. */
    protected final long recordSize;
    /** True for little-endian records. */
    protected final boolean little;

    FieldAccessor(Site site, DataType type) {
        this.path = site.path;
        this.segments = site.segments;
        this.offset = site.offset;
        this.type = type;
        this.order = site.order;
        this.handle = site.handle;
        this.recordSize = site.recordSize;
        this.little = site.order == ByteOrder.LITTLE_ENDIAN;
    }

    /** Where a field sits: its path, offset, record size, byte order and layout-derived handle. */
    record Site(String path, List<String> segments, long offset, ByteOrder order, long recordSize, VarHandle handle) {
    }

    static FieldAccessor create(String path, List<String> segments, long offset, DataType type, ByteOrder order,
                                MemoryLayout record, PathElement[] elements) {
        boolean single = !(type instanceof RawType) && !(type instanceof CoreType c && c.kind() == CoreType.Kind.COMPLEX);
        // the layout's handle takes (segment, long base offset, long record index) and returns the exact value type
        VarHandle handle = single ? record.arrayElementVarHandle(elements).withInvokeExactBehavior() : null;
        Site site = new Site(path, segments, offset, order, record.byteSize(), handle);
        return switch (type) {
            case CoreType c -> switch (c) {
                case BOOL -> new BoolField(site, c);
                case INT8, UINT8 -> new ByteField(site, c);
                case INT16, UINT16 -> new ShortField(site, c);
                case FLOAT16 -> new HalfField(site, c);
                case INT32, UINT32 -> new IntField(site, c);
                case INT64, UINT64 -> new LongField(site, c);
                case FLOAT32 -> new FloatField(site, c);
                case FLOAT64 -> new DoubleField(site, c);
                case COMPLEX64, COMPLEX128 -> new ComplexField(site, c);
            };
            case TimeType t -> new TimeField(site, t);
            case RawType r -> new RawField(site, r);
            case StructType s -> throw new IllegalArgumentException("a struct is not a leaf field");
        };
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

    /** True for uint8..uint64, whose {@code get} gives bits that Java reads as signed. */
    public boolean isUnsigned() {
        return type instanceof CoreType c && c.kind() == CoreType.Kind.UNSIGNED;
    }

    /**
     * The field's var handle derived from the record layout, for code that composes method handles; the typed getters
     * are the plain way to read a field and as fast. It has exact invocation behaviour: its coordinates are
     * {@code (MemorySegment records, long baseOffset, long recordIndex)} and it returns the Java type of the field
     * (the stored bits for integers, {@code short} bits for float16, {@code long} counts for times), so a call must
     * pass {@code long}s and cast the result to exactly that type:
     *
     * <pre>{@code
     * VarHandle x = array.field("x").handle();          // a float64 field
     * double v = (double) x.get(records, 0L, 3L);       // record 3: the long literals and the cast are needed
     * }</pre>
     *
     * {@code x.get(records, 0, 3)} or an assignment without the cast throws {@link java.lang.invoke.WrongMethodTypeException}:
     * an exact handle keeps a hot loop free of conversions.
     *
     * @return the handle, or null for complex fields (a (re, im) pair is no single value) and raw fields (bytes)
     */
    public VarHandle handle() {
        return handle;
    }

    /** Byte offset of this field of record {@code i}. */
    protected final long at(long i) {
        return i * recordSize + offset;
    }

    /**
     * The value as a double: numbers converted (uint64 as unsigned), bool as 0 or 1, times as their count.
     *
     * @throws ZarrException.BadRequest for complex and raw fields
     */
    public double getDouble(MemorySegment records, long i) {
        throw new ZarrException.BadRequest(null, "field '" + path + "' (" + type.describe() + ") is not a real number");
    }

    /** The value in the Zarr v3 fill-value JSON encoding. */
    public abstract Json toJson(MemorySegment records, long i);

    public static final class BoolField extends FieldAccessor {
        BoolField(Site s, DataType t) {
            super(s, t);
        }

        public boolean get(MemorySegment records, long i) {
            return Reads.i8(records, at(i)) != 0;
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

    /** int8 or uint8; {@link #get} gives the raw bits, {@link #getInt} and {@link #getLong} the value. */
    public static final class ByteField extends FieldAccessor {
        private final boolean unsigned;

        ByteField(Site s, CoreType t) {
            super(s, t);
            this.unsigned = t == CoreType.UINT8;
        }

        /** The stored bits: a uint8 of 255 is -1. */
        public byte get(MemorySegment records, long i) {
            return Reads.i8(records, at(i));
        }

        /** The value: -128..127 for int8, 0..255 for uint8. */
        public int getInt(MemorySegment records, long i) {
            byte v = get(records, i);
            return unsigned ? Byte.toUnsignedInt(v) : v;
        }

        public long getLong(MemorySegment records, long i) {
            return getInt(records, i);
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

    /** int16 or uint16; {@link #get} gives the raw bits, {@link #getInt} and {@link #getLong} the value. */
    public static final class ShortField extends FieldAccessor {
        private final boolean unsigned;

        ShortField(Site s, CoreType t) {
            super(s, t);
            this.unsigned = t == CoreType.UINT16;
        }

        /** The stored bits: a uint16 of 65535 is -1. */
        public short get(MemorySegment records, long i) {
            return Reads.i16(records, at(i), little);
        }

        /** The value: -32768..32767 for int16, 0..65535 for uint16. */
        public int getInt(MemorySegment records, long i) {
            short v = get(records, i);
            return unsigned ? Short.toUnsignedInt(v) : v;
        }

        public long getLong(MemorySegment records, long i) {
            return getInt(records, i);
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
        HalfField(Site s, CoreType t) {
            super(s, t);
        }

        public float get(MemorySegment records, long i) {
            return Float.float16ToFloat(Reads.i16(records, at(i), little));
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        /** Its own shortest decimal: a float16 printed as a float32 would show digits it does not have. */
        @Override
        public Json toJson(MemorySegment records, long i) {
            return FloatJson.of(CoreType.FLOAT16, Reads.i16(records, at(i), little));
        }
    }

    /** int32 or uint32; {@link #get} gives the raw bits, {@link #getLong} the value. */
    public static final class IntField extends FieldAccessor {
        private final boolean unsigned;

        IntField(Site s, CoreType t) {
            super(s, t);
            this.unsigned = t == CoreType.UINT32;
        }

        /** The stored bits: a uint32 of 4294967295 is -1. */
        public int get(MemorySegment records, long i) {
            return Reads.i32(records, at(i), little);
        }

        /** The value: a uint32 as 0..4294967295. */
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

    /**
     * int64, uint64 and (as {@link TimeField}) the numpy time types. {@link #get} gives the raw bits, which for a
     * uint64 above {@link Long#MAX_VALUE} are negative: {@link #getBigInteger} gives the value, {@link #getDouble} its
     * nearest double, and {@link Long#toUnsignedString(long)} prints the bits without an object per value.
     */
    public static sealed class LongField extends FieldAccessor permits TimeField {
        private final boolean unsigned;

        LongField(Site s, DataType t) {
            super(s, t);
            this.unsigned = t == CoreType.UINT64;
        }

        /** The stored bits: a uint64 of 2^64-1 is -1. */
        public final long get(MemorySegment records, long i) {
            return Reads.i64(records, at(i), little);
        }

        /** The value as an integer of any size: 0..2^64-1 for uint64. */
        public BigInteger getBigInteger(MemorySegment records, long i) {
            long v = get(records, i);
            return unsigned ? unsignedValue(v) : BigInteger.valueOf(v);
        }

        /** The value of uint64 bits: 0..2^64-1. */
        public static BigInteger unsignedValue(long bits) {
            return bits >= 0 ? BigInteger.valueOf(bits) : BigInteger.valueOf(bits).add(BigInteger.ONE.shiftLeft(64));
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
            return new Json.JNumber(unsigned ? Long.toUnsignedString(v) : Long.toString(v));
        }
    }

    /**
     * {@code numpy.datetime64} or {@code numpy.timedelta64}: {@link #get} gives the stored count of
     * {@code scaleFactor} units, {@link #getInstant} and {@link #getDuration} what it stands for.
     */
    public static final class TimeField extends LongField {
        private final TimeType timeType;

        TimeField(Site s, TimeType t) {
            super(s, t);
            this.timeType = t;
        }

        /** The unit and scale factor. */
        public TimeType timeType() {
            return timeType;
        }

        /**
         * A datetime64 as an instant (see {@link TimeType#toInstant}).
         *
         * @return the instant, or null for NaT
         * @throws ZarrException.BadRequest for a timedelta64 or the generic unit, or a value beyond {@link Instant}
         */
        public Instant getInstant(MemorySegment records, long i) {
            return convert(timeType::toInstant, get(records, i));
        }

        /**
         * A timedelta64 as a duration (see {@link TimeType#toDuration}).
         *
         * @return the duration, or null for NaT
         * @throws ZarrException.BadRequest for a datetime64, the units Y, M and generic, or a value beyond {@link Duration}
         */
        public Duration getDuration(MemorySegment records, long i) {
            return convert(timeType::toDuration, get(records, i));
        }

        /** The conversion's failure, naming this field. */
        private <T> T convert(LongFunction<T> conversion, long count) {
            try {
                return conversion.apply(count);
            } catch (ZarrException.BadRequest e) {
                throw new ZarrException.BadRequest(null, "field '" + path() + "': " + e.reason());
            }
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            long v = get(records, i);
            return v == TimeType.NAT ? Json.string("NaT") : Json.number(v);
        }
    }

    public static final class FloatField extends FieldAccessor {
        FloatField(Site s, CoreType t) {
            super(s, t);
        }

        public float get(MemorySegment records, long i) {
            return Reads.f32(records, at(i), little);
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return FloatJson.of(CoreType.FLOAT32, Reads.i32(records, at(i), little));
        }
    }

    public static final class DoubleField extends FieldAccessor {
        DoubleField(Site s, CoreType t) {
            super(s, t);
        }

        public double get(MemorySegment records, long i) {
            return Reads.f64(records, at(i), little);
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return FloatJson.of(CoreType.FLOAT64, Reads.i64(records, at(i), little));
        }
    }

    /** complex64 or complex128: real and imaginary parts as doubles. */
    public static final class ComplexField extends FieldAccessor {
        private final boolean single;

        ComplexField(Site s, CoreType t) {
            super(s, t);
            this.single = t == CoreType.COMPLEX64;
        }

        public double real(MemorySegment records, long i) {
            return part(records, at(i));
        }

        public double imaginary(MemorySegment records, long i) {
            return part(records, at(i) + byteSize() / 2);
        }

        private double part(MemorySegment records, long offset) {
            return single ? Reads.f32(records, offset, little) : Reads.f64(records, offset, little);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return new Json.JArray(List.of(partJson(records, at(i)), partJson(records, at(i) + byteSize() / 2)));
        }

        /** A part by its bits, so a NaN payload is spelled as stored. */
        private Json partJson(MemorySegment records, long offset) {
            return single ? FloatJson.of(CoreType.FLOAT32, Reads.i32(records, offset, little))
                    : FloatJson.of(CoreType.FLOAT64, Reads.i64(records, offset, little));
        }
    }

    /** r&lt;N&gt;: the bytes as stored. */
    public static final class RawField extends FieldAccessor {
        RawField(Site s, RawType t) {
            super(s, t);
        }

        public byte[] get(MemorySegment records, long i) {
            return records.asSlice(at(i), byteSize()).toArray(ValueLayout.JAVA_BYTE);
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
