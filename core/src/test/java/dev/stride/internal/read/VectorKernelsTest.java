package dev.stride.internal.read;

import dev.stride.model.CoreType;
import dev.stride.model.FieldStats;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The vector kernels give the scalar loops' statistics to the bit, float block sums included: for every record size they
 * take, the field at either end of its record, both byte orders, blocks of any length, blocks that end where the
 * segment ends (a step's last load would run past it: the rest goes value by value) and blocks with records after them
 * that must not be read (NaN and the integer extremes there). Runs where the JVM has the vector module (core's pom
 * starts one such run); the Vector API computes the same on any CPU, only slower without AVX-512 VBMI.
 */
class VectorKernelsTest {
    private static final int[] LENGTHS = {0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 63, 64, 100, 1001};
    /** Records after a block in half of the cases: more than a step, so that a step past the block would find them. */
    private static final int AFTER = 9;
    /** What lies outside the block: NaN as float64 and float32 (with an all-ones 32-bit half), -1 as an integer. */
    private static final long OUTSIDE = -1L;

    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule(SimdKernels.MODULE).isPresent(),
                "VectorKernelsTest skipped: the JVM was started without --add-modules " + SimdKernels.MODULE);
    }

    /**
     * A segment of {@code first + n + after} records whose field holds {@code value(i)} for records [first, first + n)
     * and {@link #OUTSIDE} elsewhere, the other bytes of each record its number.
     */
    private static MemorySegment records(long stride, long offset, int width, boolean little, long first, int n, int after,
                                         LongUnaryOperator value) {
        MemorySegment s = Arena.ofAuto().allocate((first + n + after) * stride);
        ByteOrder order = little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        for (long i = 0; i < first + n + after; i++) {
            for (long b = 0; b < stride; b++) {
                s.set(ValueLayout.JAVA_BYTE, i * stride + b, (byte) i);
            }
            long v = i >= first && i < first + n ? value.applyAsLong(i) : OUTSIDE;
            if (width == 8) {
                s.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(order), i * stride + offset, v);
            } else {
                s.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(order), i * stride + offset, (int) v);
            }
        }
        return s;
    }

    private static long maxStride(int width) {
        long stride = width;
        while (VectorKernels.fits(stride + 1, width)) {
            stride++;
        }
        return stride;
    }

    @Test
    void floatStatisticsAreTheScalarLoopsToTheBit() {
        Random random = new Random(18);
        int cases = 0;
        for (boolean wide : new boolean[]{true, false}) {
            int width = wide ? 8 : 4;
            for (long stride = width; stride <= maxStride(width); stride++) {
                for (long offset : new long[]{0, stride - width}) {
                    for (boolean little : new boolean[]{true, false}) {
                        for (int n : LENGTHS) {
                            long first = n % 3;
                            int after = n % 2 * AFTER;
                            boolean zeros = n % 5 == 4; // a block of zeros of both signs: min -0.0, max 0.0
                            // magnitudes 1e-3..1e12: another order of additions rounds differently
                            MemorySegment s = records(stride, offset, width, little, first, n, after, i -> {
                                double v = zeros ? (i % 2 == 0 ? 0.0 : -0.0)
                                        : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(16) - 3);
                                return wide ? Double.doubleToRawLongBits(v) : Float.floatToRawIntBits((float) v);
                            });
                            FieldTotal.Floats scalar = new FieldTotal.Floats();
                            FieldTotal.Floats vector = new FieldTotal.Floats();
                            long at = first * stride + offset;
                            String what = "width " + width + ", stride " + stride + ", offset " + offset + ", little " + little + ", n " + n;
                            // two blocks into the same totals: the second starts from the first's min and max
                            for (int block = 0; block < 2; block++) {
                                assertTrue(Kernels.sumFloating(s, little, wide, at, stride, n, scalar), what);
                                assertTrue(VectorKernels.sumFloating(s, little, wide, at, stride, n, vector), what);
                            }
                            CoreType type = wide ? CoreType.FLOAT64 : CoreType.FLOAT32;
                            assertEquals(scalar.stats("v", type), vector.stats("v", type), what);
                            cases++;
                        }
                    }
                }
            }
        }
        assertEquals(2 * 2 * 15 * (21 + 27), cases);
    }

    @Test
    void aBlockWithANanOrAnInfinityIsLeftToTheValueByValueLoop() {
        for (double odd : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            // record 5 is read by the first step, 37 by the values after the last step (steps cover records 0-31)
            for (long place : new long[]{5, 37}) {
                MemorySegment s = records(21, 8, 8, true, 0, 40, 0, i -> Double.doubleToRawLongBits(i == place ? odd : i));
                FieldTotal.Floats total = new FieldTotal.Floats();
                assertFalse(VectorKernels.sumFloating(s, true, true, 8, 21, 40, total), odd + " at record " + place);
                assertEquals(0, total.count);
            }
        }
    }

    @Test
    void integerStatisticsAreTheScalarLoops() {
        Random random = new Random(32);
        int cases = 0;
        for (int width : new int[]{8, 4}) {
            for (long stride = width; stride <= maxStride(width); stride++) {
                for (long offset : new long[]{0, stride - width}) {
                    for (boolean little : new boolean[]{true, false}) {
                        for (boolean unsigned : new boolean[]{false, true}) {
                            for (int n : LENGTHS) {
                                long first = n % 3;
                                int after = n % 2 * AFTER;
                                // the extremes of both signed and unsigned order among random values
                                MemorySegment s = records(stride, offset, width, little, first, n, after, i -> switch ((int) (i % 41)) {
                                    case 3 -> width == 8 ? Long.MIN_VALUE : Integer.MIN_VALUE;
                                    case 4 -> width == 8 ? Long.MAX_VALUE : Integer.MAX_VALUE;
                                    case 5 -> 0;
                                    default -> random.nextLong() >>> random.nextInt(64);
                                });
                                FieldTotal.Integers scalar = new FieldTotal.Integers(unsigned && width == 8);
                                FieldTotal.Integers vector = new FieldTotal.Integers(unsigned && width == 8);
                                long at = first * stride + offset;
                                CoreType type;
                                if (width == 8) {
                                    Kernels.sumLongs(s, little, at, stride, n, false, scalar);
                                    VectorKernels.sumLongs(s, little, at, stride, n, vector);
                                    type = unsigned ? CoreType.UINT64 : CoreType.INT64;
                                } else {
                                    Kernels.sumInts(s, little, at, stride, n, unsigned, scalar);
                                    VectorKernels.sumInts(s, little, at, stride, n, unsigned, vector);
                                    type = unsigned ? CoreType.UINT32 : CoreType.INT32;
                                }
                                FieldStats expected = scalar.stats("v", type);
                                assertEquals(expected, vector.stats("v", type),
                                        type + ", stride " + stride + ", offset " + offset + ", little " + little + ", n " + n);
                                cases++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(2 * 2 * 2 * 15 * (21 + 27), cases);
    }

    /** The kernels' statistics of records they may read: a value read past the block would change them. */
    @Test
    void recordsAfterTheBlockAreNotRead() {
        MemorySegment s = records(21, 8, 8, true, 0, 64, AFTER, i -> Double.doubleToRawLongBits(1.0));
        FieldTotal.Floats floats = new FieldTotal.Floats();
        assertTrue(VectorKernels.sumFloating(s, true, true, 8, 21, 64, floats));
        assertEquals(64, floats.count);
        FieldTotal.Integers ints = new FieldTotal.Integers(false);
        VectorKernels.sumLongs(s, true, 8, 21, 64, ints);
        assertEquals(Double.doubleToRawLongBits(1.0), ints.min); // not -1, the value after the block
    }

    @Test
    void stepsTakeRecordsOfUpTo28BytesFor8ByteValuesAnd30For4ByteValues() {
        assertEquals(28, maxStride(8));
        assertEquals(30, maxStride(4));
    }
}
