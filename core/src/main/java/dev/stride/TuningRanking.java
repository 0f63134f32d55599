package dev.stride;

import dev.stride.TuningReport.Candidate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Orders measured layouts: those whose warm scan of the chosen fields runs at {@code minSpeed} of the fastest or better
 * come first, smallest first (a job then reads the least for a scan nearly as fast), then the slower ones, fastest
 * first. Sizes within {@link #SAME_SIZE} of each other count as one, the fastest of them first: a record whose fields
 * hardly compress stores about as much under any codec, and a codec that saves a percent should not win over no codec
 * that scans faster. The warm scan ranks rather than the first, which in a fresh JVM also pays for compiling the scan
 * loops.
 */
record TuningRanking(double minSpeed) {
    /** The share by which sizes may differ and still count as one size. */
    static final double SAME_SIZE = 0.02;

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
        fast.sort(Comparator.comparingLong(Candidate::storedBytes));
        List<Candidate> ranked = new ArrayList<>();
        int from = 0;
        while (from < fast.size()) {
            // the sizes within SAME_SIZE of the smallest not yet ranked, fastest first
            double sameSize = fast.get(from).storedBytes() * (1 + SAME_SIZE);
            int to = from + 1;
            while (to < fast.size() && fast.get(to).storedBytes() <= sameSize) {
                to++;
            }
            List<Candidate> oneSize = new ArrayList<>(fast.subList(from, to));
            oneSize.sort(quicker);
            ranked.addAll(oneSize);
            from = to;
        }
        slow.sort(quicker);
        ranked.addAll(slow);
        return ranked;
    }

    /**
     * Why the first of {@code ranked} is recommended: "3.1x smaller than the source, scans x,y at 0.92x the fastest
     * (none, chunks of 65536); the smallest of 4 layouts at 0.50x the fastest or better", with "(within 2%)" after
     * "smallest" when a smaller one ranks after it.
     */
    String reason(List<Candidate> ranked, long sourceBytes, List<String> fields) {
        Candidate best = ranked.getFirst();
        double ratio = best.sizeRatio(sourceBytes);
        String size = ratio >= 1 ? format("%.1fx smaller than the source", ratio) : format("%.1fx larger than the source", 1 / ratio);
        String scanned = fields.isEmpty() ? "every field" : String.join(",", fields);
        Candidate fastest = ranked.stream().filter(c -> c.speedShare() >= 1).findFirst().orElse(best);
        String speed = fastest == best ? "the fastest scan of " + scanned
                : format("scans %s at %.2fx the fastest (%s)", scanned, best.speedShare(), fastest.layout().describe());
        List<Candidate> eligible = ranked.stream().filter(c -> c.speedShare() >= minSpeed).toList();
        boolean smaller = eligible.stream().anyMatch(c -> c.storedBytes() < best.storedBytes());
        return size + ", " + speed + "; the smallest" + (smaller ? format(" (within %.0f%%)", SAME_SIZE * 100) : "")
                + " of " + eligible.size() + (eligible.size() == 1 ? " layout" : " layouts")
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
