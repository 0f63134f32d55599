package dev.stride.array;

import dev.stride.dtype.CoreType;
import dev.stride.dtype.FieldAccessor;
import dev.stride.dtype.Reads;
import dev.stride.dtype.TimeType;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * The hot loops: one field of {@code n} consecutive records read in place by stride through {@link Reads} (constant
 * var handles). Sums of floats use several accumulators so the loop is not bound by the latency of one add.
 */
final class Kernels {
    private Kernels() {
    }

    /** Starting statistics {count, sum, min, max}: min and max begin at the infinities so a NaN can make them NaN. */
    static double[] start() {
        return new double[] {0, 0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    }

    /** Adds records [first, first + n) of a field to running statistics {@code acc} = {count, sum, min, max}. */
    static void aggregate(FieldAccessor f, MemorySegment s, long recordSize, long first, long n, double[] acc) {
        long at = first * recordSize + f.offset();
        boolean little = f.order() == ByteOrder.LITTLE_ENDIAN;
        if (f.type() == CoreType.FLOAT64) {
            sumDoubles(s, little, at, recordSize, n, acc);
        } else if (f.type() == CoreType.FLOAT32) {
            sumFloats(s, little, at, recordSize, n, acc);
        } else if (f.type() == CoreType.INT64 || f.type() instanceof TimeType) {
            sumLongs(s, little, at, recordSize, n, acc);
        } else if (f.type() == CoreType.INT32) {
            sumInts(s, little, at, recordSize, n, acc);
        } else {
            sumAny(f, s, first, n, acc);
        }
    }

    private static void sumDoubles(MemorySegment s, boolean little, long at, long stride, long n, double[] acc) {
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        double min = acc[2];
        double max = acc[3];
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
        add(acc, n, (s0 + s1) + (s2 + s3), min, max);
    }

    private static void sumFloats(MemorySegment s, boolean little, long at, long stride, long n, double[] acc) {
        double s0 = 0, s1 = 0;
        double min = acc[2];
        double max = acc[3];
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
        add(acc, n, s0 + s1, min, max);
    }

    private static void sumLongs(MemorySegment s, boolean little, long at, long stride, long n, double[] acc) {
        double sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long i = 0; i < n; i++) {
            long v = Reads.i64(s, at + i * stride, little);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        add(acc, n, sum, n == 0 ? acc[2] : Math.min(acc[2], min), n == 0 ? acc[3] : Math.max(acc[3], max));
    }

    private static void sumInts(MemorySegment s, boolean little, long at, long stride, long n, double[] acc) {
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (long i = 0; i < n; i++) {
            int v = Reads.i32(s, at + i * stride, little);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        add(acc, n, sum, n == 0 ? acc[2] : Math.min(acc[2], min), n == 0 ? acc[3] : Math.max(acc[3], max));
    }

    /** Any other real type, through its accessor. */
    private static void sumAny(FieldAccessor f, MemorySegment s, long first, long n, double[] acc) {
        double sum = 0;
        double min = acc[2];
        double max = acc[3];
        for (long i = first; i < first + n; i++) {
            double v = f.getDouble(s, i);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        add(acc, n, sum, min, max);
    }

    private static void add(double[] acc, long n, double sum, double min, double max) {
        acc[0] += n;
        acc[1] += sum;
        acc[2] = min;
        acc[3] = max;
    }

    /** Copies a field of records [first, first + n) as doubles into {@code out} from {@code pos}. */
    static void toDoubles(FieldAccessor f, MemorySegment s, long recordSize, long first, long n, double[] out, int pos) {
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
