package dev.stride;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.FieldAccessor;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.Selection;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.List;

import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Using a closed hierarchy, array or store is a ZarrException.Closed, never a crash, even in the middle of a read. */
class ClosedResourceTest {
    static final int N = 64;

    /** float64 [64] in chunks of [8], value i, under a root group as /x. */
    static Tree tree() {
        Tree t = Tree.group(Doc.group()).node("x", Doc.array("'float64'", "[" + N + "]", "[8]", "0", Doc.BYTES_LE));
        for (int c = 0; c < N / 8; c++) {
            Enc e = Enc.le();
            for (int i = c * 8; i < c * 8 + 8; i++) {
                e.f64(i);
            }
            t.put("x/c/" + c, e.bytes());
        }
        return t;
    }

    static void assertClosed(String what, Executable action) {
        var e = assertThrows(ZarrException.Closed.class, action);
        assertContains(e.getMessage(), what);
        assertContains(e.getMessage(), "is closed");
    }

    /** Every read call of an array. */
    static List<Executable> reads(ZarrArray a, Arena arena) {
        return List.of(
                () -> a.readDoubles(""),
                () -> a.read("", null),
                () -> a.read(Selection.all()),
                () -> a.readField("", null, arena.allocate(8 * N)),
                () -> a.readRecords(null, arena),
                () -> a.forEachRecord(null, (index, records, i) -> { }),
                () -> a.scan(""),
                () -> a.scan("", null, ScanOptions.threads(4)));
    }

    @Test
    void aClosedHierarchyRefusesEverything() {
        Zarr z = tree().open();
        ZarrArray a = z.array("/x");
        Group root = z.root();
        z.close();
        z.close();
        assertClosed("the hierarchy", () -> z.array("/x"));
        assertClosed("the hierarchy", () -> z.metadata("/x"));
        assertClosed("the hierarchy", z::root);
        assertClosed("the hierarchy", () -> z.group("/"));
        assertClosed("the hierarchy", () -> z.children("/"));
        assertClosed("the hierarchy", root::children);
        assertClosed("the hierarchy", () -> root.array("x"));
        try (Arena arena = Arena.ofConfined()) {
            for (Executable read : reads(a, arena)) {
                assertClosed("array /x", read);
            }
        }
    }

    @Test
    void aClosedArrayRefusesReadsAndTheHierarchyOpensItAnew() {
        try (Zarr z = tree().open(); Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/x");
            a.readDoubles("");
            a.close();
            a.close();
            for (Executable read : reads(a, arena)) {
                assertClosed("array /x", read);
            }
            assertEquals("", a.field("").path(), "metadata stays readable");
            ZarrArray again = z.array("/x");
            assertNotSame(a, again);
            assertEquals(63.0, again.readDoubles("")[63]);
        }
    }

    @Test
    void aClosedStoreRefusesReads() {
        var store = tree().memory();
        try (Zarr z = Zarr.open(store); Arena arena = Arena.ofConfined()) {
            ZarrArray a = z.array("/x");
            store.close();
            for (Executable read : reads(a, arena)) {
                assertClosed("the memory store", read);
            }
            assertClosed("the memory store", () -> z.array("/y"));
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void aClosedLocalStoreRefusesReadsAfterMapping(IoMode mode, @TempDir Path dir) {
        tree().writeTo(dir);
        Zarr z = Zarr.open(dir, mode);
        ZarrArray a = z.array("/x");
        a.readDoubles("");
        a.readDoubles("");  // AUTO maps on the second pass
        z.close();
        try (Arena arena = Arena.ofConfined()) {
            for (Executable read : reads(a, arena)) {
                assertThrows(ZarrException.Closed.class, read);
            }
        }
        ListableStore store = (ListableStore) z.store();
        assertClosed("the store at", () -> store.read("x/c/0", 0, -1, new ThreadScratch()));
        assertClosed("the store at", () -> store.size("x/c/0"));
        assertClosed("the store at", () -> store.list(""));
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void closingInsideAVisitorStopsTheRead(IoMode mode, @TempDir Path dir) {
        tree().writeTo(dir);
        Zarr z = Zarr.open(dir, mode);
        ZarrArray a = z.array("/x");
        a.readDoubles("");
        FieldAccessor.DoubleField f = a.field("", FieldAccessor.DoubleField.class);
        double[] seen = new double[N];
        assertThrows(ZarrException.Closed.class, () -> a.forEachRecord(null, (index, records, i) -> {
            if (index == 3) {
                z.close();
            }
            seen[(int) index] = f.get(records, i);
        }));
        assertEquals(2.0, seen[2]);
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void closingDuringAParallelScanStopsIt(IoMode mode, @TempDir Path dir) {
        tree().writeTo(dir);
        try (Zarr z = Zarr.open(dir, mode)) {
            ZarrArray a = z.array("/x");
            assertThrows(ZarrException.Closed.class, () -> a.scan("", null, ScanOptions.threads(4).withProgress((done, total) -> {
                if (done == 1) {
                    a.close();
                }
            })));
            assertArrayEquals(new double[] {0, 1}, z.array("/x").readDoubles("", Region.parse(":2", new long[] {N})));
        }
    }
}
