package dev.stride;

import dev.stride.TuningReport.Candidate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Orders measured layouts: those whose warm scan of the chosen fields runs at {@code minSpeed} of the fastest or better
 * come first, smallest first (a job then reads the least for a scan nearly as fast), then the slower ones, fastest
 * first. The warm scan ranks rather than the first, which in a fresh JVM also pays for compiling the scan loops.
 */
record TuningRanking(double minSpeed) {

    /** {@code measured} in ranked order, each with its share of the fastest scan. */
    List<Candidate> rank(List<Candidate> measured) {
        double fastest = measured.stream().mapToDouble(TuningRanking::seconds).min().orElse(1);
        List<Candidate> fast = new ArrayList<>();
        List<Candidate> slow = new ArrayList<>();
        for (Candidate c : measured) {
            Candidate shared = c.withSpeedShare(fastest / seconds(c));
            (shared.speedShare() >= minSpeed ? fast : slow).add(shared);
        }
        Comparator<Candidate> quicker = Comparator.comparingDouble(Candidate::speedShare).reversed();
        fast.sort(Comparator.comparingLong(Candidate::storedBytes).thenComparing(quicker));
        slow.sort(quicker);
        fast.addAll(slow);
        return fast;
    }

    /**
     * Why the first of {@code ranked} is recommended: "3.1x smaller than the source, scans x,y at 0.92x the fastest
     * (none, chunks of 65536); the smallest of 4 layouts at 0.50x the fastest or better".
     */
    String reason(List<Candidate> ranked, long sourceBytes, List<String> fields) {
        Candidate best = ranked.getFirst();
        double ratio = best.sizeRatio(sourceBytes);
        String size = ratio >= 1 ? format("%.1fx smaller than the source", ratio) : format("%.1fx larger than the source", 1 / ratio);
        String scanned = fields.isEmpty() ? "every field" : String.join(",", fields);
        Candidate fastest = ranked.stream().filter(c -> c.speedShare() >= 1).findFirst().orElse(best);
        String speed = fastest == best ? "the fastest scan of " + scanned
                : format("scans %s at %.2fx the fastest (%s)", scanned, best.speedShare(), fastest.layout().describe());
        long eligible = ranked.stream().filter(c -> c.speedShare() >= minSpeed).count();
        return size + ", " + speed + "; the smallest of " + eligible + (eligible == 1 ? " layout" : " layouts")
                + format(" at %.2fx the fastest or better", minSpeed);
    }

    /** The time that ranks a candidate, never zero. */
    private static double seconds(Candidate c) {
        return Math.max(c.warmScanSeconds(), 1e-9);
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
