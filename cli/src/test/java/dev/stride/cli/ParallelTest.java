package dev.stride.cli;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParallelTest {
    @Test
    void runsEveryItemOnceAndReportsEachAsDone() {
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        AtomicLong lastDone = new AtomicLong();
        Thread caller = Thread.currentThread();
        // helpers wait for the calling thread to take an item, so whether it works does not depend on scheduling
        CountDownLatch callerWorked = new CountDownLatch(1);
        Parallel.forEach(3, 100, (done, total) -> {
            assertEquals(100, total);
            lastDone.accumulateAndGet(done, Math::max);
        }, n -> {
            assertTrue(seen.add(n), "item " + n + " twice");
            if (Thread.currentThread() == caller) {
                callerWorked.countDown();
            } else {
                assertTrue(await(callerWorked), "the calling thread works too");
            }
        });
        assertEquals(100, seen.size());
        assertEquals(100, lastDone.get());
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void theFirstFailureIsThrownAsItWasAndStopsTheRest() {
        IllegalStateException boom = new IllegalStateException("item 5");
        AtomicLong ran = new AtomicLong();
        var thrown = assertThrows(IllegalStateException.class, () -> Parallel.forEach(2, 1_000_000, (d, t) -> { }, n -> {
            ran.incrementAndGet();
            if (n == 5) {
                throw boom;
            }
        }));
        assertSame(boom, thrown);
        assertTrue(ran.get() < 1_000_000, "stopped after " + ran.get());
    }

    @Test
    void noItemsNoWork() {
        Parallel.forEach(4, 0, (d, t) -> { throw new AssertionError(); }, n -> { throw new AssertionError(); });
    }
}
