package dev.stride;

import dev.stride.model.IoMode;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mappings belong to the array that made them: closing it unmaps them (seen in /proc/self/maps, what the kernel
 * holds), other arrays of the same store read on, and closing the hierarchy unmaps everything.
 */
class LifetimeTest {
    static final int N = 64;

    /** Arrays /a and /b, float64 [64] in chunks of [8]: a holds i, b holds -i. */
    static Path write(Path dir) {
        Tree t = Tree.group(Doc.group());
        for (String name : List.of("a", "b")) {
            t.node(name, Doc.array("'float64'", "[" + N + "]", "[8]", "0", Doc.BYTES_LE));
            for (int c = 0; c < N / 8; c++) {
                Enc e = Enc.le();
                for (int i = c * 8; i < c * 8 + 8; i++) {
                    e.f64(name.equals("a") ? i : -i);
                }
                t.put(name + "/c/" + c, e.bytes());
            }
        }
        return t.writeTo(dir);
    }

    static double[] values(int sign) {
        double[] v = new double[N];
        for (int i = 0; i < N; i++) {
            v[i] = sign * i;
        }
        return v;
    }

    /** How many of the files below {@code dir} the process has mapped now. */
    static long mapped(Path dir) throws IOException {
        String prefix = dir.toRealPath() + "/";
        return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.contains(prefix)).count();
    }

    @Test
    void closingOneArrayUnmapsItsFilesWhileAnotherArrayOfTheStoreReadsOn(@TempDir Path dir) throws IOException {
        write(dir);
        try (Zarr z = Zarr.open(dir, IoMode.MAP)) {
            ZarrArray a = z.array("/a");
            ZarrArray b = z.array("/b");
            assertArrayEquals(values(1), a.readDoubles(""));
            assertArrayEquals(values(-1), b.readDoubles(""));
            assertEquals(N / 8, mapped(dir.resolve("a")));
            assertEquals(N / 8, mapped(dir.resolve("b")));

            a.close();
            assertEquals(0, mapped(dir.resolve("a")), "a's mappings are gone with it");
            assertEquals(N / 8, mapped(dir.resolve("b")));
            assertArrayEquals(values(-1), b.readDoubles(""));
            assertThrows(ZarrException.Closed.class, () -> a.readDoubles(""));
            assertArrayEquals(values(1), z.array("/a").readDoubles(""), "the hierarchy opens a closed array anew");
        }
        assertEquals(0, mapped(dir));
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void closingTheHierarchyClosesItsArraysTheirMappingsAndTheStore(IoMode mode, @TempDir Path dir) throws IOException {
        write(dir);
        Zarr z = Zarr.open(dir, mode);
        ZarrArray a = z.array("/a");
        ZarrArray b = z.array("/b");
        for (int pass = 0; pass < 2; pass++) {
            // AUTO keeps a value mapped once a whole pass has read it
            a.scan("", null, ScanOptions.threads(2));
            b.scan("", null, ScanOptions.threads(2));
        }
        assertEquals(mode == IoMode.READ ? 0 : N / 4, mapped(dir));
        z.close();
        assertEquals(0, mapped(dir));
        assertThrows(ZarrException.Closed.class, () -> a.readDoubles(""));
        assertThrows(ZarrException.Closed.class, () -> b.scan(""));
        var e = assertThrows(ZarrException.Closed.class, () -> z.store().size("a/c/0"));
        assertEquals("the store at " + dir.toAbsolutePath().normalize() + " is closed", e.getMessage());
    }

    /**
     * A close that lands while a scan runs on other threads stops the scan with Closed; the mappings go when the last
     * reading thread has let go of them, not under it (no crash, no other exception).
     */
    @ParameterizedTest
    @EnumSource(IoMode.class)
    void aReadRacingACloseFailsWithClosedAndLeavesNothingMapped(IoMode mode, @TempDir Path dir) throws Exception {
        write(dir);
        for (int round = 0; round < 20; round++) {
            Zarr z = Zarr.open(dir, mode);
            ZarrArray a = z.array("/a");
            a.readDoubles("");
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<Object> scan = CompletableFuture.supplyAsync(() -> {
                for (int pass = 0; ; pass++) {
                    a.scan("", null, ScanOptions.threads(2).withProgress((done, total) -> started.countDown()));
                }
            });
            assertTrue(started.await(10, TimeUnit.SECONDS));
            if (round % 2 == 0) {
                a.close();
            } else {
                z.close();
            }
            var e = assertThrows(ExecutionException.class, () -> scan.get(10, TimeUnit.SECONDS));
            assertInstanceOf(ZarrException.Closed.class, e.getCause(), () -> String.valueOf(e.getCause()));
            // closing the hierarchy closes the array and then the store: a thread between the two may meet either
            String store = "the store at " + dir.toAbsolutePath().normalize() + " is closed";
            assertTrue(e.getCause().getMessage().equals("array /a is closed") || round % 2 == 1 && e.getCause().getMessage().equals(store),
                    e.getCause().getMessage());
            assertEquals(0, mapped(dir.resolve("a")), "round " + round);
            z.close();
        }
    }
}
