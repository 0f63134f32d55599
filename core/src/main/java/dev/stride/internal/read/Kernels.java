package dev.stride.internal.read;

import dev.stride.internal.base.Reads;
import dev.stride.internal.field.Accessor;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * The hot loops: one field of {@code n} consecutive records read in place by stride through {@link Reads} (constant
 * var handles) into a {@link FieldTotal}. They are written for few instructions per record, so that memory rather than
 * the core bounds a scan:
 * <ul>
 *   <li>int loop counters and a running offset: no multiply per record, and the JIT's safepoint poll leaves the loop;
 *   <li>min and max updated behind a test that is almost never true (a new extreme is rare): no conditional move or
 *       NaN-aware {@link Math#min(double, double)} on the loop's critical path for every value;
 *   <li>float sums in four accumulators, so the loop is not bound by the latency of one add;
 *   <li>a block whose float sum is not finite is added again value by value, so NaN and infinities cost the fast loop
 *       nothing;
 *   <li>one loop per type: a switch on the type per value costs more than the value;
 *   <li>records read in groups, each started by one read {@link #AHEAD_BYTES} further on, so memory is read ahead of
 *       the loop (a prefetch, which Java has not), when asked for ({@link KernelPrefetch}).
 * </ul>
 * The machine code of a kernel shows whether these hold on a JVM: {@code bench/disasm.py} prints it. When asked for
 * and able to ({@link SimdKernels}), the float64, float32, int64 and int32 loops (not times) of records up to 28 bytes
 * (30 for 4-byte fields) run as {@link VectorKernels} instead, with the same results to the bit.
 */
public final class Kernels {
    /**
     * How far ahead of its loop a kernel reads one byte per {@link #GROUP} records: far enough that the read is still
     * in flight while the loop works on the records before, and the distance that lost on no machine where reads ahead
     * paid (bench/results/2026-12-02-issue18-readahead.md, bench/results/2026-12-02-issue18-zen3.md).
     */
    private static final long AHEAD_BYTES = 16 << 10;
    /**
     * Whether the loops read ahead at all ({@link KernelPrefetch}); a constant, so that the JIT folds it and the loops
     * without reads ahead run each block as one group, which compiled better here than the same loops written flat
     * (bench/results/2026-12-04-kernel-switches.md, section 2).
     */
    static final boolean READS_AHEAD = KernelPrefetch.enabled();
    /** Whether float64, float32, int64 and int32 fields of short records run as vectors ({@link SimdKernels}). */
    static final boolean VECTORS = SimdKernels.enabled();
    /**
     * Records per read ahead, a constant, because shorter groups leave the JIT's unrolled loop mostly in its pre- and
     * post-loops (bench/results/2026-12-02-issue18-readahead.md, section 2). The byte read goes to the total at once,
     * not to a local, so that the loop keeps no more values live than before.
     */
    static final int GROUP = 64;
    /** Records of one block at most, so that {@code i + GROUP} stays an int. */
    static final long MAX_BLOCK = Integer.MAX_VALUE - GROUP;

    private Kernels() {
    }

    /**
     * Adds records [first, first + n) of a field to a running total. Each call is one block: the caller cuts units into
     * blocks the same way whatever else it scans, so float block sums (the only rounded step) are the same bits on
     * every run. {@code n} is at most {@link #MAX_BLOCK}: the loops count in ints (a group's end too), and the integer
     * kernels' long sums of 32-bit values cannot overflow.
     */
    static void aggregate(FieldAccessor f, MemorySegment s, long recordSize, long first, long n, FieldTotal total) {
        if (n > MAX_BLOCK) {
            throw new IllegalArgumentException("a block of " + n + " records; at most " + MAX_BLOCK);
        }
        long at = first * recordSize + f.offset();
        boolean little = f.order() == ByteOrder.LITTLE_ENDIAN;
        switch (total) {
            case FieldTotal.Floats t -> {
                boolean summed = switch ((CoreType) f.type()) {
                    case FLOAT64 -> floating(s, little, true, at, recordSize, n, t);
                    case FLOAT32 -> floating(s, little, false, at, recordSize, n, t);
                    default -> sumAny(Accessor.of(f), s, first, n, t);
                };
                if (!summed) {
                    Accessor<?> a = Accessor.of(f);
                    for (long i = first; i < first + n; i++) {
                        t.value(a.getDouble(s, i));
                    }
                }
            }
            case FieldTotal.Integers t -> {
                boolean time = f.type() instanceof TimeType;
                boolean unsigned = f.type() == CoreType.UINT32;
                switch ((int) f.byteSize()) {
                    case 8 -> {
                        if (!time && vectors(recordSize, 8)) {
                            VectorKernels.sumLongs(s, little, at, recordSize, n, t);
                        } else {
                            sumLongs(s, little, at, recordSize, n, time, t);
                        }
                    }
                    case 4 -> {
                        if (vectors(recordSize, 4)) {
                            VectorKernels.sumInts(s, little, at, recordSize, n, unsigned, t);
                        } else {
                            sumInts(s, little, at, recordSize, n, unsigned, t);
                        }
                    }
                    default -> sumNarrow(s, little, at, recordSize, n, (CoreType) f.type(), t);
                }
            }
            case StringTotal t -> t.add(s, recordSize, f.offset(), first, n);
        }
    }

    /** Whether values of {@code width} bytes in records of {@code recordSize} go through {@link VectorKernels}. */
    private static boolean vectors(long recordSize, int width) {
        return VECTORS && VectorKernels.fits(recordSize, width);
    }

    /** float64 ({@code wide}) and float32 values through the vector loop where it runs, else the scalar one. */
    private static boolean floating(MemorySegment s, boolean little, boolean wide, long at, long stride, long n, FieldTotal.Floats t) {
        return vectors(stride, wide ? 8 : 4)
                ? VectorKernels.sumFloating(s, little, wide, at, stride, n, t)
                : sumFloating(s, little, wide, at, stride, n, t);
    }

    /**
     * float64 ({@code wide}) and float32 values, in four running sums. Min and max are updated behind a test that is
     * almost never true, so they stay off the loop's critical path: {@link Math#min(double, double)} on every value costs
     * several instructions (its NaN and -0.0 rules), and runs only when the value may be a new extreme. NaN passes
     * the tests, but then the block's sum is NaN and the caller adds the block again value by value.
     */
    static boolean sumFloating(MemorySegment s, boolean little, boolean wide, long at, long stride, long n, FieldTotal.Floats t) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        double min = t.min;
        double max = t.max;
        int quads = (int) (n >>> 2);
        long last = s.byteSize() - 1;
        long o = at;
        for (int q = 0; q < quads; ) {
            int end = READS_AHEAD ? Math.min(quads, q + GROUP / 4) : quads;
            if (READS_AHEAD) {
                t.prefetchSink += Reads.i8(s, Math.min(o + AHEAD_BYTES, last));
            }
            for (; q < end; q++, o += 4 * stride) {
                double a = real(s, o, little, wide);
                double b = real(s, o + stride, little, wide);
                double c = real(s, o + 2 * stride, little, wide);
                double d = real(s, o + 3 * stride, little, wide);
                s0 += a;
                s1 += b;
                s2 += c;
                s3 += d;
                min = lower(lower(lower(lower(min, a), b), c), d);
                max = upper(upper(upper(upper(max, a), b), c), d);
            }
        }
        for (long i = 4L * quads; i < n; i++) {
            double a = real(s, at + i * stride, little, wide);
            s0 += a;
            min = Math.min(min, a);
            max = Math.max(max, a);
        }
        return t.block(n, (s0 + s1) + (s2 + s3), min, max);
    }

    static double real(MemorySegment s, long offset, boolean little, boolean wide) {
        return wide ? Reads.f64(s, offset, little) : Reads.f32(s, offset, little);
    }

    private static double lower(double min, double v) {
        return v <= min ? Math.min(min, v) : min;
    }

    private static double upper(double max, double v) {
        return v >= max ? Math.max(max, v) : max;
    }

    /** float16, through its accessor. */
    private static boolean sumAny(Accessor<?> f, MemorySegment s, long first, long n, FieldTotal.Floats t) {
        double sum = 0;
        double min = t.min;
        double max = t.max;
        for (long i = first; i < first + n; i++) {
            double v = f.getDouble(s, i);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return t.block(n, sum, min, max);
    }

    /**
     * int64, uint64 and times, exactly: the high and low 32-bit halves are summed in two longs (no overflow below 2^31
     * values); min and max in signed order (uint64 flipped). NaT is counted and left out.
     */
    static void sumLongs(MemorySegment s, boolean little, long at, long stride, long n, boolean time, FieldTotal.Integers t) {
        long flip = t.flip;
        long highMask = flip != 0 ? 0xFFFF_FFFFL : -1L; // uint64: the high half as unsigned
        long high = 0;
        long low = 0;
        long nat = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long last = s.byteSize() - 1;
        long o = at;
        for (int i = 0; i < (int) n; ) {
            int end = READS_AHEAD ? Math.min((int) n, i + GROUP) : (int) n;
            if (READS_AHEAD) {
                t.prefetchSink += Reads.i8(s, Math.min(o + AHEAD_BYTES, last));
            }
            for (; i < end; i++, o += stride) {
                long v = Reads.i64(s, o, little);
                if (time && v == TimeType.NAT) {
                    nat++;
                    continue;
                }
                high += (v >> 32) & highMask;
                low += v & 0xFFFF_FFFFL;
                long ordered = v ^ flip;
                if (ordered < min) min = ordered;
                if (ordered > max) max = ordered;
            }
        }
        t.block(n - nat, nat, high, low, min, max);
    }

    /** bool and integers of 8 and 16 bits. */
    private static void sumNarrow(MemorySegment s, boolean little, long at, long stride, long n, CoreType type, FieldTotal.Integers t) {
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long i = 0; i < n; i++) {
            long o = at + i * stride;
            long v = switch (type) {
                case BOOL -> Reads.i8(s, o) != 0 ? 1 : 0;
                case INT8 -> Reads.i8(s, o);
                case UINT8 -> Byte.toUnsignedLong(Reads.i8(s, o));
                case INT16 -> Reads.i16(s, o, little);
                default -> Short.toUnsignedLong(Reads.i16(s, o, little));
            };
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        t.block(n, 0, 0, sum, min, max);
    }

    /** int32 and uint32: their sum fits a long for up to 2^31 values. */
    static void sumInts(MemorySegment s, boolean little, long at, long stride, long n, boolean unsigned, FieldTotal.Integers t) {
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long last = s.byteSize() - 1;
        long o = at;
        for (int i = 0; i < (int) n; ) {
            int end = READS_AHEAD ? Math.min((int) n, i + GROUP) : (int) n;
            if (READS_AHEAD) {
                t.prefetchSink += Reads.i8(s, Math.min(o + AHEAD_BYTES, last));
            }
            for (; i < end; i++, o += stride) {
                int raw = Reads.i32(s, o, little);
                long v = unsigned ? Integer.toUnsignedLong(raw) : raw;
                sum += v;
                if (v < min) min = v;
                if (v > max) max = v;
            }
        }
        t.block(n, 0, 0, sum, min, max);
    }

    /** Copies a field of records [first, first + n) as doubles into {@code out} from {@code pos}. */
    public static void toDoubles(FieldAccessor f, MemorySegment s, long recordSize, long first, long n, double[] out, int pos) {
        if (f.type() == CoreType.FLOAT64) {
            boolean little = f.order() == ByteOrder.LITTLE_ENDIAN;
            long at = first * recordSize + f.offset();
            for (int i = 0; i < n; i++) {
                out[pos + i] = Reads.f64(s, at + i * recordSize, little);
            }
        } else {
            Accessor<?> a = Accessor.of(f);
            for (int i = 0; i < n; i++) {
                out[pos + i] = a.getDouble(s, first + i);
            }
        }
    }
}
