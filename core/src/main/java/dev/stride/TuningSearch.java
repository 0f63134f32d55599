package dev.stride;

import dev.stride.TuningReport.Candidate;
import dev.stride.TuningReport.Layout;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;

/**
 * Which layouts to measure, in what order, within a deadline. A coarse pass measures each codec family at one chunk
 * size; then, as long as time is left, the neighbours of the best so far: the codec's other levels, the next chunk
 * size down and up, and the same chunks in shards. A layout is started only when the longest one so far (or, for the
 * first, the caller's estimate) still fits before the deadline, so the run ends in time.
 */
final class TuningSearch {
    /** Measures one layout; the deadline lets it cut its repeated scans short. */
    @FunctionalInterface
    interface Trial {
        Candidate measure(Layout layout, long deadlineNanos);
    }

    /** The coarse pass, most telling first, since a short budget may end it early. */
    static final List<String> COARSE = List.of("zstd:3", "blosc:lz4:5:shuffle", "none", "blosc:zstd:5:bitshuffle",
            "blosc:lz4:5:bitshuffle", "blosc:zstd:5:shuffle", "gzip:6");
    /** Decoded bytes per chunk that the chunk sizes aim at: around the project's benchmark arrays' chunks. */
    static final long[] CHUNK_BYTES = {1L << 20, 4L << 20, 16L << 20, 64L << 20};
    /** The coarse pass's chunk size, an index into {@link #CHUNK_BYTES}. */
    private static final int COARSE_CHUNK = 1;
    /** Chunks per shard in a sharded candidate. */
    static final long SHARD_CHUNKS = 8;

    /** What the search measured, ranked, and how many layouts it knew of but had no time for. */
    record Result(List<Candidate> ranked, int unmeasured) {
    }

    private final List<Compression> coarse;
    private final LongSupplier clock;
    private final long deadline;
    private final long firstEstimate;
    private final long[] ladder;
    private final long extent;
    private final TuningRanking ranking;

    /**
     * @param coarse the codecs of the coarse pass, in order
     * @param clock a monotonic clock in nanoseconds
     * @param deadline when the last measurement must have ended, on {@code clock}
     * @param firstEstimate how long the first layout is expected to take
     * @param bytesPerIndex decoded bytes in one index of the first dimension
     * @param extent the sample's size along the first dimension: no chunk is larger
     */
    TuningSearch(List<Compression> coarse, LongSupplier clock, long deadline, long firstEstimate, long bytesPerIndex, long extent, TuningRanking ranking) {
        this.coarse = coarse;
        this.clock = clock;
        this.deadline = deadline;
        this.firstEstimate = firstEstimate;
        this.ladder = ladder(bytesPerIndex, extent);
        this.extent = extent;
        this.ranking = ranking;
    }

    /**
     * Chunk sizes along the first dimension: the power of two nearest below each of {@link #CHUNK_BYTES}, at most the
     * sample's extent (the extent itself when even the smallest is larger), ascending.
     */
    static long[] ladder(long bytesPerIndex, long extent) {
        TreeSet<Long> sizes = new TreeSet<>();
        for (long bytes : CHUNK_BYTES) {
            long records = Long.highestOneBit(Math.max(1, bytes / Math.max(1, bytesPerIndex)));
            if (records <= extent) {
                sizes.add(records);
            }
        }
        if (sizes.isEmpty()) {
            sizes.add(extent);
        }
        return sizes.stream().mapToLong(Long::longValue).toArray();
    }

    /** The coarse pass's layouts, in order. */
    List<Layout> coarseLayouts() {
        return coarse.stream().map(codec -> new Layout(coarseChunk(), 0, codec)).toList();
    }

    /** The chunk size of the coarse pass: the ladder's step for {@link #COARSE_CHUNK}, or its largest when shorter. */
    long coarseChunk() {
        return ladder[Math.min(COARSE_CHUNK, ladder.length - 1)];
    }

    /** Measures layouts until none is left to try or the next would not end before the deadline. */
    Result run(Trial trial) {
        Deque<Layout> queue = new ArrayDeque<>(coarseLayouts());
        Set<String> tried = new HashSet<>();
        List<Candidate> measured = new ArrayList<>();
        long longest = firstEstimate;
        while (true) {
            if (queue.isEmpty()) {
                List<Candidate> ranked = ranking.rank(measured);
                neighbours(ranked.getFirst().layout()).stream().filter(l -> !tried.contains(l.describe())).forEach(queue::add);
                if (queue.isEmpty()) {
                    return new Result(ranked, 0);
                }
            }
            long started = clock.getAsLong();
            if (started + longest > deadline) {
                return new Result(measured.isEmpty() ? List.of() : ranking.rank(measured), queue.size());
            }
            Layout next = queue.poll();
            measured.add(trial.measure(next, deadline));
            tried.add(next.describe());
            long took = clock.getAsLong() - started;
            longest = measured.size() == 1 ? took : Math.max(longest, took);
        }
    }

    /** The layouts next to {@code best}: its codec's other levels, the next chunk sizes, shards of its chunks. */
    List<Layout> neighbours(Layout best) {
        List<Layout> near = new ArrayList<>();
        for (String level : otherLevels(best.compression().toString())) {
            available(level).ifPresent(c -> near.add(new Layout(best.chunk(), best.shard(), c)));
        }
        int at = 0;
        while (at < ladder.length - 1 && ladder[at] < best.chunk()) {
            at++;
        }
        for (int step : new int[] {-1, 1}) {
            int i = at + step;
            if (i >= 0 && i < ladder.length && ladder[i] != best.chunk()) {
                long shard = best.shard() == 0 ? 0 : ladder[i] * SHARD_CHUNKS;
                if (shard <= extent) {
                    near.add(new Layout(ladder[i], shard, best.compression()));
                }
            }
        }
        long shard = best.chunk() * SHARD_CHUNKS;
        if (best.shard() == 0 && shard <= extent) {
            near.add(new Layout(best.chunk(), shard, best.compression()));
        }
        return near;
    }

    /** The codecs of {@link #COARSE} this JVM can encode: without the codecs module, gzip and none. */
    static List<Compression> availableCoarse() {
        return COARSE.stream().map(TuningSearch::available).flatMap(Optional::stream).toList();
    }

    /** The compression a spelling names, or empty when no codec here encodes it. */
    static Optional<Compression> available(String codec) {
        try {
            return Optional.of(Compression.parse(codec));
        } catch (IllegalArgumentException notHere) {
            return Optional.empty();
        }
    }

    /** The same codec at its other levels worth measuring: zstd 1, 3, 9; blosc 1, 5, 9; gzip 1, 6, 9. */
    static List<String> otherLevels(String codec) {
        String[] parts = codec.split(":");
        String[] levels = switch (parts[0]) {
            case "zstd" -> new String[] {"1", "3", "9"};
            case "gzip" -> new String[] {"1", "6", "9"};
            case "blosc" -> new String[] {"1", "5", "9"};
            default -> new String[0];
        };
        int levelAt = parts[0].equals("blosc") ? 2 : 1;
        List<String> others = new ArrayList<>();
        for (String level : levels) {
            if (!level.equals(parts[levelAt])) {
                String[] changed = parts.clone();
                changed[levelAt] = level;
                others.add(String.join(":", changed));
            }
        }
        return others;
    }
}
