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
import java.util.function.LongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The vector kernels give the scalar loops' statistics to the bit, float block sums included, for every record size and
 * field place they take, both byte orders, blocks of any length and blocks that end where the segment ends (where a
 * step's last load would run past it and the rest goes value by value). Runs where the JVM has the vector module (core's
 * pom starts one such run); the Vector API computes the same on any CPU, only slower without AVX-512 VBMI.
 */
class VectorKernelsTest {
    private static final int[] LENGTHS = {0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 63, 64, 100, 1001};

    @BeforeAll
    static void vectorModule() {
        assumeTrue(ModuleLayer.boot().findModule(SimdKernels.MODULE).isPresent(),
                "VectorKernelsTest skipped: the JVM was started without --add-modules " + SimdKernels.MODULE);
    }

    /** Fills the field of records [0, n) in a segment that ends with the last record; first of all at {@code first}. */
    private static MemorySegment records(long stride, long offset, int width, boolean little, long first, int n, LongFunction<Long> bits) {
        MemorySegment s = Arena.ofAuto().allocate((first + n) * stride);
        ByteOrder order = little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        for (long i = first; i < first + n; i++) {
            long v = bits.apply(i);
            if (width == 8) {
                s.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(order), i * stride + offset, v);
            } else {
                s.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(order), i * stride + offset, (int) v);
            }
            if (stride > width) {
                s.set(ValueLayout.JAVA_BYTE, i * stride + (offset + width) % stride, (byte) i); // a neighbour's byte
            }
        }
        return s;
    }

    @Test
    void floatStatisticsAreTheScalarLoopsToTheBit() {
        Random random = new Random(18);
        int cases = 0;
        for (boolean wide : new boolean[]{true, false}) {
            int width = wide ? 8 : 4;
            for (long stride = width; VectorKernels.fits(stride, width); stride += stride < 12 ? 1 : 3) {
                for (long offset : new long[]{0, stride - width}) {
                    for (boolean little : new boolean[]{true, false}) {
                        for (int n : LENGTHS) {
                            long first = n % 3;
                            // magnitudes 1e-3..1e12 and both zeros: another order of additions rounds differently
                            MemorySegment s = records(stride, offset, width, little, first, n, i -> {
                                double v = i % 29 == 5 ? -0.0 : (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(16) - 3);
                                return wide ? Double.doubleToRawLongBits(v) : Float.floatToRawIntBits((float) v);
                            });
                            FieldTotal.Floats scalar = new FieldTotal.Floats();
                            FieldTotal.Floats vector = new FieldTotal.Floats();
                            long at = first * stride + offset;
                            // two blocks into the same totals: the second starts from the first's min and max
                            for (int block = 0; block < 2; block++) {
                                assertTrue(Kernels.sumFloating(s, little, wide, at, stride, n, scalar));
                                assertTrue(VectorKernels.sumFloating(s, little, wide, at, stride, n, vector));
                            }
                            CoreType type = wide ? CoreType.FLOAT64 : CoreType.FLOAT32;
                            assertEquals(scalar.stats("v", type), vector.stats("v", type),
                                    "width " + width + ", stride " + stride + ", offset " + offset + ", little " + little + ", n " + n);
                            cases++;
                        }
                    }
                }
            }
        }
        assertEquals(1500, cases);
    }

    @Test
    void aBlockWithANanOrAnInfinityIsLeftToTheValueByValueLoop() {
        for (double odd : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            MemorySegment s = records(21, 8, 8, true, 0, 40, i -> Double.doubleToRawLongBits(i == 37 ? odd : i));
            FieldTotal.Floats total = new FieldTotal.Floats();
            assertFalse(VectorKernels.sumFloating(s, true, true, 8, 21, 40, total), "a block with " + odd);
            assertEquals(0, total.count);
        }
    }

    @Test
    void integerStatisticsAreTheScalarLoops() {
        Random random = new Random(32);
        int cases = 0;
        for (int width : new int[]{8, 4}) {
            for (long stride = width; VectorKernels.fits(stride, width); stride += stride < 12 ? 1 : 3) {
                for (long offset : new long[]{0, stride - width}) {
                    for (boolean little : new boolean[]{true, false}) {
                        for (boolean unsigned : new boolean[]{false, true}) {
                            for (int n : LENGTHS) {
                                long first = n % 3;
                                // the extremes of both signed and unsigned order among random values
                                MemorySegment s = records(stride, offset, width, little, first, n, i -> switch ((int) (i % 41)) {
                                    case 3 -> width == 8 ? Long.MIN_VALUE : Integer.MIN_VALUE;
                                    case 4 -> width == 8 ? Long.MAX_VALUE : Integer.MAX_VALUE;
                                    case 5 -> -1L;
                                    default -> random.nextLong();
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
        assertEquals(3000, cases);
    }

    @Test
    void stepsTakeRecordsOfUpTo28BytesForFloat64And30ForFloat32() {
        assertTrue(VectorKernels.fits(28, 8));
        assertFalse(VectorKernels.fits(29, 8));
        assertTrue(VectorKernels.fits(30, 4));
        assertFalse(VectorKernels.fits(31, 4));
    }
}
