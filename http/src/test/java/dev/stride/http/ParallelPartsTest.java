package dev.stride.http;

import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParallelPartsTest {

    private static MemorySegment numbered(Arena arena, int size) {
        MemorySegment value = arena.allocate(size);
        for (int i = 0; i < size; i++) {
            value.set(ValueLayout.JAVA_BYTE, i, (byte) i);
        }
        return value;
    }

    @Test
    void everyPartOnceInOrderAndNoMoreInFlightThanAllowed() throws InterruptedException {
        int inFlight = 3;
        CountDownLatch allFlying = new CountDownLatch(inFlight);
        AtomicInteger flying = new AtomicInteger();
        AtomicInteger mostFlying = new AtomicInteger();
        try (Arena arena = Arena.ofShared()) {
            MemorySegment value = numbered(arena, 1000);
            PartPlan plan = PartPlan.of(value.byteSize(), 64, 100);
            List<String> sent = ParallelParts.send("k", value, plan, inFlight, (number, body) -> {
                mostFlying.accumulateAndGet(flying.incrementAndGet(), Math::max);
                try {
                    if (number <= inFlight) {
                        // the first ones wait for each other: they can only all get here if they fly at once
                        allFlying.countDown();
                        assertTrue(allFlying.await(60, TimeUnit.SECONDS));
                    }
                    int index = number - 1;
                    assertEquals(body.byteSize(), plan.size(index));
                    assertEquals(value.asSlice(plan.offset(index), plan.size(index)).mismatch(body), -1);
                    return "etag-" + number;
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                } finally {
                    flying.decrementAndGet();
                }
            });
            assertEquals(IntStream.rangeClosed(1, 16).mapToObj(n -> "etag-" + n).toList(), sent);
            assertEquals(inFlight, mostFlying.get());
        }
    }

    @Test
    void memoryConfinedToTheCallerIsCopiedForTheSendingThreads() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = numbered(arena, 300);
            List<byte[]> parts = ParallelParts.send("k", value, PartPlan.of(300, 100, 10), 2,
                    (number, body) -> body.toArray(ValueLayout.JAVA_BYTE));
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(value.asSlice(i * 100L, 100).toArray(ValueLayout.JAVA_BYTE), parts.get(i));
            }
        }
    }

    @Test
    void theFirstFailureStopsTheUploadInterruptsThePartsInFlightAndIsThrown() {
        RuntimeException refused = new ZarrException.StoreFailure("k", "part 3 refused", null);
        Set<Integer> started = ConcurrentHashMap.newKeySet();
        AtomicInteger interrupted = new AtomicInteger();
        CountDownLatch never = new CountDownLatch(1);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment value = numbered(arena, 2000);
            RuntimeException e = assertThrows(RuntimeException.class, () -> ParallelParts.send("k", value, PartPlan.of(2000, 100, 100), 2,
                    (number, body) -> {
                        started.add(number);
                        if (number == 3) {
                            throw refused;
                        }
                        if (number == 2) {
                            try {
                                never.await();
                            } catch (InterruptedException stopped) {
                                interrupted.incrementAndGet();
                                throw new IllegalStateException("stopped", stopped);
                            }
                        }
                        return "";
                    }));
            assertSame(refused, e);
            assertEquals(1, interrupted.get(), "part 2, still in flight, was interrupted");
            assertTrue(started.stream().allMatch(n -> n <= 4), "no part started once the failure was known: " + started);
        }
    }

    @Test
    void anInterruptedCallerEndsTheUploadAsAFailureOfTheKey() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment value = numbered(arena, 500);
            Thread.currentThread().interrupt();
            ZarrException e = assertThrows(ZarrException.StoreFailure.class,
                    () -> ParallelParts.send("c/0", value, PartPlan.of(500, 100, 100), 1, (number, body) -> ""));
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            assertEquals("key c/0: was interrupted while its parts were uploaded", e.getMessage());
        }
    }
}
