package dev.stride.cli;

import dev.stride.model.Region;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SlabsTest {

    @Test
    void slabsAreWholeWriteUnitsCoveringTheArrayOnce() {
        Slabs slabs = new Slabs(new long[] {10, 7}, new long[] {3, 4}, new long[] {3, 4}, 8, 1);
        List<String> seen = new ArrayList<>();
        long records = 0;
        for (long n = 0; n < slabs.count(); n++) {
            Region r = slabs.get(n);
            seen.add(r.toString());
            records += r.size();
        }
        assertEquals(List.of("[0:3, 0:4]", "[0:3, 4:7]", "[3:6, 0:4]", "[3:6, 4:7]", "[6:9, 0:4]", "[6:9, 4:7]", "[9:10, 0:4]", "[9:10, 4:7]"), seen);
        assertEquals(70, records);
    }

    @Test
    void aTallerReadUnitGathersWriteUnitsAlongTheFirstDimension() {
        assertEquals("[0:400]", new Slabs(new long[] {1000}, new long[] {100}, new long[] {350}, 8, 1).get(0).toString());
        assertEquals("[0:300]", new Slabs(new long[] {600}, new long[] {100}, new long[] {1000}, 8, 2).get(0).toString(),
                "but leaves a slab for each thread");
    }

    @Test
    void aSlabStaysNearTheTargetSizeUnlessOneWriteUnitIsLarger() {
        long unit = Slabs.TARGET_BYTES / 4;
        assertEquals("[0:4]", new Slabs(new long[] {100}, new long[] {1}, new long[] {100}, unit, 1).get(0).toString());
        assertEquals("[0:1]", new Slabs(new long[] {100}, new long[] {1}, new long[] {100}, 2 * Slabs.TARGET_BYTES, 1).get(0).toString());
    }

    @Test
    void aZeroDimensionalArrayIsOneSlab() {
        Slabs slabs = new Slabs(new long[0], new long[0], new long[0], 8, 4);
        assertEquals(1, slabs.count());
        assertEquals("[]", slabs.get(0).toString());
    }
}
