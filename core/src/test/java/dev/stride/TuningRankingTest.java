package dev.stride;

import dev.stride.TuningReport.Candidate;
import dev.stride.TuningReport.Layout;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How measured layouts are ordered and the first explained, on made-up measurements (gzip levels: core encodes them). */
class TuningRankingTest {

    private static Candidate measured(String codec, long bytes, double warmSeconds) {
        return new Candidate(new Layout(65536, 0, Compression.parse(codec)), bytes, 1, 2 * warmSeconds, warmSeconds, 3 * warmSeconds, OptionalLong.empty(), 0);
    }

    private static List<String> codecs(List<Candidate> ranked) {
        return ranked.stream().map(c -> c.layout().compression().toString()).toList();
    }

    @Test
    void layoutsFastEnoughComeFirstSmallestFirstThenTheRestFastestFirst() {
        List<Candidate> ranked = new TuningRanking(0.5).rank(List.of(
                measured("none", 1000, 1.0),
                measured("gzip:6", 300, 1.8),
                measured("gzip:1", 400, 1.2),
                measured("gzip:9", 280, 4.0),
                measured("gzip:8", 290, 2.5)));
        assertEquals(List.of("gzip:6", "gzip:1", "none", "gzip:8", "gzip:9"), codecs(ranked));
        assertEquals(1.0 / 1.8, ranked.getFirst().speedShare(), 1e-12);
        assertEquals(1.0, ranked.get(2).speedShare());
        assertEquals(0.25, ranked.get(4).speedShare());
    }

    @Test
    void noLeastSpeedRanksBySizeAlone() {
        List<Candidate> ranked = new TuningRanking(0).rank(List.of(measured("none", 1000, 1.0), measured("gzip:9", 280, 4.0)));
        assertEquals(List.of("gzip:9", "none"), codecs(ranked));
    }

    @Test
    void equalSizesGoToTheFasterOne() {
        List<Candidate> ranked = new TuningRanking(0.5).rank(List.of(measured("gzip:1", 300, 1.5), measured("gzip:3", 300, 1.0)));
        assertEquals(List.of("gzip:3", "gzip:1"), codecs(ranked));
    }

    /** A percent saved is not worth a slower scan: the nested-noise case of bench/results/2026-12-07-tune-rounds.md. */
    @Test
    void sizesWithinTwoPercentGoToTheFasterOne() {
        TuningRanking ranking = new TuningRanking(0.5);
        List<Candidate> ranked = ranking.rank(List.of(measured("gzip:1", 10000, 1.3), measured("none", 10150, 1.0),
                measured("gzip:3", 10250, 0.9), measured("gzip:6", 9000, 1.5)));
        // 9000 is more than 2% below 10000, which is within 2% of 10150 but not of 10250
        assertEquals(List.of("gzip:6", "none", "gzip:1", "gzip:3"), codecs(ranked));
        List<Candidate> noCodecFirst = ranking.rank(List.of(measured("gzip:1", 10000, 1.3), measured("none", 10150, 1.0)));
        assertEquals(List.of("none", "gzip:1"), codecs(noCodecFirst));
        assertEquals("2.0x smaller than the source, the fastest scan of x; the smallest (within 2%) of 2 layouts at 0.50x"
                + " the fastest or better", ranking.reason(noCodecFirst, 20300, List.of("x")));
    }

    @Test
    void theReasonGivesTheSizeRatioAndTheShareOfTheFastestScan() {
        TuningRanking ranking = new TuningRanking(0.5);
        List<Candidate> ranked = ranking.rank(List.of(measured("none", 1000, 1.0), measured("gzip:6", 310, 1.25),
                measured("gzip:9", 280, 4.0)));
        assertEquals("3.1x smaller than the source, scans x,y at 0.80x the fastest (none, chunks of 65536); the smallest"
                + " of 2 layouts at 0.50x the fastest or better", ranking.reason(ranked, 961, List.of("x", "y")));
    }

    @Test
    void theFastestLayoutSaysSoAndALargerOneSaysLarger() {
        TuningRanking ranking = new TuningRanking(0.9);
        List<Candidate> ranked = ranking.rank(List.of(measured("none", 1000, 1.0), measured("gzip:6", 310, 1.25)));
        assertEquals("2.0x larger than the source, the fastest scan of every field; the smallest of 1 layout at 0.90x"
                + " the fastest or better", ranking.reason(ranked, 500, List.of()));
    }
}
