package dev.stride.internal.region;

import dev.stride.model.Region;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class COrderBlocksTest {

    @Test
    void blocksCoverTheRegionInCOrderWithinTheBudget() {
        long[][] shapes = {{10}, {7, 5}, {3, 4, 5}, {2, 1, 6, 3}, {4, 0, 3}};
        for (long[] shape : shapes) {
            for (long budget : new long[] {1, 2, 3, 5, 7, 16, 1000}) {
                for (long[] unit : new long[][] {ones(shape.length), twos(shape.length)}) {
                    Region all = Region.all(shape);
                    assertCovers(all, unit, budget);
                    if (shape.length == 3 && shape[1] > 0) {
                        assertCovers(new Region(new long[] {1, 1, 2}, new long[] {3, 4, 5}), unit, budget);
                    }
                }
            }
        }
    }

    @Test
    void aZeroDimensionalRegionIsOneBlock() {
        COrderBlocks blocks = new COrderBlocks(Region.all(new long[0]), new long[0], 10);
        assertEquals(1, blocks.next().size());
        assertTrue(!blocks.hasNext());
    }

    @Test
    void blocksEndOnReadUnitBoundariesWhenTheyCan() {
        COrderBlocks blocks = new COrderBlocks(new Region(new long[] {3}, new long[] {30}), new long[] {4}, 10);
        List<String> boxes = new ArrayList<>();
        blocks.forEachRemaining(b -> boxes.add(b.toString()));
        assertEquals(List.of("[3:12]", "[12:20]", "[20:30]"), boxes);
    }

    private static void assertCovers(Region region, long[] unit, long budget) {
        List<List<Long>> seen = new ArrayList<>();
        COrderBlocks blocks = new COrderBlocks(region, unit, budget);
        while (blocks.hasNext()) {
            Region box = blocks.next();
            assertTrue(box.size() <= budget && box.size() > 0, box + " within " + budget);
            forEachInCOrder(box, seen::add);
        }
        List<List<Long>> expected = new ArrayList<>();
        forEachInCOrder(region, expected::add);
        assertEquals(expected, seen, region + " unit " + List.of(unit) + " budget " + budget);
    }

    private static void forEachInCOrder(Region r, java.util.function.Consumer<List<Long>> sink) {
        long[] start = r.start();
        long[] shape = r.shape();
        for (long n = 0; n < r.size(); n++) {
            Long[] at = new Long[shape.length];
            long rest = n;
            for (int d = shape.length - 1; d >= 0; d--) {
                at[d] = start[d] + rest % shape[d];
                rest /= shape[d];
            }
            sink.accept(List.of(at));
        }
    }

    private static long[] ones(int rank) {
        long[] u = new long[rank];
        java.util.Arrays.fill(u, 1);
        return u;
    }

    private static long[] twos(int rank) {
        long[] u = new long[rank];
        java.util.Arrays.fill(u, 2);
        return u;
    }
}
