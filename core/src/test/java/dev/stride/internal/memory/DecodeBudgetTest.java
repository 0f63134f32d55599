package dev.stride.internal.memory;

import dev.stride.Zarr;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.internal.memory.DecodeBudget;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The decode budget: buffers count while they exist, a growth that does not fit is refused, nothing is counted twice. */
class DecodeBudgetTest {
    private static final int KIB = 1024;

    @Test
    void sizesAreBytesOrKilobytesMegabytesGigabytes() {
        assertEquals(1073741824L, DecodeBudget.parse("1073741824"));
        assertEquals(512L << 10, DecodeBudget.parse("512k"));
        assertEquals(512L << 20, DecodeBudget.parse("512M"));
        assertEquals(2L << 30, DecodeBudget.parse(" 2g "));
        for (String bad : new String[] {"", "g", "-1", "1.5g", "2t", "99999999999999999g"}) {
            assertThrows(IllegalArgumentException.class, () -> DecodeBudget.parse(bad), bad);
        }
    }

    @Test
    void theDefaultIsAQuarterOfPhysicalMemoryAndAtLeast256MiB() {
        long physical = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                .getTotalMemorySize();
        assertEquals(Math.max(256L << 20, physical / 4), DecodeBudget.defaultLimit());
    }

    @Test
    void aGrowingBufferFreesTheOldOneAndOnlyWhatIsHeldCounts() {
        DecodeBudget budget = new DecodeBudget(1024 * KIB);
        Object a = new Object();
        Object b = new Object();
        try (ThreadScratch scratch = new ThreadScratch(budget)) {
            scratch.buffer(a, 100 * KIB);
            assertEquals(100 * KIB, budget.used());
            scratch.buffer(a, 50 * KIB);
            assertEquals(100 * KIB, budget.used(), "a smaller request reuses the buffer");
            scratch.buffer(a, 150 * KIB);
            assertEquals(200 * KIB, budget.used(), "grown by doubling; the old 100 KiB freed, not kept");
            scratch.buffer(b, 700 * KIB);
            assertEquals(900 * KIB, budget.used());
            scratch.buffer(a, 300 * KIB);
            assertEquals(1000 * KIB, budget.used(), "doubled to 400 KiB would not fit: exactly 300 KiB");
            assertEquals(budget.used(), scratch.bytesHeld());
            scratch.at("/points", "c/7");
            var e = assertThrows(ZarrException.OverBudget.class, () -> scratch.buffer(b, 800 * KIB));
            assertEquals("/points", e.node());
            assertEquals("c/7", e.chunkKey());
            assertContains(e.getMessage(), "/points chunk c/7: decoding needs a buffer of 819200 bytes, more than the 741376 bytes left of "
                    + "the decode budget of 1048576 bytes");
            assertContains(e.getMessage(), "-Dstride.decode.budget=");
            assertEquals(300 * KIB, budget.used(), "b's old buffer was freed before the refusal");
        }
        assertEquals(0, budget.used(), "closing frees everything");
    }

    @Test
    void scratchesOfSeveralThreadsShareOneBudget() {
        DecodeBudget budget = new DecodeBudget(256 * KIB);
        try (ThreadScratch one = new ThreadScratch(budget); ThreadScratch two = new ThreadScratch(budget)) {
            one.buffer(this, 200 * KIB);
            assertThrows(ZarrException.OverBudget.class, () -> two.buffer(this, 100 * KIB));
            two.buffer(this, 56 * KIB);
            assertEquals(256 * KIB, budget.used());
        }
        assertEquals(0, budget.used());
    }

    /** float64 [2 x 131072] in gzip chunks of 1 MiB each when decoded; value i is i. */
    private static Tree gzipArray() {
        Tree t = Tree.array(Doc.array("'float64'", "[262144]", "[131072]", "0", Doc.BYTES_LE, "{'name': 'gzip', 'configuration': {'level': 1}}"));
        for (int c = 0; c < 2; c++) {
            Enc e = Enc.le();
            for (int i = c * 131072; i < (c + 1) * 131072; i++) {
                e.f64(i);
            }
            t.put("c/" + c, Enc.gzip(e.bytes()));
        }
        return t;
    }

    @Test
    void aReadNeedingMoreThanTheBudgetIsRefusedAndWithEnoughBudgetTheSameReadWorks() {
        DecodeBudget shared = DecodeBudget.shared();
        long before = shared.limit();
        Tree tree = gzipArray();
        try {
            shared.limit(shared.used() + 512 * KIB);
            try (Zarr z = tree.open()) {
                var e = assertThrows(ZarrException.OverBudget.class, () -> z.array("/").scan("", null, ScanOptions.threads(1)));
                assertEquals("c/0", e.chunkKey());
                assertContains(e.getMessage(), "/ chunk c/0: decoding needs a buffer of 1048576 bytes");
            }
            shared.limit(shared.used() + 4 * 1024 * KIB);
            try (Zarr z = tree.open()) {
                var stats = z.array("/").scan("", null, ScanOptions.threads(1));
                assertEquals(262144, stats.count());
                assertEquals(262143.0 * 262144 / 2, stats.sumAsDouble());
            }
        } finally {
            shared.limit(before);
        }
    }
}
