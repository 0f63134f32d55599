package dev.stride.internal.read;

import dev.stride.internal.base.Reads;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * {@link Kernels}' float64, float32, int64 and int32 loops with eight records a step: three 64-byte loads at records 0,
 * 3 and 6 of the step, and two byte permutes (one instruction each with AVX-512 VBMI) that gather the eight values, in
 * native order, into one vector. A step costs a core fewer instructions than the scalar loops' eight records do, so
 * more of memory is in flight and one thread scans mapped files at nearly the speed it streams them
 * (bench/results/2026-12-04-kernel-switches.md). Only {@link SimdKernels} decides whether these run; their results are
 * the scalar loops' to the bit: the float sums go through the same four running sums in the same order (the first four
 * values of a step, then the next four).
 */
final class VectorKernels {
    private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_512;
    private static final VectorSpecies<Double> QUAD = DoubleVector.SPECIES_256;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_512;
    private static final int STEP = 8;

    private VectorKernels() {
    }

    /** Whether the JIT makes 512-bit vectors here (not with {@code -XX:UseAVX=2} or {@code -XX:MaxVectorSize=32}). */
    static boolean fullWidth() {
        return ByteVector.SPECIES_PREFERRED.vectorBitSize() >= BYTES.vectorBitSize();
    }

    /** Whether eight values of {@code width} bytes, records {@code stride} apart, come from the three loads of a step. */
    static boolean fits(long stride, long width) {
        return 2 * stride + width <= BYTES.vectorByteSize();
    }

    /** What the scalar {@code sumFloating} gives, or false where a block must be added value by value. */
    static boolean sumFloating(MemorySegment s, boolean little, boolean wide, long at, long stride, long n, FieldTotal.Floats t) {
        Step step = new Step(stride, wide ? 8 : 4, little);
        DoubleVector sums = DoubleVector.zero(QUAD);
        DoubleVector mins = DoubleVector.broadcast(QUAD, t.min);
        DoubleVector maxs = DoubleVector.broadcast(QUAD, t.max);
        long o = at;
        long i = 0;
        for (long steps = step.steps(s, at, n); i < steps * STEP; i += STEP, o += STEP * stride) {
            ByteVector values = step.gather(s, o);
            DoubleVector first;
            DoubleVector second;
            if (wide) {
                DoubleVector all = values.reinterpretAsDoubles();
                first = (DoubleVector) all.reinterpretShape(QUAD, 0);
                second = (DoubleVector) all.reinterpretShape(QUAD, 1);
            } else {
                FloatVector all = values.reinterpretAsFloats();
                first = (DoubleVector) all.convertShape(VectorOperators.F2D, QUAD, 0);
                second = (DoubleVector) all.convertShape(VectorOperators.F2D, QUAD, 1);
            }
            sums = sums.add(first).add(second);
            mins = mins.min(first).min(second);
            maxs = maxs.max(first).max(second);
        }
        double s0 = sums.lane(0), s1 = sums.lane(1), s2 = sums.lane(2), s3 = sums.lane(3);
        double min = mins.reduceLanes(VectorOperators.MIN);
        double max = maxs.reduceLanes(VectorOperators.MAX);
        // the scalar loop's own order for what is left: whole quads into the four sums, then single values into the first
        for (; i + 4 <= n; i += 4, o += 4 * stride) {
            double a = Kernels.real(s, o, little, wide);
            double b = Kernels.real(s, o + stride, little, wide);
            double c = Kernels.real(s, o + 2 * stride, little, wide);
            double d = Kernels.real(s, o + 3 * stride, little, wide);
            s0 += a;
            s1 += b;
            s2 += c;
            s3 += d;
            min = Math.min(Math.min(min, a), Math.min(b, Math.min(c, d)));
            max = Math.max(Math.max(max, a), Math.max(b, Math.max(c, d)));
        }
        for (; i < n; i++, o += stride) {
            double a = Kernels.real(s, o, little, wide);
            s0 += a;
            min = Math.min(min, a);
            max = Math.max(max, a);
        }
        return t.block(n, (s0 + s1) + (s2 + s3), min, max);
    }

    /** What the scalar {@code sumLongs} gives for int64 and uint64 (not times: NaT is left to the scalar loop). */
    static void sumLongs(MemorySegment s, boolean little, long at, long stride, long n, FieldTotal.Integers t) {
        Step step = new Step(stride, 8, little);
        long flip = t.flip;
        long highMask = flip != 0 ? 0xFFFF_FFFFL : -1L; // uint64: the high half as unsigned
        LongVector highs = LongVector.zero(LONGS);
        LongVector lows = LongVector.zero(LONGS);
        LongVector mins = LongVector.broadcast(LONGS, Long.MAX_VALUE);
        LongVector maxs = LongVector.broadcast(LONGS, Long.MIN_VALUE);
        long o = at;
        long i = 0;
        for (long steps = step.steps(s, at, n); i < steps * STEP; i += STEP, o += STEP * stride) {
            LongVector v = step.gather(s, o).reinterpretAsLongs();
            highs = highs.add(v.lanewise(VectorOperators.ASHR, 32).and(highMask));
            lows = lows.add(v.and(0xFFFF_FFFFL));
            LongVector ordered = v.lanewise(VectorOperators.XOR, flip);
            mins = mins.min(ordered);
            maxs = maxs.max(ordered);
        }
        long high = highs.reduceLanes(VectorOperators.ADD);
        long low = lows.reduceLanes(VectorOperators.ADD);
        long min = mins.reduceLanes(VectorOperators.MIN);
        long max = maxs.reduceLanes(VectorOperators.MAX);
        for (; i < n; i++, o += stride) {
            long v = Reads.i64(s, o, little);
            high += (v >> 32) & highMask;
            low += v & 0xFFFF_FFFFL;
            long ordered = v ^ flip;
            min = Math.min(min, ordered);
            max = Math.max(max, ordered);
        }
        t.block(n, 0, high, low, min, max);
    }

    /** What the scalar {@code sumInts} gives for int32 and uint32. */
    static void sumInts(MemorySegment s, boolean little, long at, long stride, long n, boolean unsigned, FieldTotal.Integers t) {
        Step step = new Step(stride, 4, little);
        VectorOperators.Conversion<Integer, Long> widen = unsigned ? VectorOperators.ZERO_EXTEND_I2L : VectorOperators.I2L;
        LongVector sums = LongVector.zero(LONGS);
        LongVector mins = LongVector.broadcast(LONGS, Long.MAX_VALUE);
        LongVector maxs = LongVector.broadcast(LONGS, Long.MIN_VALUE);
        long o = at;
        long i = 0;
        for (long steps = step.steps(s, at, n); i < steps * STEP; i += STEP, o += STEP * stride) {
            IntVector ints = step.gather(s, o).reinterpretAsInts();
            LongVector v = (LongVector) ints.convertShape(widen, LONGS, 0);
            sums = sums.add(v);
            mins = mins.min(v);
            maxs = maxs.max(v);
        }
        long sum = sums.reduceLanes(VectorOperators.ADD);
        long min = mins.reduceLanes(VectorOperators.MIN);
        long max = maxs.reduceLanes(VectorOperators.MAX);
        for (; i < n; i++, o += stride) {
            int raw = Reads.i32(s, o, little);
            long v = unsigned ? Integer.toUnsignedLong(raw) : raw;
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        t.block(n, 0, 0, sum, min, max);
    }

    /**
     * The permutes of one field's step. The first takes values 0-2 from the load at value 0 and 3-5 from the one at
     * value 3, each value's bytes turned to native order; the second keeps those and adds values 6 and 7 from the third
     * load. Byte {@code j} of the result is byte {@code j % width} of value {@code j / width}.
     */
    private record Step(long stride, ByteVector firstSix, ByteVector lastTwo) {
        Step(long stride, int width, boolean little) {
            this(stride, permute(stride, width, little, false), permute(stride, width, little, true));
        }

        private static ByteVector permute(long stride, int width, boolean little, boolean last) {
            assert fits(stride, width) : "records of " + stride + " bytes";
            int lanes = BYTES.length();
            byte[] from = new byte[lanes];
            for (int j = 0; j < lanes; j++) {
                int value = j / width;
                int b = little == (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) ? j % width : width - 1 - j % width;
                long source = last
                        ? value < 6 ? j : value < STEP ? lanes + (value - 6) * stride + b : 0
                        : value < 3 ? value * stride + b : value < 6 ? lanes + (value - 3) * stride + b : 0;
                from[j] = (byte) source;
            }
            return ByteVector.fromArray(BYTES, from, 0);
        }

        /** Whole steps of {@code n} records from {@code at} whose third load ends within the segment. */
        long steps(MemorySegment s, long at, long n) {
            long loadable = s.byteSize() - BYTES.vectorByteSize() - 6 * stride - at;
            return loadable < 0 ? 0 : Math.min(n / STEP, loadable / (STEP * stride) + 1);
        }

        /** The eight values of the step whose first value is at byte {@code o}. */
        ByteVector gather(MemorySegment s, long o) {
            ByteVector a = ByteVector.fromMemorySegment(BYTES, s, o, ByteOrder.nativeOrder());
            ByteVector b = ByteVector.fromMemorySegment(BYTES, s, o + 3 * stride, ByteOrder.nativeOrder());
            ByteVector c = ByteVector.fromMemorySegment(BYTES, s, o + 6 * stride, ByteOrder.nativeOrder());
            return lastTwo.selectFrom(firstSix.selectFrom(a, b), c);
        }
    }
}
