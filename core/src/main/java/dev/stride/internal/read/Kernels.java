package dev.stride.internal.read;

import dev.stride.internal.base.Reads;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.TimeType;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * The hot loops: one field of {@code n} consecutive records read in place by stride through {@link Reads} (constant
 * var handles) into a {@link FieldTotal}. Sums of floats use several accumulators so the loop is not bound by the
 * latency of one add; a block whose float sum is not finite is added again value by value, so NaN and infinities cost
 * the fast loop nothing.
 */
public final class Kernels {
    private Kernels() {
    }

    /**
     * Adds records [first, first + n) of a field to a running total. Each call is one block: the caller cuts units into
     * blocks the same way whatever else it scans, so float block sums (the only rounded step) are the same bits on
     * every run. {@code n} is at most 2^31, so the integer kernels' long sums of 32-bit halves cannot overflow.
     */
    static void aggregate(FieldAccessor f, MemorySegment s, long recordSize, long first, long n, FieldTotal total) {
        long at = first * recordSize + f.offset();
        boolean little = f.order() == ByteOrder.LITTLE_ENDIAN;
        switch (total) {
            case FieldTotal.Floats t -> {
                boolean summed = switch ((CoreType) f.type()) {
                    case FLOAT64 -> sumDoubles(s, little, at, recordSize, n, t);
                    case FLOAT32 -> sumFloats(s, little, at, recordSize, n, t);
                    default -> sumAny(f, s, first, n, t);
                };
                if (!summed) {
                    for (long i = first; i < first + n; i++) {
                        t.value(f.getDouble(s, i));
                    }
                }
            }
            case FieldTotal.Integers t -> {
                if (f.byteSize() == 8) {
                    sumLongs(s, little, at, recordSize, n, f.type() instanceof TimeType, t);
                } else {
                    sumNarrow(s, little, at, recordSize, n, (CoreType) f.type(), t);
                }
            }
        }
    }

    private static boolean sumDoubles(MemorySegment s, boolean little, long at, long stride, long n, FieldTotal.Floats t) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        double min = t.min;
        double max = t.max;
        long i = 0;
        for (; i + 4 <= n; i += 4) {
            long o = at + i * stride;
            double a = Reads.f64(s, o, little);
            double b = Reads.f64(s, o + stride, little);
            double c = Reads.f64(s, o + 2 * stride, little);
            double d = Reads.f64(s, o + 3 * stride, little);
            s0 += a;
            s1 += b;
            s2 += c;
            s3 += d;
            min = Math.min(min, Math.min(Math.min(a, b), Math.min(c, d)));
            max = Math.max(max, Math.max(Math.max(a, b), Math.max(c, d)));
        }
        for (; i < n; i++) {
            double a = Reads.f64(s, at + i * stride, little);
            s0 += a;
            min = Math.min(min, a);
            max = Math.max(max, a);
        }
        return t.block(n, (s0 + s1) + (s2 + s3), min, max);
    }

    private static boolean sumFloats(MemorySegment s, boolean little, long at, long stride, long n, FieldTotal.Floats t) {
        double s0 = 0, s1 = 0;
        double min = t.min;
        double max = t.max;
        long i = 0;
        for (; i + 2 <= n; i += 2) {
            long o = at + i * stride;
            double a = Reads.f32(s, o, little);
            double b = Reads.f32(s, o + stride, little);
            s0 += a;
            s1 += b;
            min = Math.min(min, Math.min(a, b));
            max = Math.max(max, Math.max(a, b));
        }
        for (; i < n; i++) {
            double a = Reads.f32(s, at + i * stride, little);
            s0 += a;
            min = Math.min(min, a);
            max = Math.max(max, a);
        }
        return t.block(n, s0 + s1, min, max);
    }

    /** float16, through its accessor. */
    private static boolean sumAny(FieldAccessor f, MemorySegment s, long first, long n, FieldTotal.Floats t) {
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
    private static void sumLongs(MemorySegment s, boolean little, long at, long stride, long n, boolean time, FieldTotal.Integers t) {
        long flip = t.flip;
        boolean unsigned = flip != 0;
        long high = 0;
        long low = 0;
        long nat = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long i = 0; i < n; i++) {
            long v = Reads.i64(s, at + i * stride, little);
            if (time && v == TimeType.NAT) {
                nat++;
                continue;
            }
            high += unsigned ? v >>> 32 : v >> 32;
            low += v & 0xFFFF_FFFFL;
            long ordered = v ^ flip;
            min = Math.min(min, ordered);
            max = Math.max(max, ordered);
        }
        t.block(n - nat, nat, high, low, min, max);
    }

    /** bool and integers of up to 32 bits: their sum fits a long for up to 2^31 values. */
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
                case UINT16 -> Short.toUnsignedLong(Reads.i16(s, o, little));
                case INT32 -> Reads.i32(s, o, little);
                default -> Integer.toUnsignedLong(Reads.i32(s, o, little));
            };
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
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
            for (int i = 0; i < n; i++) {
                out[pos + i] = f.getDouble(s, first + i);
            }
        }
    }
}
