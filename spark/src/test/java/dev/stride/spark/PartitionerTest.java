package dev.stride.spark;

import dev.stride.model.Region;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plans that follow the chunks stored: they cover the region once, read every stored chunk, and stay few. */
class PartitionerTest {

    @Test
    void aHugeShapeWithFewStoredChunksPlansFewPartitions() {
        Region all = new Region(new long[]{0}, new long[]{1L << 50});
        Partitioner cut = Partitioner.of(all, new long[]{1L << 20}, 4, 128L << 20);
        assertEquals(1L << 25, cut.count(), "boxes of 32 chunks of 4 MiB");
        List<ZarrPartition> plan = cut.partitions(new long[]{40, 41, (1L << 30) - 1}, null);
        assertEquals(List.of("fill [0:33554432]", "read [33554432:67108864]", "fill [67108864:1125899873288192]",
                "read [1125899873288192:1125899906842624]"), plan.stream().map(PartitionerTest::text).toList());
    }

    @Test
    void aBoxIsLeftOutOnlyWhenEachOfItsChunksIsStoredAndRuledOut() {
        // boxes of two chunks of 10 records; chunks 4, 6, 7 and 9 never written; only chunk 3 may match
        Partitioner cut = Partitioner.of(new Region(new long[]{0}, new long[]{100}), new long[]{10}, 1, 20);
        List<ZarrPartition> plan = cut.partitions(new long[]{0, 1, 2, 3, 5, 8}, new long[]{3});
        assertEquals(List.of("read [20:40]", "read [40:60]", "fill [60:80]", "read [80:100]"),
                plan.stream().map(PartitionerTest::text).toList());
    }

    @Test
    void withoutStoredChunksTheWholeRegionIsFewBoxesOfFillValues() {
        Region r = new Region(new long[]{3, 5, 7}, new long[]{1L << 20, 1L << 20, 1L << 10});
        List<ZarrPartition> plan = Partitioner.of(r, new long[]{16, 16, 16}, 8, 1 << 20).partitions(new long[0], null);
        assertEquals(List.of("fill [3:1048576, 5:1048576, 7:1024]"), plan.stream().map(PartitionerTest::text).toList());
    }

    @Test
    void storedChunksOfSmallGridsAreReadAndTheRestIsFilledOnce() {
        Random random = new Random(46);
        long[][][] cases = {
                {{0}, {97}, {4}},
                {{3, 1}, {29, 23}, {4, 5}},
                {{0, 2, 1}, {11, 13, 9}, {3, 2, 4}},
                {{5, 0, 0, 2}, {9, 7, 6, 5}, {2, 3, 2, 2}},
        };
        for (long[][] c : cases) {
            Region r = new Region(c[0], c[1]);
            for (long target : new long[]{1, 8, 40, 1 << 20}) {
                Partitioner cut = Partitioner.of(r, c[2], 1, target);
                for (int trial = 0; trial < 20; trial++) {
                    long grid = cut.gridCount();
                    TreeSet<Long> stored = new TreeSet<>();
                    int n = random.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        stored.add((long) random.nextInt((int) grid));
                    }
                    checkPlan(r, c[2], cut, stored.stream().mapToLong(Long::longValue).toArray());
                }
            }
        }
    }

    /** Each record of the region in exactly one partition; a read partition holds a stored chunk, a fill one none. */
    private static void checkPlan(Region r, long[] chunk, Partitioner cut, long[] stored) {
        List<ZarrPartition> plan = cut.partitions(stored, null);
        int[] seen = new int[(int) r.size()];
        int rank = r.rank();
        int runs = stored.length + 1;
        assertTrue(plan.size() <= stored.length + runs * (2 * rank - 1), () -> plan.size() + " partitions");
        for (ZarrPartition p : plan) {
            Region box = p.region();
            assertTrue(box.size() > 0, box::toString);
            boolean holdsStored = false;
            long[] at = box.start().clone();
            for (long i = 0; i < box.size(); i++) {
                seen[(int) position(r, at)]++;
                holdsStored |= Arrays.binarySearch(stored, chunkNumber(r, chunk, at)) >= 0;
                next(at, box);
            }
            assertEquals(!p.unwritten(), holdsStored, () -> text(p) + " of " + Arrays.toString(stored));
        }
        int[] once = new int[seen.length];
        Arrays.fill(once, 1);
        assertArrayEquals(once, seen, () -> r + " chunks " + Arrays.toString(chunk) + " stored " + Arrays.toString(stored));
    }

    private static long position(Region r, long[] at) {
        long p = 0;
        for (int d = 0; d < at.length; d++) {
            p = p * (r.stop()[d] - r.start()[d]) + at[d] - r.start()[d];
        }
        return p;
    }

    /** The number of the chunk holding {@code at} in C order of the chunks the region meets. */
    private static long chunkNumber(Region r, long[] chunk, long[] at) {
        long n = 0;
        for (int d = 0; d < at.length; d++) {
            long first = r.start()[d] / chunk[d];
            long count = (r.stop()[d] - 1) / chunk[d] - first + 1;
            n = n * count + at[d] / chunk[d] - first;
        }
        return n;
    }

    private static void next(long[] at, Region box) {
        for (int d = at.length - 1; d >= 0; d--) {
            if (++at[d] < box.stop()[d]) {
                return;
            }
            at[d] = box.start()[d];
        }
    }

    private static String text(ZarrPartition p) {
        return (p.unwritten() ? "fill " : "read ") + p.region();
    }
}
