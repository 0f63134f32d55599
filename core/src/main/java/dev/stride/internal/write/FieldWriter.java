package dev.stride.internal.write;

import dev.stride.model.ZarrException;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.RawType;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;

/**
 * Sets one leaf field of record {@code i} in a segment of packed records, in the array's stored byte order: the
 * writing side of {@link FieldAccessor}. Numbers convert as Java casts do (uint fields take their raw bits); a field
 * that cannot hold the value (a number into raw bytes) is refused.
 */
public final class FieldWriter {
    private enum Kind { BOOL, BYTE, SHORT, HALF, INT, LONG, FLOAT, DOUBLE, COMPLEX64, COMPLEX128, RAW }

    private final String node;
    private final FieldAccessor field;
    private final Kind kind;
    private final long offset;
    private final long recordSize;
    private final ValueLayout.OfShort shorts;
    private final ValueLayout.OfInt ints;
    private final ValueLayout.OfLong longs;
    private final ValueLayout.OfFloat floats;
    private final ValueLayout.OfDouble doubles;

    public FieldWriter(String node, FieldAccessor field, long recordSize) {
        this.node = node;
        this.field = field;
        this.kind = kindOf(field);
        this.offset = field.offset();
        this.recordSize = recordSize;
        this.shorts = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(field.order());
        this.ints = ValueLayout.JAVA_INT_UNALIGNED.withOrder(field.order());
        this.longs = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(field.order());
        this.floats = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(field.order());
        this.doubles = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(field.order());
    }

    private static Kind kindOf(FieldAccessor field) {
        return switch (field.type()) {
            case CoreType c -> switch (c) {
                case BOOL -> Kind.BOOL;
                case INT8, UINT8 -> Kind.BYTE;
                case INT16, UINT16 -> Kind.SHORT;
                case FLOAT16 -> Kind.HALF;
                case INT32, UINT32 -> Kind.INT;
                case INT64, UINT64 -> Kind.LONG;
                case FLOAT32 -> Kind.FLOAT;
                case FLOAT64 -> Kind.DOUBLE;
                case COMPLEX64 -> Kind.COMPLEX64;
                case COMPLEX128 -> Kind.COMPLEX128;
            };
            case TimeType t -> Kind.LONG;
            case RawType r -> Kind.RAW;
            default -> throw new IllegalArgumentException("a struct is not a leaf field");
        };
    }

    /** Dotted path from the record root; {@code ""} for a plain array. */
    public String path() {
        return field.path();
    }

    private long at(long i) {
        return i * recordSize + offset;
    }

    /** Integers, times and bools (non-zero is true) exactly; floats and complex numbers (real part) converted. */
    public void setLong(MemorySegment records, long i, long v) {
        switch (kind) {
            case BOOL -> records.set(ValueLayout.JAVA_BYTE, at(i), (byte) (v != 0 ? 1 : 0));
            case BYTE -> records.set(ValueLayout.JAVA_BYTE, at(i), (byte) v);
            case SHORT -> records.set(shorts, at(i), (short) v);
            case INT -> records.set(ints, at(i), (int) v);
            case LONG -> records.set(longs, at(i), v);
            case HALF, FLOAT, DOUBLE, COMPLEX64, COMPLEX128 -> setDouble(records, i, v);
            case RAW -> throw refused("a number");
        }
    }

    /** Floats exactly (float16 rounded to nearest), complex numbers as their real part; integers as {@code (long) v}. */
    public void setDouble(MemorySegment records, long i, double v) {
        switch (kind) {
            case HALF -> records.set(shorts, at(i), Float.floatToFloat16((float) v));
            case FLOAT -> records.set(floats, at(i), (float) v);
            case DOUBLE -> records.set(doubles, at(i), v);
            case COMPLEX64, COMPLEX128 -> setComplex(records, i, v, 0);
            default -> setLong(records, i, (long) v);
        }
    }

    public void setBoolean(MemorySegment records, long i, boolean v) {
        setLong(records, i, v ? 1 : 0);
    }

    public void setComplex(MemorySegment records, long i, double re, double im) {
        switch (kind) {
            case COMPLEX64 -> {
                records.set(floats, at(i), (float) re);
                records.set(floats, at(i) + 4, (float) im);
            }
            case COMPLEX128 -> {
                records.set(doubles, at(i), re);
                records.set(doubles, at(i) + 8, im);
            }
            default -> throw refused("a complex number");
        }
    }

    /** The bytes of an {@code r<N>} field, as stored. */
    public void setBytes(MemorySegment records, long i, byte[] v) {
        if (kind != Kind.RAW || v.length != field.byteSize()) {
            throw refused(v.length + " raw bytes");
        }
        MemorySegment.copy(v, 0, records, ValueLayout.JAVA_BYTE, at(i), v.length);
    }

    private ZarrException refused(String what) {
        return new ZarrException.BadRequest(node, "field '" + path() + "' (" + field.type().describe() + ") cannot hold " + what);
    }

    /** The natural Java array of this field, as {@code ZarrArray.read} returns it. */
    Class<?> columnType() {
        return switch (kind) {
            case BOOL -> boolean[].class;
            case BYTE, RAW -> byte[].class;
            case SHORT -> short[].class;
            case HALF, FLOAT -> float[].class;
            case INT -> int[].class;
            case LONG -> long[].class;
            case DOUBLE, COMPLEX64, COMPLEX128 -> double[].class;
        };
    }

    /** Array items per record: two for complex (re, im), the byte size for raw, else one. */
    int itemsPerRecord() {
        return switch (kind) {
            case COMPLEX64, COMPLEX128 -> 2;
            case RAW -> (int) field.byteSize();
            default -> 1;
        };
    }

    /** Refuses a column of the wrong type or length for {@code records} records. */
    public void checkColumn(Object column, long records) {
        long items = records * itemsPerRecord();
        if (column == null || column.getClass() != columnType() || Array.getLength(column) != items) {
            String got = column == null ? "null" : column.getClass().getSimpleName() + " of " + Array.getLength(column);
            throw new ZarrException.BadRequest(node, "field '" + path() + "' (" + field.type().describe() + ") takes a "
                    + columnType().getSimpleName() + " of " + items + " values for " + records + " records, not " + got);
        }
    }

    /** Copies records {@code from..from+count} of a checked column into records {@code first..} of {@code records}. */
    public void copyColumn(Object column, int from, MemorySegment records, long first, long count) {
        int n = (int) count;
        switch (kind) {
            case BOOL -> {
                boolean[] a = (boolean[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(ValueLayout.JAVA_BYTE, at(first + k), (byte) (a[from + k] ? 1 : 0));
                }
            }
            case BYTE -> {
                byte[] a = (byte[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(ValueLayout.JAVA_BYTE, at(first + k), a[from + k]);
                }
            }
            case SHORT -> {
                short[] a = (short[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(shorts, at(first + k), a[from + k]);
                }
            }
            case HALF -> {
                float[] a = (float[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(shorts, at(first + k), Float.floatToFloat16(a[from + k]));
                }
            }
            case INT -> {
                int[] a = (int[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(ints, at(first + k), a[from + k]);
                }
            }
            case LONG -> {
                long[] a = (long[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(longs, at(first + k), a[from + k]);
                }
            }
            case FLOAT -> {
                float[] a = (float[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(floats, at(first + k), a[from + k]);
                }
            }
            case DOUBLE -> {
                double[] a = (double[]) column;
                for (int k = 0; k < n; k++) {
                    records.set(doubles, at(first + k), a[from + k]);
                }
            }
            case COMPLEX64, COMPLEX128 -> {
                double[] a = (double[]) column;
                for (int k = 0; k < n; k++) {
                    setComplex(records, first + k, a[2 * (from + k)], a[2 * (from + k) + 1]);
                }
            }
            case RAW -> {
                int size = (int) field.byteSize();
                for (int k = 0; k < n; k++) {
                    MemorySegment.copy((byte[]) column, (from + k) * size, records, ValueLayout.JAVA_BYTE, at(first + k), size);
                }
            }
        }
    }
}
