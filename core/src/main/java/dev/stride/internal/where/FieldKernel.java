package dev.stride.internal.where;

import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The running statistics of one field over blocks of records, in the keys of its {@link Source}: a loop per kind of
 * field, reading in place through a little-endian {@link ByteBuffer} view of the block (a big-endian field's bytes
 * reversed after the read), one call per block. Each kind is a class of its own, called through one virtual call per
 * block, so that the JIT compiles each loop alone, small and soon.
 * <p>
 * A writer runs these in every process that stores chunks, mostly cold, so what they cost before the JIT has compiled
 * them counts as much as after: a buffer's reads are plain calls, which the interpreter and the profiling first
 * compilation run faster than a var handle's, and which the JIT compiles sooner (one read per width, the byte order a
 * swap after it, where a var handle per order inlined both); once compiled, either is a single load.
 */
abstract sealed class FieldKernel {
    final int offset;
    final int stride;
    final boolean little;
    long count;
    long missing;
    long min;
    long max;

    FieldKernel(FieldAccessor f, int stride) {
        this.offset = Math.toIntExact(f.offset());
        this.stride = stride;
        this.little = f.order() == ByteOrder.LITTLE_ENDIAN;
        reset();
    }

    /** The kernel of a field {@link Source#of} accepts, for records of {@code stride} bytes. */
    static FieldKernel of(Source source, int stride) {
        FieldAccessor f = source.f();
        return switch (source) {
            case Source.Reals r when f instanceof FieldAccessor.DoubleField -> Ordered.real(f, stride, true);
            case Source.Reals r when f.type() == CoreType.FLOAT32 -> Ordered.real(f, stride, false);
            case Source.Longs l -> Ordered.integer(f, stride, l.f().isUnsigned());
            case Source.Times t -> Ordered.time(f, stride);
            case Source.Bools b -> new Bools(f, stride);
            case Source.Integers i -> new Narrow(f, stride, (CoreType) f.type());
            default -> new Any(source, stride);
        };
    }

    /**
     * Adds the {@code n} records {@code bytes} holds from its index 0 on; {@code first} is the first one's index in
     * {@code records}, the segment {@code bytes} views (for a kernel that reads through the field's accessor).
     */
    abstract void block(ByteBuffer bytes, int n, MemorySegment records, long first);

    /** {@return the field's summary since the last call, which starts a new unit} */
    Summary finish() {
        Summary s = new Summary(count, missing, min, max);
        reset();
        return s;
    }

    private void reset() {
        count = 0;
        missing = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
    }

    /** Adds a block's counts and the keys of its extremes (unless it had no value other than NaN or NaT). */
    final void merge(int n, long nan, long lo, long hi) {
        count += n;
        missing += nan;
        if (nan < n) {
            min = Math.min(min, lo);
            max = Math.max(max, hi);
        }
    }

    /**
     * float64, float32, int64, uint64 and times, as ordered 64-bit keys, one loop for all five so that there is one to
     * keep fast. A float's bits with the sign's complement applied to the rest order as the values do, so each value
     * costs two integer tests (floating ones cost several times more); only {@code -0.0} orders apart from {@code 0.0}
     * so, and {@link #key} makes the extremes keys of {@link Source#floatKey}, where it is one. uint64 is flipped into
     * signed order. NaN and NaT both become {@link #MISSING}, counted instead of compared: no float's ordered bits are
     * that, and NaT is its value.
     */
    static final class Ordered extends FieldKernel {
        private static final long MISSING = Long.MIN_VALUE;
        private final boolean wide;
        private final boolean real;
        private final boolean missable;
        private final long flip;

        private Ordered(FieldAccessor f, int stride, boolean wide, boolean real, boolean missable, long flip) {
            super(f, stride);
            this.wide = wide;
            this.real = real;
            this.missable = missable;
            this.flip = flip;
        }

        static Ordered real(FieldAccessor f, int stride, boolean wide) {
            return new Ordered(f, stride, wide, true, true, 0);
        }

        static Ordered integer(FieldAccessor f, int stride, boolean unsigned) {
            return new Ordered(f, stride, true, false, false, unsigned ? Long.MIN_VALUE : 0);
        }

        static Ordered time(FieldAccessor f, int stride) {
            return new Ordered(f, stride, true, false, true, 0);
        }

        @Override
        void block(ByteBuffer bytes, int n, MemorySegment records, long first) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            long missed = 0;
            int o = offset;
            for (int i = 0; i < n; i++, o += stride) {
                long bits = wide ? (little ? bytes.getLong(o) : Long.reverseBytes(bytes.getLong(o)))
                        : (little ? bytes.getInt(o) : Integer.reverseBytes(bytes.getInt(o)));
                long k = !real ? bits ^ flip : wide ? ordered(bits) : ordered((int) bits);
                if (k == MISSING && missable) {
                    missed++;
                    continue;
                }
                if (k < lo) lo = k;
                if (k > hi) hi = k;
            }
            merge(n, missed, key(lo), key(hi));
        }

        private static long ordered(long bits) {
            return (bits & Long.MAX_VALUE) > 0x7ff0_0000_0000_0000L ? MISSING : bits ^ ((bits >> 63) & Long.MAX_VALUE);
        }

        private static long ordered(int bits) {
            return (bits & Integer.MAX_VALUE) > 0x7f80_0000 ? MISSING : bits ^ ((bits >> 31) & Integer.MAX_VALUE);
        }

        /** The key of the value an ordered key stands for (unused when the block had only NaN or NaT). */
        private long key(long ordered) {
            if (!real) {
                return ordered;
            }
            if (wide) {
                return Source.floatKey(Double.longBitsToDouble(ordered ^ ((ordered >> 63) & Long.MAX_VALUE)));
            }
            int bits = (int) ordered;
            return Source.floatKey(Float.intBitsToFloat(bits ^ ((bits >> 31) & Integer.MAX_VALUE)));
        }
    }

    /**
     * int8 to uint32, by value: the read of the field's width is chosen by a test the loop never changes, which the JIT
     * takes out of it; {@code mask} keeps the low bits of an unsigned value, all of a signed one.
     */
    static final class Narrow extends FieldKernel {
        private final int width;
        private final long mask;

        Narrow(FieldAccessor f, int stride, CoreType type) {
            super(f, stride);
            this.width = type.byteSize();
            this.mask = switch (type) {
                case UINT8 -> 0xFFL;
                case UINT16 -> 0xFFFFL;
                case UINT32 -> 0xFFFF_FFFFL;
                default -> -1L;
            };
        }

        @Override
        void block(ByteBuffer bytes, int n, MemorySegment records, long first) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            int o = offset;
            for (int i = 0; i < n; i++, o += stride) {
                long v = switch (width) {
                    case 1 -> bytes.get(o);
                    case 2 -> little ? bytes.getShort(o) : Short.reverseBytes(bytes.getShort(o));
                    default -> little ? bytes.getInt(o) : Integer.reverseBytes(bytes.getInt(o));
                } & mask;
                if (v < lo) lo = v;
                if (v > hi) hi = v;
            }
            merge(n, 0, lo, hi);
        }
    }

    /** bool: any byte but 0 is the key 1, as the field's accessor reads it. */
    static final class Bools extends FieldKernel {
        Bools(FieldAccessor f, int stride) {
            super(f, stride);
        }

        @Override
        void block(ByteBuffer bytes, int n, MemorySegment records, long first) {
            long any = 0;
            long all = 1;
            int o = offset;
            for (int i = 0; i < n; i++, o += stride) {
                long v = bytes.get(o) != 0 ? 1 : 0;
                any |= v;
                all &= v;
            }
            merge(n, 0, all, any);
        }
    }

    /** Any other field (float16) through its source, a call per value. */
    static final class Any extends FieldKernel {
        private final Source source;

        Any(Source source, int stride) {
            super(source.f(), stride);
            this.source = source;
        }

        @Override
        void block(ByteBuffer bytes, int n, MemorySegment records, long first) {
            long lo = Long.MAX_VALUE;
            long hi = Long.MIN_VALUE;
            long nan = 0;
            for (long i = first; i < first + n; i++) {
                long k = source.key(records, i, null);
                if (source.missing(k)) {
                    nan++;
                } else {
                    lo = Math.min(lo, k);
                    hi = Math.max(hi, k);
                }
            }
            merge(n, nan, lo, hi);
        }
    }
}
