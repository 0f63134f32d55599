package dev.stride;

import dev.stride.model.Region;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which whole units a tuning sample takes: spread over the array, exact in records, the same every time. */
class TuningSampleTest {

    @Test
    void rowsAreTheMiddlesOfEqualStretchesNotTheFirstChunks() {
        // 100 chunks of 10 records; 4 chunks wanted: the middle of each quarter
        TuningSample s = TuningSample.plan(new long[] {1000}, new long[] {10}, 40);
        assertArrayEquals(new long[] {12, 37, 62, 87}, s.rows());
        assertEquals(40, s.records());
        assertEquals(4, s.units());
    }

    @Test
    void aPartOfAChunkWantedTakesTheWholeChunk() {
        TuningSample s = TuningSample.plan(new long[] {1000}, new long[] {10}, 13);
        assertArrayEquals(new long[] {25, 75}, s.rows());
        assertEquals(20, s.records());
        assertEquals(List.of(new Region(new long[] {250}, new long[] {260}), new Region(new long[] {750}, new long[] {760})), s.regions());
    }

    @Test
    void theLastChunkCountsOnlyTheRecordsInsideTheArray() {
        // 3 chunks of 4 over 10 records: the last holds 2; asking for everything takes all three, exactly 10 records
        TuningSample s = TuningSample.plan(new long[] {10}, new long[] {4}, 1000);
        assertArrayEquals(new long[] {0, 1, 2}, s.rows());
        assertEquals(10, s.records());
        assertArrayEquals(new long[] {10}, s.sampleShape());
        assertEquals(new Region(new long[] {8}, new long[] {10}), s.regions().get(2));
    }

    @Test
    void anArrayOfOneChunkIsSampledWhole() {
        TuningSample s = TuningSample.plan(new long[] {100}, new long[] {100}, 5);
        assertArrayEquals(new long[] {0}, s.rows());
        assertEquals(100, s.records());
        assertEquals(1, s.units());
    }

    @Test
    void aRowOfAGridSpansEveryOtherDimensionInWholeUnits() {
        // 20 x 30 in units of 5 x 7: a row is 5 x 30 records in 5 units across (30 / 7 rounded up)
        TuningSample s = TuningSample.plan(new long[] {20, 30}, new long[] {5, 7}, 200);
        assertArrayEquals(new long[] {1, 3}, s.rows());
        assertEquals(300, s.records());
        assertEquals(10, s.units());
        assertArrayEquals(new long[] {10, 30}, s.sampleShape());
        assertEquals(new Region(new long[] {15, 0}, new long[] {20, 30}), s.regions().get(1));
    }

    @Test
    void theDefaultSampleIsFivePercentWithinSixteenAndSixtyFourMebibytes() {
        TuningOptions defaults = TuningOptions.defaults();
        // 5% of 100 Mi records of 8 bytes is 40 MiB
        assertEquals(5 * (1L << 20), Tuning.wanted(100L << 20, 8, defaults));
        // 5% of 1000 Mi records would be 400 MiB: 64 MiB
        assertEquals(8L << 20, Tuning.wanted(1000L << 20, 8, defaults));
        // 5% of 10 Mi records would be 4 MiB: 16 MiB, 2 Mi records
        assertEquals(2L << 20, Tuning.wanted(10L << 20, 8, defaults));
        assertEquals(1234, Tuning.wanted(10L << 20, 8, defaults.withSampleRecords(1234)));
        assertEquals(1L << 20, Tuning.wanted(10L << 20, 8, defaults.withSampleFraction(0.1)));
    }

    @Test
    void theSameArrayAndSizeGiveTheSameRows() {
        long[] first = TuningSample.plan(new long[] {123_457}, new long[] {1000}, 9000).rows();
        assertArrayEquals(first, TuningSample.plan(new long[] {123_457}, new long[] {1000}, 9000).rows());
        assertArrayEquals(new long[] {6, 20, 34, 48, 62, 75, 89, 103, 117}, first);
    }

    @Test
    void rowsStayDistinctWhenNearlyAllAreWanted() {
        long[] rows = TuningSample.plan(new long[] {70}, new long[] {1}, 69).rows();
        assertEquals(69, rows.length);
        for (int i = 1; i < rows.length; i++) {
            assertTrue(rows[i] > rows[i - 1], "row " + i);
        }
    }
}
