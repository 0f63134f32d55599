package dev.stride;

import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A region pulled unit by unit gives what a read gives, over stores read in place and stores read ahead. */
class UnitCursorTest {

    /**
     * The region's values (of an int16 or int32 array) assembled from the cursor's runs, in C order of the region; and
     * which units were stored.
     */
    private static int[] pull(ZarrArray array, Region region, List<Boolean> stored) {
        int[] out = new int[(int) region.size()];
        long size = array.layout().recordSize();
        ValueLayout.OfShort int16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(array.layout().order());
        ValueLayout.OfInt int32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(array.layout().order());
        try (UnitCursor cursor = array.units(region)) {
            while (cursor.next()) {
                stored.add(cursor.stored());
                cursor.forEachRun((unit, first, count, at) -> {
                    for (int i = 0; i < count; i++) {
                        long offset = (first + i) * size;
                        out[(int) at + i] = size == 2 ? unit.get(int16, offset) : unit.get(int32, offset);
                    }
                });
            }
            assertFalse(cursor.next(), "a finished cursor stays finished");
        }
        return out;
    }

    @Test
    void nestedShardsWithMissingOnesGiveTheReadValues() {
        Tree t = Tree.array(Doc.array("'int16'", "[24]", "[8]", "-9", ShardingTest.NESTED_CODEC)).put("c/0", ShardingTest.outer0().bytes());
        for (int inFlight : new int[] {0, 2}) {
            try (Zarr zarr = Zarr.open(new ReadAheadTest.AheadStore(t.memory(), inFlight))) {
                ZarrArray a = zarr.array("/");
                Region r = Region.parse("3:20", a.shape());
                List<Boolean> stored = new ArrayList<>();
                short[] want = a.read("", r).asShorts().values();
                int[] got = pull(a, r, stored);
                for (int i = 0; i < want.length; i++) {
                    assertEquals(want[i], got[i], "read ahead " + inFlight + " at " + i);
                }
                assertEquals(stored.size(), a.units(r).count());
                assertEquals(List.of(true, false), List.of(stored.getFirst(), stored.getLast()), "the last shards were never written");
            }
        }
    }

    @Test
    void runsOfATwoDimensionalRegionLandAtTheirPositions() {
        Tree t = ShardingTest.sharded(b -> b, "[" + Doc.BYTES_LE + "]", b -> b);
        try (Zarr zarr = t.open()) {
            ZarrArray a = zarr.array("/");
            for (String region : new String[] {"2:4, 1:4", "0:6, 0:4", "5, 3"}) {
                Region r = Region.parse(region, ShardingTest.SHAPE);
                assertArrayEquals(a.read("", r).asInts().values(), pull(a, r, new ArrayList<>()), region);
            }
        }
    }

    @Test
    void aClosedArrayEndsTheCursor() {
        Tree t = Tree.array(Doc.array("'int16'", "[24]", "[8]", "-9", ShardingTest.NESTED_CODEC)).put("c/0", ShardingTest.outer0().bytes());
        Zarr zarr = t.open();
        ZarrArray a = zarr.array("/");
        try (UnitCursor cursor = a.units(null)) {
            a.close();
            assertThrows(ZarrException.Closed.class, cursor::next);
        }
        zarr.close();
    }

    @Test
    void beforeTheFirstNextThereIsNoUnitToLookAt() {
        Tree t = Tree.array(Doc.array("'int16'", "[24]", "[8]", "-9", ShardingTest.NESTED_CODEC)).put("c/0", ShardingTest.outer0().bytes());
        try (Zarr zarr = t.open(); UnitCursor cursor = zarr.array("/").units(null)) {
            var e = assertThrows(ZarrException.BadRequest.class, () -> cursor.forEachRun((unit, first, count, out) -> { }));
            assertEquals("no current unit: call next() first", e.getMessage());
            assertThrows(ZarrException.BadRequest.class, cursor::unit);
            assertTrue(cursor.next());
            assertArrayEquals(new long[] {0}, cursor.unit());
        }
    }
}
