package dev.stride.arrow;

import dev.stride.model.CoreType;
import dev.stride.internal.text.FixedText;
import dev.stride.model.DataType;
import dev.stride.model.FixedBytesType;
import dev.stride.model.FixedStringType;
import dev.stride.model.RawType;
import dev.stride.model.StructType;
import dev.stride.model.SubarrayType;
import dev.stride.model.TimeType;
import dev.stride.model.ZarrException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Copies one column out of decoded records into an Arrow vector: a loop by stride over the records, once, straight
 * into the vector's off-heap buffers. Arrow is little-endian, so big-endian records are swapped on the way. Each
 * batch first {@link #bind}s the fill to the vector's buffers as they are after sizing, then copies runs of records
 * into rows in any order (a region's rows come unit by unit).
 */
abstract sealed class VectorFill {
    private static final ValueLayout.OfShort LE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong BE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    final FieldVector vector;
    /** Byte offset of the value in a record, and the record's size. */
    final long offset;
    final long stride;
    MemorySegment data;
    MemorySegment validity;

    VectorFill(FieldVector vector, long offset, long stride) {
        this.vector = vector;
        this.offset = offset;
        this.stride = stride;
    }

    /**
     * {@code count} records of {@code records}, the first at byte {@code base}, into rows {@code row..row+count-1}.
     * Positions are bytes rather than record indexes so that a shaped field's elements, which start inside a record,
     * are records of its element fill without a slice each.
     */
    abstract void copy(MemorySegment records, long base, int count, int row);

    /**
     * Takes the vector's buffers for a batch of {@code rows} rows (the vector already holds that many); every row is
     * valid unless a copy says otherwise.
     */
    void bind(int rows) {
        data = segment(vector.getDataBuffer());
        bindValidity(rows);
    }

    final void bindValidity(int rows) {
        validity = segment(vector.getValidityBuffer());
        validity.asSlice(0, (rows + 7) / 8).fill((byte) -1);
    }

    /** Arrow's buffer as a segment: Arrow allocated it and keeps it alive while the vector holds it (restricted). */
    @SuppressWarnings("restricted")
    static MemorySegment segment(ArrowBuf buf) {
        return MemorySegment.ofAddress(buf.memoryAddress()).reinterpret(buf.capacity());
    }

    /** The fill of {@code vector} (made from {@link ArrowTypes#field}) from values of {@code type} at {@code offset}. */
    static VectorFill of(FieldVector vector, DataType type, long offset, long recordSize, ByteOrder order) {
        boolean swap = order != ByteOrder.LITTLE_ENDIAN;
        return switch (type) {
            case StructType s -> {
                List<FieldVector> children = ((StructVector) vector).getChildrenFromFields();
                VectorFill[] fills = new VectorFill[children.size()];
                long at = offset;
                for (int i = 0; i < fills.length; i++) {
                    DataType child = s.fields().get(i).type();
                    fills[i] = of(children.get(i), child, at, recordSize, order);
                    at += child.byteSize();
                }
                yield new Struct(vector, fills);
            }
            case CoreType c when c.kind() == CoreType.Kind.COMPLEX -> {
                List<FieldVector> parts = ((StructVector) vector).getChildrenFromFields();
                CoreType part = c.component();
                yield new Struct(vector, new VectorFill[]{
                        of(parts.get(0), part, offset, recordSize, order),
                        of(parts.get(1), part, offset + part.byteSize(), recordSize, order)});
            }
            case CoreType c when c == CoreType.BOOL -> new Bits(vector, offset, recordSize);
            case CoreType c -> fixed(vector, c.byteSize(), offset, recordSize, swap);
            case FixedBytesType b -> new Texts(vector, offset, recordSize, b.byteSize(), null);
            case FixedStringType t -> new Texts(vector, offset, recordSize, t.byteSize(), order);
            case SubarrayType a -> shaped(vector, a, 0, offset, recordSize, order);
            case RawType r -> new Bytes(vector, offset, recordSize, r.byteSize());
            case TimeType t -> {
                TimeConversion conversion = TimeConversion.of(t);
                yield conversion.identity() && !swap ? new Times(vector, offset, recordSize, null, false)
                        : new Times(vector, offset, recordSize, conversion, swap);
            }
        };
    }

    /**
     * Dimension {@code dim} onwards of a shaped field: row {@code r}'s list holds child rows {@code r * length..},
     * filled as records of the next level (or of the element type) over the record's bytes.
     */
    private static VectorFill shaped(FieldVector vector, SubarrayType type, int dim, long offset,
                                     long recordSize, ByteOrder order) {
        int length = type.shape().get(dim);
        long span = type.byteSize();
        for (int d = 0; d < dim; d++) {
            span /= type.shape().get(d);
        }
        FieldVector items = ((FixedSizeListVector) vector).getDataVector();
        VectorFill children = dim + 1 < type.shape().size() ? shaped(items, type, dim + 1, 0, span / length, order)
                : of(items, type.element(), 0, span / length, order);
        return new Lists(vector, offset, recordSize, length, children);
    }

    /** Called when every row of the batch is copied: a fill that staged its rows writes them into the vector. */
    void finish(int rows) {
    }

    private static VectorFill fixed(FieldVector vector, int width, long offset, long stride, boolean swap) {
        // one loop per width and byte order, each over constant layouts, so the JIT compiles every one on its own
        return switch (width) {
            case 1 -> new Fixed(vector, offset, stride, (src, at, step, dst, row, n) -> {
                for (int i = 0; i < n; i++, at += step) {
                    dst.set(ValueLayout.JAVA_BYTE, row + i, src.get(ValueLayout.JAVA_BYTE, at));
                }
            });
            case 2 -> new Fixed(vector, offset, stride, swap
                    ? (src, at, step, dst, row, n) -> {
                        for (int i = 0; i < n; i++, at += step) {
                            dst.setAtIndex(LE_SHORT, row + i, src.get(BE_SHORT, at));
                        }
                    }
                    : (src, at, step, dst, row, n) -> {
                        for (int i = 0; i < n; i++, at += step) {
                            dst.setAtIndex(LE_SHORT, row + i, src.get(LE_SHORT, at));
                        }
                    });
            case 4 -> new Fixed(vector, offset, stride, swap
                    ? (src, at, step, dst, row, n) -> {
                        for (int i = 0; i < n; i++, at += step) {
                            dst.setAtIndex(LE_INT, row + i, src.get(BE_INT, at));
                        }
                    }
                    : (src, at, step, dst, row, n) -> {
                        for (int i = 0; i < n; i++, at += step) {
                            dst.setAtIndex(LE_INT, row + i, src.get(LE_INT, at));
                        }
                    });
            case 8 -> new Fixed(vector, offset, stride, swap
                    ? (src, at, step, dst, row, n) -> {
                        for (int i = 0; i < n; i++, at += step) {
                            dst.setAtIndex(LE_LONG, row + i, src.get(BE_LONG, at));
                        }
                    }
                    : (src, at, step, dst, row, n) -> {
                        for (int i = 0; i < n; i++, at += step) {
                            dst.setAtIndex(LE_LONG, row + i, src.get(LE_LONG, at));
                        }
                    });
            default -> throw new IllegalArgumentException("no fixed-width copy of " + width + " bytes");
        };
    }

    /** A strided copy of {@code n} values from byte {@code at} of {@code src}, every {@code step} bytes, to rows {@code row..}. */
    @FunctionalInterface
    private interface Kernel {
        void copy(MemorySegment src, long at, long step, MemorySegment dst, int row, int n);
    }

    private static final class Fixed extends VectorFill {
        private final Kernel kernel;

        Fixed(FieldVector vector, long offset, long stride, Kernel kernel) {
            super(vector, offset, stride);
            this.kernel = kernel;
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            kernel.copy(records, base + offset, stride, data, row, count);
        }
    }

    /** bool: one bit per value, least significant first. */
    private static final class Bits extends VectorFill {
        Bits(FieldVector vector, long offset, long stride) {
            super(vector, offset, stride);
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += stride) {
                int bit = row + i;
                byte b = data.get(ValueLayout.JAVA_BYTE, bit >>> 3);
                int mask = 1 << (bit & 7);
                b = (byte) (records.get(ValueLayout.JAVA_BYTE, at) != 0 ? b | mask : b & ~mask);
                data.set(ValueLayout.JAVA_BYTE, bit >>> 3, b);
            }
        }
    }

    /** r&lt;N&gt;: the bytes as they are. */
    private static final class Bytes extends VectorFill {
        private final int width;

        Bytes(FieldVector vector, long offset, long stride, int width) {
            super(vector, offset, stride);
            this.width = width;
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += stride) {
                MemorySegment.copy(records, at, data, (long) (row + i) * width, width);
            }
        }
    }

    /** datetime64 and timedelta64: NaT as null, other counts converted to the Arrow unit (null: as they are). */
    private static final class Times extends VectorFill {
        private final TimeConversion conversion;
        private final boolean swap;

        Times(FieldVector vector, long offset, long stride, TimeConversion conversion, boolean swap) {
            super(vector, offset, stride);
            this.conversion = conversion;
            this.swap = swap;
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += stride) {
                long v = src(records, at);
                int r = row + i;
                if (v == TimeType.NAT) {
                    byte b = validity.get(ValueLayout.JAVA_BYTE, r >>> 3);
                    validity.set(ValueLayout.JAVA_BYTE, r >>> 3, (byte) (b & ~(1 << (r & 7))));
                    v = 0;
                } else if (conversion != null) {
                    v = converted(v);
                }
                data.setAtIndex(LE_LONG, r, v);
            }
        }

        private long src(MemorySegment records, long at) {
            return swap ? records.get(BE_LONG, at) : records.get(LE_LONG, at);
        }

        private long converted(long count) {
            try {
                return conversion.convert(count);
            } catch (ArithmeticException e) {
                throw new ZarrException.BadRequest(null, conversion.type().describe() + " value " + count + " of column '"
                        + vector.getName() + "' is beyond what Arrow's " + conversion.arrowType() + " holds");
            }
        }
    }

    /**
     * Byte strings as binary without trailing NULs, UTF-32 text as UTF-8, written straight into the vector's buffers.
     * A variable-width vector is laid out in row order, but runs come in any order and on several threads: each row
     * goes to a slot of its own in the data buffer, as large as the stored value (which its UTF-8 never exceeds), its
     * length is parked in the offsets, and {@link #finish} closes the gaps between the slots in row order.
     */
    private static final class Texts extends VectorFill {
        private final int size;
        /** The UTF-32 units' byte order; null for byte strings. */
        private final ByteOrder utf32;
        private MemorySegment offsets;

        Texts(FieldVector vector, long offset, long stride, int size, ByteOrder utf32) {
            super(vector, offset, stride);
            this.size = size;
            this.utf32 = utf32;
        }

        @Override
        void bind(int rows) {
            BaseVariableWidthVector out = (BaseVariableWidthVector) vector;
            long slots = (long) rows * size;
            if (out.getDataBuffer().capacity() < slots) {
                out.reallocDataBuffer(slots);
            }
            super.bind(rows);
            offsets = segment(out.getOffsetBuffer());
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += stride) {
                int r = row + i;
                long slot = (long) r * size;
                int n;
                if (utf32 == null) {
                    n = FixedText.trimmedLength(records, at, size);
                    MemorySegment.copy(records, at, data, slot, n);
                } else {
                    n = FixedText.utf8(records, at, size / 4, utf32, data, slot, vector.getName());
                }
                offsets.set(LE_INT, 4L * (r + 1), n);
            }
        }

        @Override
        void finish(int rows) {
            int end = 0;
            offsets.set(LE_INT, 0, 0);
            for (int r = 0; r < rows; r++) {
                int n = offsets.get(LE_INT, 4L * (r + 1));
                long slot = (long) r * size;
                if (slot != end) {
                    // slots only move down, each over its own or earlier room
                    MemorySegment.copy(data, slot, data, end, n);
                }
                end += n;
                offsets.set(LE_INT, 4L * (r + 1), end);
            }
            ((BaseVariableWidthVector) vector).setLastSet(rows - 1);
        }
    }

    /** A shaped field: every row a valid list of {@code length} child rows taken from the record's bytes. */
    private static final class Lists extends VectorFill {
        private final int length;
        private final VectorFill children;

        Lists(FieldVector vector, long offset, long stride, int length, VectorFill children) {
            super(vector, offset, stride);
            this.length = length;
            this.children = children;
        }

        @Override
        void bind(int rows) {
            bindValidity(rows);
            children.bind(Math.multiplyExact(rows, length));
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            long at = base + offset;
            for (int i = 0; i < count; i++, at += stride) {
                children.copy(records, at, length, (row + i) * length);
            }
        }

        @Override
        void finish(int rows) {
            children.finish(rows * length);
        }
    }

    /** A struct (or complex number): every row valid, the children filled field by field. */
    private static final class Struct extends VectorFill {
        private final VectorFill[] children;

        Struct(FieldVector vector, VectorFill[] children) {
            super(vector, 0, 0);
            this.children = children;
        }

        @Override
        void bind(int rows) {
            bindValidity(rows);
            for (VectorFill c : children) {
                c.bind(rows);
            }
        }

        @Override
        void copy(MemorySegment records, long base, int count, int row) {
            for (VectorFill c : children) {
                c.copy(records, base, count, row);
            }
        }

        @Override
        void finish(int rows) {
            for (VectorFill c : children) {
                c.finish(rows);
            }
        }
    }
}
