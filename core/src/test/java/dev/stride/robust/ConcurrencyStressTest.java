package dev.stride.robust;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldStats;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eight threads scanning the same and different arrays, through mapped, auto and read-in stores at once, all get
 * what one thread reads alone; arrays and hierarchies closed under running readers end them with
 * {@link ZarrException.Closed} (or let them complete), never with another exception, a wrong value or a crash.
 * Scans sum integer fields, which doubles add exactly in any order. Each test runs for about two seconds.
 */
@Timeout(60)
class ConcurrencyStressTest {
    private static final int THREADS = 8;
    private static final long MILLIS = 2000;
    private static final List<String> ARRAYS = List.of("/plain", "/gzip", "/shards");
    private static final Map<String, Chain> CHAINS = Map.of("/plain", Chain.core("bytes").getFirst(),
            "/gzip", Chain.core("transpose gzip crc32c").getFirst(), "/shards", Chain.core("nested shards").getFirst());
    private static final Region TAIL = new Region(new long[] {150, 2}, new long[] {200, 5});

    @TempDir
    static Path dir;
    private static Path store;
    private static final Map<String, Expected> EXPECTED = new HashMap<>();

    /** One array's values as one thread reads them alone. */
    record Expected(byte[] records, FieldStats a, short[] tail) {
    }

    @BeforeAll
    static void writeArrays() {
        store = dir.resolve("store");
        for (int i = 0; i < ARRAYS.size(); i++) {
            String path = ARRAYS.get(i);
            ChunkFixture.write(store, path, CHAINS.get(path), ChunkFixture.records(200 * 6, 11 * i + 1), 4);
        }
        try (Zarr zarr = Zarr.open(store, IoMode.READ)) {
            for (String path : ARRAYS) {
                ZarrArray a = zarr.array(path);
                EXPECTED.put(path, new Expected(ChunkFixture.records(a, null), a.scan("a", null, ScanOptions.threads(1)), a.read("p.d", TAIL).asShorts().values()));
            }
        }
    }

    @Test
    void manyReadersOfTheSameAndOtherArraysAgree() throws InterruptedException {
        try (Zarr mapped = Zarr.open(store, IoMode.MAP); Zarr auto = Zarr.open(store, IoMode.AUTO); Zarr read = Zarr.open(store, IoMode.READ)) {
            List<Zarr> hierarchies = List.of(mapped, auto, read);
            AtomicLong checks = new AtomicLong();
            long end = System.currentTimeMillis() + MILLIS;
            List<Throwable> failures = run(t -> () -> {
                for (int i = 0; System.currentTimeMillis() < end; i++) {
                    Zarr zarr = hierarchies.get((t + i) % 3);
                    String path = ARRAYS.get((t * 7 + i / 3) % 3);
                    check(zarr.array(path), path, i);
                    checks.incrementAndGet();
                }
            });
            assertEquals(List.of(), failures);
            assertTrue(checks.get() >= THREADS, checks + " checks");
        }
    }

    @Test
    void closingArraysAndHierarchiesUnderReadersEndsThemCleanly() throws InterruptedException {
        long end = System.currentTimeMillis() + MILLIS;
        AtomicLong closed = new AtomicLong();
        AtomicLong completed = new AtomicLong();
        for (int round = 0; System.currentTimeMillis() < end; round++) {
            Zarr zarr = Zarr.open(store, IoMode.values()[round % 3]);
            List<Thread> readers = new ArrayList<>();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            for (int t = 0; t < THREADS - 2; t++) {
                int thread = t;
                readers.add(Thread.ofPlatform().start(() -> {
                    try {
                        for (int i = 0; ; i++) {
                            String path = ARRAYS.get((thread + i) % 3);
                            check(zarr.array(path), path, i);
                            completed.incrementAndGet();
                        }
                    } catch (ZarrException.Closed expected) {
                        closed.incrementAndGet();
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            pause();
            zarr.array(ARRAYS.get(round % 3)).close();
            pause();
            zarr.close();
            for (Thread r : readers) {
                r.join(10_000);
                assertTrue(!r.isAlive(), "a reader is stuck after close");
            }
            assertEquals(List.of(), List.copyOf(failures), "round " + round);
        }
        assertTrue(closed.get() > 0 && completed.get() > 0, closed + " closed, " + completed + " completed");
    }

    @Test
    void anArrayOpenedAgainAfterItsCloseClosesWithItsHierarchy() {
        Zarr zarr = Zarr.open(store, IoMode.MAP);
        ZarrArray first = zarr.array("/plain");
        first.close();
        ZarrArray second = zarr.array("/plain");
        assertNotSame(first, second);
        assertSame(second, zarr.array("/plain"));
        zarr.close();
        // the array itself is closed (its buffers freed), not only the store under it
        var e = assertThrows(ZarrException.Closed.class, () -> second.scan("a"));
        assertEquals("array /plain is closed", e.getMessage());
    }

    /** One read of the array, chosen by {@code i}, compared with what a lone thread read. */
    private static void check(ZarrArray array, String path, int i) {
        Expected expected = EXPECTED.get(path);
        switch (i % 3) {
            case 0 -> assertArrayEquals(expected.records(), ChunkFixture.records(array, null), path);
            case 1 -> assertEquals(expected.a(), array.scan("a", null, ScanOptions.threads(2)), path);
            default -> assertArrayEquals(expected.tail(), array.read("p.d", TAIL).asShorts().values(), path);
        }
    }

    /** Runs {@code THREADS} workers to their end; returns what they threw. */
    private static List<Throwable> run(Function<Integer, Runnable> worker) throws InterruptedException {
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Runnable r = worker.apply(t);
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    r.run();
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join(MILLIS + 20_000);
        }
        return List.copyOf(failures);
    }

    private static void pause() throws InterruptedException {
        Thread.sleep(ThreadLocalRandom.current().nextInt(5, 40));
    }
}
