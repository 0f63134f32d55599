package dev.stride.spark;

import dev.stride.internal.text.FixedText;
import dev.stride.model.CoreType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.execution.vectorized.OffHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.time.Instant;

/**
 * Copies one column out of decoded records into a Spark column vector: a loop by stride over the records, once, with
 * the byte order and the widening of {@link SparkTypes} applied on the way. Fixed-width values are written straight
 * into the off-heap memory of an {@link OffHeapColumnVector} (a probe found a vector reading the records in place
 * slower: Spark's generated code calls vectors through their abstract type); a struct column fills its children.
 */
sealed interface ColumnFill {
    /**
     * Copies {@code count} records of {@code records}, the first at byte {@code base}, into rows {@code row..} of
     * {@code out}. Positions are bytes rather than record indexes so that a shaped field's elements, which start inside
     * a record, are records of its element fill without a slice each.
     */
    void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row);

    /**
     * The fill of a column of type {@code type} at byte {@code offset} of records of {@code recordSize} bytes;
     * {@code column} is the column as Spark wants it (a struct possibly pruned to some of its fields).
     */
    static ColumnFill of(StructField column, dev.stride.model.DataType type, long offset, long recordSize, ByteOrder order) {
        return switch (type) {
            case CoreType c when c.kind() == CoreType.Kind.COMPLEX -> complex(column, c, offset, recordSize, order);
            case CoreType c -> core(c, offset, recordSize, order);
            case TimeType t -> new Times(t, offset, recordSize, order != ByteOrder.LITTLE_ENDIAN, column.name());
            case FixedBytesType b -> new Texts(offset, recordSize, null, column.name(), new byte[b.byteSize()]);
            case FixedStringType t -> new Texts(offset, recordSize, order, column.name(), new byte[t.byteSize()]);
            case SubarrayType a -> array(column, a, 0, offset, recordSize, order);
            case RawType r -> new Bytes(offset, recordSize, new byte[r.byteSize()]);
            case dev.stride.model.StructType s -> struct(column, s, offset, recordSize, order);
        };
    }

    /**
     * Dimension {@code dim} onwards of a shaped field: each record's elements at that level are the rows of the child
     * vector, filled as records of the next level (or of the element type) over the record's bytes.
     */
    private static ColumnFill array(StructField column, SubarrayType type, int dim, long offset, long recordSize, ByteOrder order) {
        int length = type.shape().get(dim);
        long span = type.byteSize();
        for (int d = 0; d < dim; d++) {
            span /= type.shape().get(d);
        }
        long childSize = span / length;
        // the elements keep the column's name, which a refusal of a value among them names
        StructField child = new StructField(column.name(), ((ArrayType) column.dataType()).elementType(), false, Metadata.empty());
        ColumnFill children = dim + 1 < type.shape().size() ? array(child, type, dim + 1, 0, childSize, order)
                : of(child, type.element(), 0, childSize, order);
        return new Shaped(children, length, offset, recordSize);
    }

    private static ColumnFill struct(StructField column, dev.stride.model.StructType type, long offset, long recordSize, ByteOrder order) {
        StructType wanted = (StructType) column.dataType();
        ColumnFill[] children = new ColumnFill[wanted.fields().length];
        for (int i = 0; i < children.length; i++) {
            StructField child = wanted.fields()[i];
            long at = offset;
            dev.stride.model.DataType childType = null;
            for (var f : type.fields()) {
                if (f.name().equals(child.name())) {
                    childType = f.type();
                    break;
                }
                at += f.type().byteSize();
            }
            children[i] = of(child, childType, at, recordSize, order);
        }
        return new Struct(children);
    }

    private static ColumnFill complex(StructField column, CoreType type, long offset, long recordSize, ByteOrder order) {
        StructType wanted = (StructType) column.dataType();
        CoreType part = type.component();
        ColumnFill[] children = new ColumnFill[wanted.fields().length];
        for (int i = 0; i < children.length; i++) {
            long at = offset + (wanted.fields()[i].name().equals("re") ? 0 : part.byteSize());
            children[i] = core(part, at, recordSize, order);
        }
        return new Struct(children);
    }

    private static ColumnFill core(CoreType type, long offset, long recordSize, ByteOrder order) {
        // layouts the JIT sees as constants (static finals): a layout held in a field makes every access a slow call
        boolean swap = order != ByteOrder.LITTLE_ENDIAN;
        // each loop is its own lambda, so the JIT compiles every one for its type alone; the swap test is hoisted
        return switch (type) {
            case BOOL -> new Fixed(offset, recordSize, 1, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.set(ValueLayout.JAVA_BYTE, i, src.get(ValueLayout.JAVA_BYTE, at) == 0 ? (byte) 0 : 1);
                }
            });
            case INT8 -> new Fixed(offset, recordSize, 1, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.set(ValueLayout.JAVA_BYTE, i, src.get(ValueLayout.JAVA_BYTE, at));
                }
            });
            case UINT8 -> new Fixed(offset, recordSize, 2, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, (short) Byte.toUnsignedInt(src.get(ValueLayout.JAVA_BYTE, at)));
                }
            });
            case INT16 -> new Fixed(offset, recordSize, 2, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i, Le.i16(src, at, swap));
                }
            });
            case UINT16 -> new Fixed(offset, recordSize, 4, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, Short.toUnsignedInt(Le.i16(src, at, swap)));
                }
            });
            case FLOAT16 -> new Fixed(offset, recordSize, 4, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_FLOAT_UNALIGNED, i, Float.float16ToFloat(Le.i16(src, at, swap)));
                }
            });
            case INT32 -> new Fixed(offset, recordSize, 4, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, Le.i32(src, at, swap));
                }
            });
            case UINT32 -> new Fixed(offset, recordSize, 8, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, Integer.toUnsignedLong(Le.i32(src, at, swap)));
                }
            });
            case FLOAT32 -> new Fixed(offset, recordSize, 4, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, Le.i32(src, at, swap));
                }
            });
            case INT64, FLOAT64 -> new Fixed(offset, recordSize, 8, (src, at, stride, dst, n) -> {
                for (int i = 0; i < n; i++, at += stride) {
                    dst.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, Le.i64(src, at, swap));
                }
            });
            case UINT64 -> new Unsigned64(offset, recordSize, swap);
            case COMPLEX64, COMPLEX128 -> throw new IllegalArgumentException("complex is a struct of two parts");
        };
    }

    /**
     * Reads of stored values in either byte order through little-endian layouts that are constants. Spark's off-heap
     * vectors hold values in the machine's order: the fills write them with the JDK's native-order layouts.
     */
    final class Le {
        static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
        static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

        private Le() {
        }

        static short i16(MemorySegment src, long at, boolean swap) {
            short v = src.get(SHORT, at);
            return swap ? Short.reverseBytes(v) : v;
        }

        static int i32(MemorySegment src, long at, boolean swap) {
            int v = src.get(INT, at);
            return swap ? Integer.reverseBytes(v) : v;
        }

        static long i64(MemorySegment src, long at, boolean swap) {
            long v = src.get(LONG, at);
            return swap ? Long.reverseBytes(v) : v;
        }
    }

    /** Copies {@code n} values {@code stride} bytes apart from {@code at} in the records to the start of {@code dst}. */
    @FunctionalInterface
    interface StridedCopy {
        void copy(MemorySegment src, long at, long stride, MemorySegment dst, int n);
    }

    /** A column of fixed-width values written into the vector's off-heap memory, {@code width} bytes each. */
    record Fixed(long offset, long recordSize, int width, StridedCopy copy) implements ColumnFill {
        @Override
        @SuppressWarnings("restricted")
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            // the reader makes every vector an OffHeapColumnVector of room for the rows it fills
            long address = ((OffHeapColumnVector) out).valuesNativeAddress() + (long) row * width;
            MemorySegment dst = MemorySegment.ofAddress(address).reinterpret((long) count * width);
            copy.copy(records, base + offset, recordSize, dst, count);
        }
    }

    /** uint64 as decimal(20,0): Spark keeps decimals of 20 digits as the bytes of their unscaled value. */
    record Unsigned64(long offset, long recordSize, boolean swap) implements ColumnFill {
        private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

        @Override
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += recordSize) {
                long v = Le.i64(records, at, swap);
                BigInteger unsigned = v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(TWO_TO_64);
                out.putByteArray(row + i, unsigned.toByteArray());
            }
        }
    }

    /** r<N> as binary, each value copied through {@code value}, one reused array that the vector copies. */
    record Bytes(long offset, long recordSize, byte[] value) implements ColumnFill {
        @Override
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += recordSize) {
                MemorySegment.copy(records, ValueLayout.JAVA_BYTE, at, value, 0, value.length);
                out.putByteArray(row + i, value);
            }
        }
    }

    /**
     * Byte strings as binary without their trailing NULs, UTF-32 text as UTF-8, each encoded straight from the records
     * into {@code value}, one reused array of the field's size that the vector copies; {@code utf32} is the UTF-32
     * units' byte order, null for byte strings.
     */
    record Texts(long offset, long recordSize, ByteOrder utf32, String column, byte[] value) implements ColumnFill {
        @Override
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            int size = value.length;
            MemorySegment valueSegment = MemorySegment.ofArray(value);
            long at = base + offset;
            for (int i = 0; i < count; i++, at += recordSize) {
                int n;
                if (utf32 == null) {
                    n = FixedText.trimmedLength(records, at, size);
                    MemorySegment.copy(records, ValueLayout.JAVA_BYTE, at, value, 0, n);
                } else {
                    n = FixedText.utf8(records, at, size / 4, utf32, valueSegment, 0, column);
                }
                out.putByteArray(row + i, value, 0, n);
            }
        }
    }

    /**
     * A field with a shape as an array column: the elements of row {@code r} are child rows {@code r * length..}. The
     * child vector grows, doubling, once for the run rather than per row.
     */
    record Shaped(ColumnFill children, int length, long offset, long recordSize) implements ColumnFill {
        @Override
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            WritableColumnVector elements = out.arrayData();
            elements.reserve(Math.multiplyExact(row + count, length));
            long at = base + offset;
            for (int i = 0; i < count; i++, at += recordSize) {
                int start = (row + i) * length;
                out.putArray(row + i, start, length);
                children.fill(records, at, length, elements, start);
            }
        }
    }

    /**
     * datetime64 as a timestamp in microseconds (finer units rounded down), timedelta64 as its stored count; NaT as
     * null in both.
     */
    record Times(TimeType type, long offset, long recordSize, boolean swap, String column) implements ColumnFill {
        @Override
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += recordSize) {
                long v = Le.i64(records, at, swap);
                if (v == TimeType.NAT) {
                    out.putNull(row + i);
                } else {
                    out.putLong(row + i, type.datetime() ? micros(v) : v);
                }
            }
        }

        private long micros(long count) {
            try {
                long units = Math.multiplyExact(count, type.scaleFactor());
                return switch (type.unit()) {
                    case "us", "μs" -> units;
                    case "ns" -> Math.floorDiv(units, 1_000L);
                    case "ms" -> Math.multiplyExact(units, 1_000L);
                    case "s" -> Math.multiplyExact(units, 1_000_000L);
                    default -> {
                        Instant t = type.toInstant(count);
                        yield Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000);
                    }
                };
            } catch (ArithmeticException | ZarrException.BadRequest e) {
                if (e instanceof ZarrException.BadRequest b && type.unit().equals("generic")) {
                    // no range error: a generic datetime is no point in time at all, as Stride's reason says
                    throw new ZarrException.BadRequest(null, "column '" + column + "': " + b.reason());
                }
                throw new ZarrException.BadRequest(null, "column '" + column + "' (" + type.describe() + ") holds " + count
                        + ", beyond the range of a Spark timestamp");
            }
        }
    }

    record Struct(ColumnFill[] children) implements ColumnFill {
        @Override
        public void fill(MemorySegment records, long base, int count, WritableColumnVector out, int row) {
            for (int i = 0; i < children.length; i++) {
                children[i].fill(records, base, count, out.getChild(i), row);
            }
        }
    }
}
