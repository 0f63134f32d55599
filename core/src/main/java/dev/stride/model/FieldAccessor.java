package dev.stride.model;

import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Reads and writes one leaf field of record {@code i} in a segment of packed records. Get the accessor of the kind you
 * expect without a cast from {@code array.field("x", DoubleField.class)}, or pattern-match on this sealed family; every
 * accessor comes from a {@code RecordLayout} (Stride implements these interfaces, a user holds them). Each kind has a
 * getter and a setter of one value, and bulk copies between {@code n} consecutive records and a Java array
 * ({@link Copies}). A record index is counted in records from the start of the segment; an index or count beyond it is
 * an {@link IndexOutOfBoundsException}, as for any read of a {@link MemorySegment}.
 *
 * <p>Integers: {@code get} gives the stored bits in the Java type of the same width, so a uint8 of 255 is the byte
 * -1. The value itself, unsigned types included, comes from {@link ByteField#getInt}, {@link ShortField#getInt},
 * {@code getLong} (int8..uint32) and {@link LongField#getBigInteger} (uint64; or keep the bits of {@code get} and use
 * {@link Long#toUnsignedString(long)}, {@link Long#compareUnsigned}, {@link Long#divideUnsigned}). Times are
 * {@link TimeField}s: {@link TimeField#getInstant} and {@link TimeField#getDuration} apply the unit and scale factor.
 * Columns hold what the bulk copies hold (see {@link Column}).
 */
public sealed interface FieldAccessor permits FieldAccessor.BoolField, FieldAccessor.IntegerField,
        FieldAccessor.FloatValuedField, FieldAccessor.LongField, FieldAccessor.DoubleField, FieldAccessor.ComplexField,
        FieldAccessor.RawField, FieldAccessor.ByteStringField, FieldAccessor.StringField, FieldAccessor.ArrayField {

    /** {@return the dotted path from the record root ({@code point.x}); {@code ""} for a plain data type} */
    String path();
    /** {@return the path as exact field names (for names with dots), root first; empty for a plain data type} */
    List<String> segments();
    /** {@return the byte offset of the field in each record} */
    long offset();
    /** {@return the size of one value in bytes} */
    long byteSize();
    /** {@return the leaf type (never a struct)} */
    DataType type();
    /** {@return the order of the multi-byte values of the records this accessor reads} */
    ByteOrder order();
    /** {@return whether {@code get} gives bits that Java reads as signed: true for uint8..uint64} */
    boolean isUnsigned();

    /**
     * The value as a double: numbers converted (uint64 as unsigned), bool as 0 or 1, times as their count.
     * @param records packed records
     * @param i the record's index in {@code records}
     * @return the value of this field of record {@code i}
     * @throws ZarrException.BadRequest for complex and raw fields
     */
    double getDouble(MemorySegment records, long i);

    /**
     * {@return the value in the Zarr v3 fill-value JSON encoding, as {@code stride cat} prints it (floats by bits)}
     * @param records packed records
     * @param i the record's index in {@code records}
     */
    Json toJson(MemorySegment records, long i);

    /**
     * An empty column of this field (its kind: see {@link Column}).
     * @param records how many records the column holds
     * @return a column of zeros (false for bool)
     */
    Column newColumn(int records);

    /**
     * Copies this field of records {@code first..first+n} into records {@code pos..} of {@code column}.
     * @param records packed records
     * @param first the first record copied
     * @param n how many records
     * @param column a column of this field's kind
     * @param pos the column's record that receives record {@code first}
     * @throws ZarrException.BadRequest when the column is not of this field's kind
     */
    void copyTo(MemorySegment records, long first, int n, Column column, int pos);

    /**
     * Copies records {@code pos..pos+n} of {@code column} into this field of records {@code first..}.
     * @param column a column of this field's kind
     * @param pos the column's first record copied
     * @param records packed records, written in place
     * @param first the record that receives the column's record {@code pos}
     * @param n how many records
     * @throws ZarrException.BadRequest when the column is not of this field's kind
     */
    void copyFrom(Column column, int pos, MemorySegment records, long first, int n);

    /**
     * A column of this field: {@code values} itself when it is one, else the Java array a column of this field holds
     * ({@code double[]} for float64, ... see {@link Column}) wrapped without a copy.
     * @param values a column, or the Java array a column of this field holds
     * @param records how many records the column must hold
     * @return the column over {@code values}
     * @throws ZarrException.BadRequest when {@code values} is of another type or length
     */
    Column column(Object values, long records);

    /**
     * Bulk copies between this field of {@code n} consecutive records and a Java array, the one a column of the field
     * holds ({@code double[]} for float64, {@code String[]} for text: see {@link Column}). Most kinds take one item of
     * the array a record; complex numbers two (re, im), raw values and byte strings their byte size; positions count
     * records, whatever a record takes.
     *
     * @param <A> the Java array
     */
    interface Copies<A> {
        /**
         * Copies records {@code first..first+n} into {@code dst}, record {@code first} into record {@code pos} of it.
         * @param records packed records
         * @param first the first record read
         * @param n how many records
         * @param dst where the values go
         * @param pos the record of {@code dst} that receives record {@code first}
         */
        void get(MemorySegment records, long first, int n, A dst, int pos);
        /**
         * Stores records {@code pos..pos+n} of {@code src} into records {@code first..first+n}.
         * @param records packed records, written in place
         * @param first the first record written
         * @param n how many records
         * @param src the values
         * @param pos the record of {@code src} stored into record {@code first}
         */
        void set(MemorySegment records, long first, int n, A src, int pos);
    }

    /** A bool field: stored as one byte, 0 for false and anything else true. */
    non-sealed interface BoolField extends FieldAccessor, Copies<boolean[]> {
        /**
         * The value of one record.
         * @param records packed records
         * @param i the record's index
         * @return whether the stored byte is not 0
         */
        boolean get(MemorySegment records, long i);
        /**
         * Stores true as 1, false as 0.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the value
         */
        void set(MemorySegment records, long i, boolean v);
    }

    /** int8 to uint32: integers whose every value a long holds, so they read as a long, a double and a JSON number alike. */
    sealed interface IntegerField extends FieldAccessor permits ByteField, ShortField, IntField {
        /**
         * The value, unsigned kinds included.
         * @param records packed records
         * @param i the record's index
         * @return the integer stored (a uint32 as 0..4294967295)
         */
        long getLong(MemorySegment records, long i);
    }

    /** int8 or uint8; {@code get} gives the raw bits, {@link #getInt} and {@link #getLong} the value. */
    non-sealed interface ByteField extends IntegerField, Copies<byte[]> {
        /**
         * The stored bits: a uint8 of 255 is -1.
         * @param records packed records
         * @param i the record's index
         * @return the byte stored
         */
        byte get(MemorySegment records, long i);
        /**
         * Stores the bits: a uint8 of 255 is the byte -1.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the bits
         */
        void set(MemorySegment records, long i, byte v);
        /**
         * The value of one record.
         * @param records packed records
         * @param i the record's index
         * @return -128..127 for int8, 0..255 for uint8
         */
        int getInt(MemorySegment records, long i);
    }

    /** int16 or uint16; {@code get} gives the raw bits, {@link #getInt} and {@link #getLong} the value. */
    non-sealed interface ShortField extends IntegerField, Copies<short[]> {
        /**
         * The stored bits: a uint16 of 65535 is -1.
         * @param records packed records
         * @param i the record's index
         * @return the short stored
         */
        short get(MemorySegment records, long i);
        /**
         * Stores the bits: a uint16 of 65535 is the short -1.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the bits
         */
        void set(MemorySegment records, long i, short v);
        /**
         * The value of one record.
         * @param records packed records
         * @param i the record's index
         * @return -32768..32767 for int16, 0..65535 for uint16
         */
        int getInt(MemorySegment records, long i);
    }

    /** int32 or uint32; {@code get} gives the raw bits, {@link #getLong} the value. */
    non-sealed interface IntField extends IntegerField, Copies<int[]> {
        /**
         * The stored bits: a uint32 of 4294967295 is -1.
         * @param records packed records
         * @param i the record's index
         * @return the int stored
         */
        int get(MemorySegment records, long i);
        /**
         * Stores the bits: a uint32 of 4294967295 is the int -1.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the bits
         */
        void set(MemorySegment records, long i, int v);
    }

    /** float16 and float32: read as a float, held in a {@link FloatColumn}. */
    sealed interface FloatValuedField extends FieldAccessor, Copies<float[]> permits HalfField, FloatField {
        /**
         * The value of one record (a float16 widened exactly).
         * @param records packed records
         * @param i the record's index
         * @return the value
         */
        float get(MemorySegment records, long i);
        /**
         * Stores a value (a float16 as the nearest one, ties to even).
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the value
         */
        void set(MemorySegment records, long i, float v);
    }

    /** float16, widened to float (exactly) and narrowed from float to the nearest float16. */
    non-sealed interface HalfField extends FloatValuedField { }

    /** float32. */
    non-sealed interface FloatField extends FloatValuedField { }

    /**
     * int64, uint64 and (as {@link TimeField}) the numpy time types. {@code get} gives the raw bits, which for a
     * uint64 above {@link Long#MAX_VALUE} are negative: {@link #getBigInteger} gives the value, {@link #getDouble} its
     * nearest double, and {@link Long#toUnsignedString(long)} prints the bits without an object per value.
     */
    non-sealed interface LongField extends FieldAccessor, Copies<long[]> {
        /**
         * The stored bits: a uint64 of 2^64-1 is -1.
         * @param records packed records
         * @param i the record's index
         * @return the long stored
         */
        long get(MemorySegment records, long i);
        /**
         * Stores the bits: a uint64 of 2^64-1 is the long -1.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the bits
         */
        void set(MemorySegment records, long i, long v);
        /**
         * The value as an integer of any size.
         * @param records packed records
         * @param i the record's index
         * @return the value: 0..2^64-1 for uint64
         */
        BigInteger getBigInteger(MemorySegment records, long i);
    }

    /**
     * {@code numpy.datetime64} or {@code numpy.timedelta64}: {@code get} gives the stored count of
     * {@code scaleFactor} units ({@link TimeType#NAT} for NaT), {@link #getInstant} and {@link #getDuration} what it
     * stands for.
     */
    interface TimeField extends LongField {
        /** {@return the unit and scale factor} */
        TimeType timeType();
        /**
         * A datetime64 as an instant (see {@link TimeType#toInstant}).
         * @param records packed records
         * @param i the record's index
         * @return the instant, or null for NaT
         * @throws ZarrException.BadRequest for a timedelta64 or the generic unit, or a value beyond {@link Instant}
         */
        Instant getInstant(MemorySegment records, long i);
        /**
         * A timedelta64 as a duration (see {@link TimeType#toDuration}).
         * @param records packed records
         * @param i the record's index
         * @return the duration, or null for NaT
         * @throws ZarrException.BadRequest for a datetime64, the units Y, M and generic, or a value beyond {@link Duration}
         */
        Duration getDuration(MemorySegment records, long i);
    }

    /** float64. */
    non-sealed interface DoubleField extends FieldAccessor, Copies<double[]> {
        /**
         * The value of one record.
         * @param records packed records
         * @param i the record's index
         * @return the value
         */
        double get(MemorySegment records, long i);
        /**
         * Stores a value.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v the value
         */
        void set(MemorySegment records, long i, double v);
    }

    /** complex64 or complex128: real and imaginary parts as doubles; bulk copies interleave them (re, im). */
    non-sealed interface ComplexField extends FieldAccessor, Copies<double[]> {
        /**
         * The real part of one record.
         * @param records packed records
         * @param i the record's index
         * @return the real part
         */
        double real(MemorySegment records, long i);
        /**
         * The imaginary part of one record.
         * @param records packed records
         * @param i the record's index
         * @return the imaginary part
         */
        double imaginary(MemorySegment records, long i);
        /**
         * Stores both parts (each rounded to float for complex64).
         * @param records packed records, written in place
         * @param i the record's index
         * @param re the real part
         * @param im the imaginary part
         */
        void set(MemorySegment records, long i, double re, double im);
    }

    /** r&lt;N&gt;: the bytes as stored; bulk copies hold N/8 bytes per record. */
    non-sealed interface RawField extends FieldAccessor, Copies<byte[]> {
        /**
         * A copy of the bytes of one record.
         * @param records packed records
         * @param i the record's index
         * @return N/8 bytes
         */
        byte[] get(MemorySegment records, long i);
        /**
         * Stores the bytes of one record.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v N/8 bytes
         * @throws ZarrException.BadRequest when {@code v} is not N/8 bytes long
         */
        void set(MemorySegment records, long i, byte[] v);
    }

    /**
     * numpy's {@code S<n>}, zarr-python's {@code null_terminated_bytes}: byte strings of at most n bytes padded with
     * NULs. One value reads without its trailing NULs, as numpy gives it; bulk copies hold the n stored bytes a record.
     */
    non-sealed interface ByteStringField extends FieldAccessor, Copies<byte[]> {
        /**
         * The bytes of one record without trailing NULs (inner NULs stay).
         * @param records packed records
         * @param i the record's index
         * @return at most n bytes
         */
        byte[] get(MemorySegment records, long i);
        /**
         * Stores the bytes of one record, padded with NULs.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v at most n bytes
         * @throws ZarrException.BadRequest when {@code v} is longer than n bytes
         */
        void set(MemorySegment records, long i, byte[] v);
    }

    /**
     * numpy's {@code U<n>}, zarr-python's {@code fixed_length_utf32}: text of at most n code points, each stored as a
     * 4-byte UTF-32 unit in the records' byte order and padded with NULs; a value reads without its trailing NULs.
     */
    non-sealed interface StringField extends FieldAccessor, Copies<String[]> {
        /**
         * The text of one record.
         * @param records packed records
         * @param i the record's index
         * @return the code points up to the trailing NULs
         * @throws ZarrException.CorruptChunk when a stored unit is no Unicode code point
         */
        String get(MemorySegment records, long i);
        /**
         * Stores the text of one record, padded with NULs.
         * @param records packed records, written in place
         * @param i the record's index
         * @param v at most n code points
         * @throws ZarrException.BadRequest when {@code v} has more than n code points
         */
        void set(MemorySegment records, long i, String v);
    }

    /**
     * A field with a shape, numpy's sub-array field ({@code ('pos', '<f4', (3,))}): {@link #elements()} values of one
     * leaf type in C order in each record. Its column holds the elements of every record in turn (see
     * {@link ArrayColumn}); {@link #element(int)} reads one element as a field of its own.
     */
    non-sealed interface ArrayField extends FieldAccessor {
        /** {@return the field's shape, outermost first} */
        List<Integer> shape();
        /** {@return the values per record: the product of the shape} */
        int elements();
        /**
         * The accessor of one element, by its index in C order; its {@code path()} is this field's with the element's
         * index in each dimension appended, as numpy indexes it ({@code pos[2]}, {@code p[1][0]}).
         * @param k the element's index, 0 to {@code elements() - 1}
         * @return a leaf accessor of the element type
         * @throws IndexOutOfBoundsException when {@code k} is out of range
         */
        FieldAccessor element(int k);
    }
}
