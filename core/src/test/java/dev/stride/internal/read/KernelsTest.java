package dev.stride.internal.read;

import dev.stride.RecordLayout;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.FieldStats;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The kernels' one precondition, and the float sum of a block to the bit, whichever loop this JVM runs (core's pom runs
 * this class with each loop forced); the statistics are checked by the scan tests (ExactScanTest, ScanTest).
 */
class KernelsTest {

    /** A block of float64 values summed as the kernel promises: four running sums over quads, the tail into the first. */
    @Test
    void aBlocksFloatSumIsTheSameBitsOnEveryLoop() {
        RecordLayout layout = RecordLayout.compile(StructType.of(new Field("id", CoreType.INT32), new Field("x", CoreType.FLOAT64)),
                ByteOrder.LITTLE_ENDIAN);
        FieldAccessor.DoubleField x = (FieldAccessor.DoubleField) layout.fieldOrNull("x");
        int n = 1000 * Kernels.GROUP + 3; // many groups of the reading-ahead loop, and a tail
        MemorySegment records = Arena.ofAuto().allocate(n * layout.recordSize());
        Random random = new Random(18);
        double[] s = new double[4];
        for (int i = 0; i < n; i++) {
            // magnitudes 1e-3..1e12: adding in another order rounds differently
            double v = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(16) - 3);
            x.set(records, i, v);
            s[i < n - n % 4 ? i % 4 : 0] += v;
        }
        FieldTotal.Floats total = (FieldTotal.Floats) FieldTotal.of(x);
        Kernels.aggregate(x, records, layout.recordSize(), 0, n, total);
        var stats = (FieldStats.Floats) total.stats("x", CoreType.FLOAT64);
        assertEquals(new BigDecimal((s[0] + s[1]) + (s[2] + s[3])), stats.sum());
    }

    @Test
    void aBlockTooLongForTheIntLoopsIsRefusedBeforeAnyRead() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> Kernels.aggregate(null, MemorySegment.NULL, 8, 0, Kernels.MAX_BLOCK + 1, null));
        assertEquals("a block of 2147483584 records; at most 2147483583", e.getMessage());
    }
}
