package dev.stride;

import dev.stride.TuningReport.Candidate;
import dev.stride.TuningReport.Layout;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order and pruning of candidate layouts, on injected measurements and a clock the test moves: each layout "takes"
 * {@link #COST} nanoseconds, stores the bytes and scans in the seconds a table gives it. Nothing here is timed. The
 * codecs are gzip's and none, which core encodes without the codecs module.
 */
class TuningSearchTest {
    private static final long COST = 10;
    /** 21-byte records, as the benchmark arrays': the ladder is 32768, 131072, 524288, 2097152 records. */
    private static final long RECORD = 21;

    private final AtomicLong clock = new AtomicLong();
    private final List<Layout> measured = new ArrayList<>();

    private static final List<Compression> COARSE = List.of(Compression.parse("gzip:6"), Compression.NONE);

    /** A trial that moves the clock by COST and makes gzip smallest, level 9 smaller still, bigger chunks smaller. */
    private Candidate fake(Layout layout, long deadline) {
        measured.add(layout);
        clock.addAndGet(COST);
        Map<String, Long> size = Map.of("gzip:6", 450L, "gzip:9", 440L, "gzip:1", 470L, "none", 1000L);
        long bytes = size.get(layout.compression().toString()) - layout.chunk() / 65536 - (layout.shard() > 0 ? 1 : 0);
        double warm = layout.compression().toString().equals("none") ? 1.0 : 1.5;
        return new Candidate(layout, bytes, 1, warm, warm, warm, OptionalLong.empty(), 0);
    }

    private TuningSearch search(long deadline, long firstEstimate, long extent) {
        return new TuningSearch(COARSE, clock::get, deadline, firstEstimate, RECORD, extent, new TuningRanking(0.5));
    }

    @Test
    void theLadderAimsAtChunksOfOneToSixtyFourMebibytes() {
        assertArrayEquals(new long[] {32768, 131072, 524288, 2097152}, TuningSearch.ladder(RECORD, 1L << 22));
        assertArrayEquals(new long[] {32768, 131072}, TuningSearch.ladder(RECORD, 200_000));
        // a sample smaller than every step: chunks of the whole sample
        assertArrayEquals(new long[] {100}, TuningSearch.ladder(RECORD, 100));
    }

    @Test
    void theCoarsePassMeasuresEveryCodecFamilyAtOneChunkSizeFirst() {
        search(Long.MAX_VALUE, 1, 1L << 22).run(this::fake);
        assertEquals(List.of("gzip:6, chunks of 131072", "none, chunks of 131072"), measured.subList(0, 2).stream().map(Layout::describe).toList());
    }

    @Test
    void theCoarsePassHasEveryFamilyTheCodecsHereEncode() {
        assertEquals(List.of("zstd:3", "blosc:lz4:5:shuffle", "none", "blosc:zstd:5:bitshuffle", "blosc:lz4:5:bitshuffle",
                "blosc:zstd:5:shuffle", "gzip:6"), TuningSearch.COARSE);
        // core alone has no zstd or blosc: the pass keeps to what it can write
        assertEquals(List.of("none", "gzip:6"), TuningSearch.availableCoarse().stream().map(Object::toString).toList());
    }

    @Test
    void refinementTriesTheBestCodecsLevelsThenChunkSizesThenShards() {
        search(Long.MAX_VALUE, 1, 1L << 22).run(this::fake);
        // the two coarse layouts, then the neighbours of the best
        List<String> next = measured.subList(2, 7).stream().map(Layout::describe).toList();
        assertEquals(List.of("gzip:1, chunks of 131072", "gzip:9, chunks of 131072", "gzip:6, chunks of 32768",
                "gzip:6, chunks of 524288", "gzip:6, chunks of 131072 in shards of 1048576"), next);
    }

    @Test
    void theSearchEndsWhenNoNeighbourIsLeftAndMeasuresEachLayoutOnce() {
        TuningSearch.Result result = search(Long.MAX_VALUE, 1, 1L << 22).run(this::fake);
        assertEquals(measured.size(), new HashSet<>(measured.stream().map(Layout::describe).toList()).size());
        assertEquals(measured.size(), result.ranked().size());
        assertEquals(0, result.unmeasured());
        // the best of the table, reached step by step: gzip level 9 in the largest chunks (too large to shard)
        assertEquals("gzip:9", result.ranked().getFirst().layout().compression().toString());
        assertEquals(2097152, result.ranked().getFirst().layout().chunk());
    }

    @Test
    void aLayoutStartsOnlyWhenTheLongestSoFarStillFitsBeforeTheDeadline() {
        // each takes 10: the two coarse ones started at 0 and 10, the first neighbour at 20; at 30 the next of the
        // five neighbours would end at 40, past 35
        TuningSearch.Result result = search(35, 1, 1L << 22).run(this::fake);
        assertEquals(3, measured.size());
        assertEquals(3, result.ranked().size());
        assertEquals(4, result.unmeasured());
        assertTrue(clock.get() <= 35);
    }

    @Test
    void theCoarseLayoutsAreWhatTheWarmUpMeets() {
        assertEquals(List.of("gzip:6, chunks of 131072", "none, chunks of 131072"),
                search(Long.MAX_VALUE, 1, 1L << 22).coarseLayouts().stream().map(Layout::describe).toList());
    }

    @Test
    void aFirstEstimatePastTheDeadlineMeasuresNothing() {
        TuningSearch.Result result = search(35, 36, 1L << 22).run(this::fake);
        assertEquals(List.of(), measured);
        assertEquals(List.of(), result.ranked());
        assertEquals(2, result.unmeasured());
    }

    @Test
    void shardsAreLeftOutWhenTheSampleHoldsTooFewChunks() {
        // a sample of 200000 records holds one shard of 8 x 32768 at most, none of 8 x 131072
        search(Long.MAX_VALUE, 1, 200_000).run(this::fake);
        assertTrue(measured.stream().allMatch(l -> l.shard() == 0 || l.shard() <= 200_000), measured.toString());
        assertTrue(measured.stream().allMatch(l -> l.chunk() <= 200_000));
    }

    @Test
    void levelsAreTheCodecsOwnOthers() {
        assertEquals(List.of("zstd:1", "zstd:9"), TuningSearch.otherLevels("zstd:3"));
        assertEquals(List.of("gzip:1", "gzip:9"), TuningSearch.otherLevels("gzip:6"));
        assertEquals(List.of("blosc:zstd:1:bitshuffle", "blosc:zstd:9:bitshuffle"), TuningSearch.otherLevels("blosc:zstd:5:bitshuffle"));
        assertEquals(List.of(), TuningSearch.otherLevels("none"));
    }
}
