package dev.stride.internal.read;

import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The kernels' one precondition; their statistics are checked by the scan tests (ExactScanTest, ScanTest). */
class KernelsTest {

    @Test
    void aBlockTooLongForTheIntLoopsIsRefusedBeforeAnyRead() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> Kernels.aggregate(null, MemorySegment.NULL, 8, 0, Kernels.MAX_BLOCK + 1, null));
        assertEquals("a block of 2147483584 records; at most 2147483583", e.getMessage());
    }
}
