package dev.stride.model;

import dev.stride.internal.json.FloatJson;
import dev.stride.internal.base.Reads;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * Reads and writes one leaf field of record {@code i} in a segment of packed records: the one place that knows how each
 * kind of field is stored. Get the accessor of the kind you expect without a cast from
 * {@code array.field("x", DoubleField.class)}, or pattern-match on this sealed family. Each kind has a getter and a
 * setter of one value, and bulk copies between {@code n} consecutive records and a Java array; they go through the
 * static-final handles of {@link Reads} at {@code i * recordSize + offset}, which the JIT inlines in a hot loop (a var
 * handle held per field would not be constant and would cost ~10-30x, so there is none).
 *
 * <p>Integers: {@code get} gives the stored bits in the Java type of the same width, so a uint8 of 255 is the byte
 * -1. The value itself, unsigned types included, comes from {@link ByteField#getInt}, {@link ShortField#getInt},
 * {@code getLong} (int8..uint32) and {@link LongField#getBigInteger} (uint64; or keep the bits of {@code get} and use
 * {@link Long#toUnsignedString(long)}, {@link Long#compareUnsigned}, {@link Long#divideUnsigned}). Times are
 * {@link TimeField}s: {@link TimeField#getInstant} and {@link TimeField#getDuration} apply the unit and scale factor.
 * Columns hold what the bulk copies hold (see {@link Column}).
 */
public abstract sealed class FieldAccessor {
    private final String path;
    private final List<String> segments;
    private final long offset;
    private final DataType type;
    private final ByteOrder order;
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
        this.recordSize = site.recordSize;
        this.little = site.order == ByteOrder.LITTLE_ENDIAN;
    }

    /** Where a field sits: its path, offset, byte order and record size. */
    record Site(String path, List<String> segments, long offset, ByteOrder order, long recordSize) {
    }

    static FieldAccessor create(Site site, DataType type) {
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
            case StructType s -> throw new ZarrException.BadRequest(null, "a struct is not a leaf field");
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

    /** An empty column of this field for {@code records} records (its kind: see {@link Column}). */
    public abstract Column newColumn(int records);

    /**
     * Copies this field of records {@code first..first+n} into records {@code pos..} of {@code column}.
     *
     * @throws ZarrException.BadRequest when the column is not of this field's kind
     */
    public abstract void copyTo(MemorySegment records, long first, int n, Column column, int pos);

    /**
     * Copies records {@code pos..pos+n} of {@code column} into this field of records {@code first..}.
     *
     * @throws ZarrException.BadRequest when the column is not of this field's kind
     */
    public abstract void copyFrom(Column column, int pos, MemorySegment records, long first, int n);

    /**
     * A column of {@code records} records of this field: {@code values} itself when it is one, else the Java array a
     * column of this field holds ({@code double[]} for float64, ... see {@link Column}) wrapped without a copy.
     *
     * @throws ZarrException.BadRequest when {@code values} is of another type or length
     */
    public final Column column(Object values, long records) {
        Column c = values instanceof Column given ? given : wrap(values);
        if (c == null || !c.type().equals(type) || c.size() != records) {
            throw new ZarrException.BadRequest(null, "field '" + path + "' (" + type.describe() + ") takes a "
                    + arrayType().getSimpleName() + " of " + records * itemsPerRecord() + " values for " + records
                    + " records, not " + describe(values));
        }
        return c;
    }

    private static String describe(Object values) {
        return switch (values) {
            case null -> "null";
            case Column c -> c.getClass().getSimpleName() + " of " + c.type().describe() + " with " + c.size() + " records";
            default -> values.getClass().getSimpleName() + (values.getClass().isArray() ? " of " + Array.getLength(values) : "");
        };
    }

    /** {@code values} as a column when it is the Java array this field's columns hold, else null. */
    abstract Column wrap(Object values);

    /** The Java array this field's columns hold. */
    abstract Class<?> arrayType();

    /** Array items per record: two for complex (re, im), the byte size for raw, else one. */
    int itemsPerRecord() {
        return 1;
    }

    public static final class BoolField extends FieldAccessor {
        BoolField(Site s, DataType t) {
            super(s, t);
        }

        public boolean get(MemorySegment records, long i) {
            return Reads.i8(records, at(i)) != 0;
        }

        /** Stores true as 1, false as 0. */
        public void set(MemorySegment records, long i, boolean v) {
            Reads.i8(records, at(i), (byte) (v ? 1 : 0));
        }

        public void get(MemorySegment records, long first, int n, boolean[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.i8(records, o + k * recordSize) != 0;
            }
        }

        public void set(MemorySegment records, long first, int n, boolean[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.i8(records, o + k * recordSize, (byte) (src[pos + k] ? 1 : 0));
            }
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i) ? 1 : 0;
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return new Json.JBool(get(records, i));
        }

        @Override
        public BoolColumn newColumn(int records) {
            return new BoolColumn(path(), new boolean[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asBools().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asBools().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof boolean[] v ? new BoolColumn(path(), v) : null;
        }

        @Override
        Class<?> arrayType() {
            return boolean[].class;
        }
    }

    /** int8 to uint32: integers whose every value a long holds, so they read as a long, a double and a JSON number alike. */
    public abstract static sealed class IntegerField extends FieldAccessor permits ByteField, ShortField, IntField {
        final CoreType coreType;

        IntegerField(Site s, CoreType t) {
            super(s, t);
            this.coreType = t;
        }

        /** The value, unsigned kinds included. */
        public abstract long getLong(MemorySegment records, long i);

        @Override
        public final double getDouble(MemorySegment records, long i) {
            return getLong(records, i);
        }

        @Override
        public final Json toJson(MemorySegment records, long i) {
            return Json.number(getLong(records, i));
        }
    }

    /** int8 or uint8; {@link #get} gives the raw bits, {@link #getInt} and {@link #getLong} the value. */
    public static final class ByteField extends IntegerField {
        ByteField(Site s, CoreType t) {
            super(s, t);
        }

        /** The stored bits: a uint8 of 255 is -1. */
        public byte get(MemorySegment records, long i) {
            return Reads.i8(records, at(i));
        }

        /** Stores the bits: a uint8 of 255 is the byte -1. */
        public void set(MemorySegment records, long i, byte v) {
            Reads.i8(records, at(i), v);
        }

        public void get(MemorySegment records, long first, int n, byte[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.i8(records, o + k * recordSize);
            }
        }

        public void set(MemorySegment records, long first, int n, byte[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.i8(records, o + k * recordSize, src[pos + k]);
            }
        }

        /** The value: -128..127 for int8, 0..255 for uint8. */
        public int getInt(MemorySegment records, long i) {
            byte v = get(records, i);
            return coreType == CoreType.UINT8 ? Byte.toUnsignedInt(v) : v;
        }

        public long getLong(MemorySegment records, long i) {
            return getInt(records, i);
        }

        @Override
        public ByteColumn newColumn(int records) {
            return new ByteColumn(path(), coreType, new byte[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asBytes().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asBytes().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof byte[] v ? new ByteColumn(path(), coreType, v) : null;
        }

        @Override
        Class<?> arrayType() {
            return byte[].class;
        }
    }

    /** int16 or uint16; {@link #get} gives the raw bits, {@link #getInt} and {@link #getLong} the value. */
    public static final class ShortField extends IntegerField {
        ShortField(Site s, CoreType t) {
            super(s, t);
        }

        /** The stored bits: a uint16 of 65535 is -1. */
        public short get(MemorySegment records, long i) {
            return Reads.i16(records, at(i), little);
        }

        /** Stores the bits: a uint16 of 65535 is the short -1. */
        public void set(MemorySegment records, long i, short v) {
            Reads.i16(records, at(i), little, v);
        }

        public void get(MemorySegment records, long first, int n, short[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.i16(records, o + k * recordSize, little);
            }
        }

        public void set(MemorySegment records, long first, int n, short[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.i16(records, o + k * recordSize, little, src[pos + k]);
            }
        }

        /** The value: -32768..32767 for int16, 0..65535 for uint16. */
        public int getInt(MemorySegment records, long i) {
            short v = get(records, i);
            return coreType == CoreType.UINT16 ? Short.toUnsignedInt(v) : v;
        }

        public long getLong(MemorySegment records, long i) {
            return getInt(records, i);
        }

        @Override
        public ShortColumn newColumn(int records) {
            return new ShortColumn(path(), coreType, new short[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asShorts().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asShorts().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof short[] v ? new ShortColumn(path(), coreType, v) : null;
        }

        @Override
        Class<?> arrayType() {
            return short[].class;
        }
    }

    /** float16 and float32: read as a float, held in a {@link FloatColumn}. */
    public abstract static sealed class FloatValuedField extends FieldAccessor permits HalfField, FloatField {
        private final CoreType coreType;

        FloatValuedField(Site s, CoreType t) {
            super(s, t);
            this.coreType = t;
        }

        public abstract float get(MemorySegment records, long i);

        public abstract void get(MemorySegment records, long first, int n, float[] dst, int pos);

        public abstract void set(MemorySegment records, long first, int n, float[] src, int pos);

        @Override
        public final double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        @Override
        public final FloatColumn newColumn(int records) {
            return new FloatColumn(path(), coreType, new float[records]);
        }

        @Override
        public final void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asFloats().values(), pos);
        }

        @Override
        public final void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asFloats().values(), pos);
        }

        @Override
        final Column wrap(Object values) {
            return values instanceof float[] v ? new FloatColumn(path(), coreType, v) : null;
        }

        @Override
        final Class<?> arrayType() {
            return float[].class;
        }
    }

    /** float16, widened to float (exactly) and narrowed from float to the nearest float16. */
    public static final class HalfField extends FloatValuedField {
        HalfField(Site s, CoreType t) {
            super(s, t);
        }

        public float get(MemorySegment records, long i) {
            return Float.float16ToFloat(Reads.i16(records, at(i), little));
        }

        /** Stores the nearest float16 (ties to even). */
        public void set(MemorySegment records, long i, float v) {
            Reads.i16(records, at(i), little, Float.floatToFloat16(v));
        }

        public void get(MemorySegment records, long first, int n, float[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Float.float16ToFloat(Reads.i16(records, o + k * recordSize, little));
            }
        }

        public void set(MemorySegment records, long first, int n, float[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.i16(records, o + k * recordSize, little, Float.floatToFloat16(src[pos + k]));
            }
        }

        /** Its own shortest decimal: a float16 printed as a float32 would show digits it does not have. */
        @Override
        public Json toJson(MemorySegment records, long i) {
            return FloatJson.of(CoreType.FLOAT16, Reads.i16(records, at(i), little));
        }
    }

    /** int32 or uint32; {@link #get} gives the raw bits, {@link #getLong} the value. */
    public static final class IntField extends IntegerField {
        IntField(Site s, CoreType t) {
            super(s, t);
        }

        /** The stored bits: a uint32 of 4294967295 is -1. */
        public int get(MemorySegment records, long i) {
            return Reads.i32(records, at(i), little);
        }

        /** Stores the bits: a uint32 of 4294967295 is the int -1. */
        public void set(MemorySegment records, long i, int v) {
            Reads.i32(records, at(i), little, v);
        }

        public void get(MemorySegment records, long first, int n, int[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.i32(records, o + k * recordSize, little);
            }
        }

        public void set(MemorySegment records, long first, int n, int[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.i32(records, o + k * recordSize, little, src[pos + k]);
            }
        }

        /** The value: a uint32 as 0..4294967295. */
        public long getLong(MemorySegment records, long i) {
            int v = get(records, i);
            return coreType == CoreType.UINT32 ? Integer.toUnsignedLong(v) : v;
        }

        @Override
        public IntColumn newColumn(int records) {
            return new IntColumn(path(), coreType, new int[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asInts().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asInts().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof int[] v ? new IntColumn(path(), coreType, v) : null;
        }

        @Override
        Class<?> arrayType() {
            return int[].class;
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

        /** Stores the bits: a uint64 of 2^64-1 is the long -1. */
        public final void set(MemorySegment records, long i, long v) {
            Reads.i64(records, at(i), little, v);
        }

        public final void get(MemorySegment records, long first, int n, long[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.i64(records, o + k * recordSize, little);
            }
        }

        public final void set(MemorySegment records, long first, int n, long[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.i64(records, o + k * recordSize, little, src[pos + k]);
            }
        }

        /** The value as an integer of any size: 0..2^64-1 for uint64. */
        public BigInteger getBigInteger(MemorySegment records, long i) {
            long v = get(records, i);
            return unsigned ? Columns.unsigned(v) : BigInteger.valueOf(v);
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

        @Override
        public Column newColumn(int records) {
            return new LongColumn(path(), (CoreType) type(), new long[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asLongs().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asLongs().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof long[] v ? new LongColumn(path(), (CoreType) type(), v) : null;
        }

        @Override
        final Class<?> arrayType() {
            return long[].class;
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

        @Override
        public TimeColumn newColumn(int records) {
            return new TimeColumn(path(), timeType, new long[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asTimes().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asTimes().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof long[] v ? new TimeColumn(path(), timeType, v) : null;
        }
    }

    public static final class FloatField extends FloatValuedField {
        FloatField(Site s, CoreType t) {
            super(s, t);
        }

        public float get(MemorySegment records, long i) {
            return Reads.f32(records, at(i), little);
        }

        public void set(MemorySegment records, long i, float v) {
            Reads.f32(records, at(i), little, v);
        }

        public void get(MemorySegment records, long first, int n, float[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.f32(records, o + k * recordSize, little);
            }
        }

        public void set(MemorySegment records, long first, int n, float[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.f32(records, o + k * recordSize, little, src[pos + k]);
            }
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

        public void set(MemorySegment records, long i, double v) {
            Reads.f64(records, at(i), little, v);
        }

        public void get(MemorySegment records, long first, int n, double[] dst, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                dst[pos + k] = Reads.f64(records, o + k * recordSize, little);
            }
        }

        public void set(MemorySegment records, long first, int n, double[] src, int pos) {
            long o = at(first);
            for (int k = 0; k < n; k++) {
                Reads.f64(records, o + k * recordSize, little, src[pos + k]);
            }
        }

        @Override
        public double getDouble(MemorySegment records, long i) {
            return get(records, i);
        }

        @Override
        public Json toJson(MemorySegment records, long i) {
            return FloatJson.of(CoreType.FLOAT64, Reads.i64(records, at(i), little));
        }

        @Override
        public DoubleColumn newColumn(int records) {
            return new DoubleColumn(path(), new double[records]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asDoubles().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asDoubles().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof double[] v ? new DoubleColumn(path(), v) : null;
        }

        @Override
        Class<?> arrayType() {
            return double[].class;
        }
    }

    /** complex64 or complex128: real and imaginary parts as doubles; bulk copies interleave them (re, im). */
    public static final class ComplexField extends FieldAccessor {
        private final CoreType coreType;
        private final boolean single;

        ComplexField(Site s, CoreType t) {
            super(s, t);
            this.coreType = t;
            this.single = t == CoreType.COMPLEX64;
        }

        public double real(MemorySegment records, long i) {
            return part(records, at(i));
        }

        public double imaginary(MemorySegment records, long i) {
            return part(records, at(i) + byteSize() / 2);
        }

        /** Stores both parts (each rounded to float for complex64). */
        public void set(MemorySegment records, long i, double re, double im) {
            setPart(records, at(i), re);
            setPart(records, at(i) + byteSize() / 2, im);
        }

        public void get(MemorySegment records, long first, int n, double[] dst, int pos) {
            for (int k = 0; k < n; k++) {
                dst[2 * (pos + k)] = real(records, first + k);
                dst[2 * (pos + k) + 1] = imaginary(records, first + k);
            }
        }

        public void set(MemorySegment records, long first, int n, double[] src, int pos) {
            for (int k = 0; k < n; k++) {
                set(records, first + k, src[2 * (pos + k)], src[2 * (pos + k) + 1]);
            }
        }

        private double part(MemorySegment records, long offset) {
            return single ? Reads.f32(records, offset, little) : Reads.f64(records, offset, little);
        }

        private void setPart(MemorySegment records, long offset, double v) {
            if (single) {
                Reads.f32(records, offset, little, (float) v);
            } else {
                Reads.f64(records, offset, little, v);
            }
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

        @Override
        public ComplexColumn newColumn(int records) {
            return new ComplexColumn(path(), coreType, new double[Math.multiplyExact(2, records)]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asComplexes().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asComplexes().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof double[] v && v.length % 2 == 0 ? new ComplexColumn(path(), coreType, v) : null;
        }

        @Override
        Class<?> arrayType() {
            return double[].class;
        }

        @Override
        int itemsPerRecord() {
            return 2;
        }
    }

    /** r&lt;N&gt;: the bytes as stored; bulk copies hold N/8 bytes per record. */
    public static final class RawField extends FieldAccessor {
        private final RawType rawType;

        RawField(Site s, RawType t) {
            super(s, t);
            this.rawType = t;
        }

        public byte[] get(MemorySegment records, long i) {
            return records.asSlice(at(i), byteSize()).toArray(ValueLayout.JAVA_BYTE);
        }

        /**
         * Stores the bytes of one record.
         *
         * @throws ZarrException.BadRequest when {@code v} is not N/8 bytes long
         */
        public void set(MemorySegment records, long i, byte[] v) {
            if (v.length != byteSize()) {
                throw new ZarrException.BadRequest(null, "field '" + path() + "' (" + type().describe() + ") cannot hold " + v.length + " raw bytes");
            }
            MemorySegment.copy(v, 0, records, ValueLayout.JAVA_BYTE, at(i), v.length);
        }

        public void get(MemorySegment records, long first, int n, byte[] dst, int pos) {
            int size = rawType.byteSize();
            for (int k = 0; k < n; k++) {
                MemorySegment.copy(records, ValueLayout.JAVA_BYTE, at(first + k), dst, (pos + k) * size, size);
            }
        }

        public void set(MemorySegment records, long first, int n, byte[] src, int pos) {
            int size = rawType.byteSize();
            for (int k = 0; k < n; k++) {
                MemorySegment.copy(src, (pos + k) * size, records, ValueLayout.JAVA_BYTE, at(first + k), size);
            }
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

        @Override
        public RawColumn newColumn(int records) {
            return new RawColumn(path(), rawType, new byte[Math.multiplyExact(records, rawType.byteSize())]);
        }

        @Override
        public void copyTo(MemorySegment records, long first, int n, Column column, int pos) {
            get(records, first, n, column.asRaw().values(), pos);
        }

        @Override
        public void copyFrom(Column column, int pos, MemorySegment records, long first, int n) {
            set(records, first, n, column.asRaw().values(), pos);
        }

        @Override
        Column wrap(Object values) {
            return values instanceof byte[] v && v.length % rawType.byteSize() == 0 ? new RawColumn(path(), rawType, v) : null;
        }

        @Override
        Class<?> arrayType() {
            return byte[].class;
        }

        @Override
        int itemsPerRecord() {
            return rawType.byteSize();
        }
    }
}
