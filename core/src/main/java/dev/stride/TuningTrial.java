package dev.stride;

import dev.stride.TuningReport.Candidate;
import dev.stride.TuningReport.Layout;
import dev.stride.internal.read.Workers;
import dev.stride.model.DataType;
import dev.stride.model.FillValue;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Measures one layout on the sample: writes the sample in it under the scratch hierarchy (timed, on every thread),
 * adds up what it stores, scans it in a freshly opened hierarchy (the chosen fields once, counting the requests a
 * remote store sends for it, again while time allows, first again in two more fresh hierarchies for the median, then
 * every field), and deletes it again.
 */
final class TuningTrial implements TuningSearch.Trial {
    /** Scans of the chosen fields after the first: at least this many, the fastest counting. */
    private static final int WARM_SCANS = 3;
    /** At most this many, repeated while they add up to less than {@link #WARM_NANOS}: short scans vary most. */
    private static final int MAX_WARM_SCANS = 10;
    private static final long WARM_NANOS = 250_000_000L;
    /** First scans, each in a reader opened afresh, of which the median counts (fewer when time runs short). */
    private static final int FIRST_SCANS = 3;

    /**
     * The sample, what it holds and how it reads back.
     *
     * @param arrayLength the whole array's length along the first dimension, which the sample's figures are scaled to
     */
    record Sample(MemorySegment records, ByteOrder order, long[] shape, long[] readUnit, DataType type, FillValue fill,
                  long recordSize, long arrayLength) {
    }

    private final TuningScratch scratch;
    private final String where;
    private final Sample sample;
    private final List<String> fields;
    private final List<String> allFields;
    private final int threads;
    private final LongSupplier clock;
    private final Consumer<String> progress;
    private final Runnable evictCaches;
    private int trials;

    /**
     * @param scratch the hierarchy candidates are written into, opened afresh for each reader so that no reader state of
     *        an earlier scan is reused
     * @param fields the chosen fields, scanned first
     * @param allFields every leaf field
     * @param evictCaches run before each timed scan, so that the scan reads from where a scan of the whole array would
     */
    TuningTrial(TuningScratch scratch, Sample sample, List<String> fields, List<String> allFields,
                int threads, LongSupplier clock, Consumer<String> progress, Runnable evictCaches) {
        this.scratch = scratch;
        this.where = String.valueOf(scratch.writer().store().descriptor());
        this.sample = sample;
        this.fields = fields;
        this.allFields = allFields;
        this.threads = threads;
        this.clock = clock;
        this.progress = progress;
        this.evictCaches = evictCaches;
    }

    @Override
    public Candidate measure(Layout layout, long deadlineNanos) {
        progress.accept("measuring " + layout.describe());
        long started = clock.getAsLong();
        return written("measuring", "/candidate-", layout, sample.shape(), node -> {
            double writeSeconds = seconds(started);
            long stored = storedBytes(scratch.writer().store(), node.substring(1) + "/");
            try (Zarr zarr = scratch.reopen(); ZarrArray array = zarr.array(node)) {
                ScanOptions options = ScanOptions.threads(threads);
                Passes passes = new Passes(array, layout, options);
                OptionalLong sentBefore = zarr.store().requestsSent();
                double first = passes.firstAfterOpening();
                OptionalLong requests = sentBefore.isEmpty() ? sentBefore
                        : OptionalLong.of(zarr.store().requestsSent().orElseThrow() - sentBefore.getAsLong());
                double warm = Double.MAX_VALUE;
                double warmUnit = Double.MAX_VALUE;
                long warmStart = clock.getAsLong();
                for (int i = 0; i == 0 || i < MAX_WARM_SCANS && clock.getAsLong() + 2 * nanos(warm) < deadlineNanos
                        && (i < WARM_SCANS || clock.getAsLong() - warmStart < WARM_NANOS); i++) {
                    warm = Math.min(warm, timed(() -> array.scan(fields, null, options)));
                    warmUnit = Math.min(warmUnit, passes.timedUnit());
                }
                first = medianFirst(first, node, layout, options, deadlineNanos);
                double all = fields.equals(allFields) ? warm : timed(() -> array.scan(allFields, null, options));
                double start = passes.start(warmUnit, warm);
                return new Candidate(layout, stored, writeSeconds, passes.asShareOfArray(passes.scaledFirst(first, start), start),
                        passes.asShareOfArray(warm, start), passes.asShareOfArray(all, start), requests, 0);
            }
        });
    }

    /**
     * The median of a first scan already timed and of more, each in a reader opened afresh, up to {@link #FIRST_SCANS}
     * while time allows: one fresh reader's first pass varies by up to half between repetitions (its threads' start,
     * faults on freshly mapped files), so a single one would decide the figure.
     */
    private double medianFirst(double timed, String node, Layout layout, ScanOptions options, long deadlineNanos) {
        List<Double> firsts = new ArrayList<>(List.of(timed));
        while (firsts.size() < FIRST_SCANS && clock.getAsLong() + 2 * nanos(timed) < deadlineNanos) {
            try (Zarr zarr = scratch.reopen(); ZarrArray array = zarr.array(node)) {
                firsts.add(new Passes(array, layout, options).firstAfterOpening());
            }
        }
        firsts.sort(null);
        int n = firsts.size();
        return (firsts.get((n - 1) / 2) + firsts.get(n / 2)) / 2;
    }

    /**
     * How a pass's work divides over the threads: they take chunks (a shard's inner chunks, when sharded) in turn, so a
     * round is a chunk on each thread at once.
     *
     * @param chunk indexes of a chunk along the first dimension
     * @param chunksAcross chunks across the other dimensions, for each index range of one chunk along the first
     */
    record Rounds(long chunk, long chunksAcross, int threads) {
        /** {@return the rounds a pass over {@code indexes} of the first dimension takes} */
        long of(long indexes) {
            return Math.ceilDiv(Math.ceilDiv(indexes, chunk) * chunksAcross, threads);
        }

        /** {@return the fewest whole read units of {@code readUnit} indexes that hold a chunk for every thread} */
        long opening(long readUnit) {
            return readUnit * Math.ceilDiv(threads, readUnit / chunk * chunksAcross);
        }
    }

    /**
     * The timed passes over one candidate's sample and what they tell apart. A pass costs a start (handing chunks to the
     * workers, their first reads) plus a time per {@link Rounds round}; on a sample scanned in milliseconds the start
     * weighs many times what it weighs on the whole array (a sample read at 0.6x of its copy's speed,
     * bench/results/2026-12-06-tune-amd.md). So the start is estimated as the intercept of the line through a pass of the
     * sample's first read unit (shard or chunk along the first dimension) and a pass of the whole sample, and the figures
     * count it at the sample's share of a scan of the whole array. Rounds, not records, since a sample of no more chunks
     * than threads reads in one round: against records, its pass would seem all start (a layout so measured at twice its
     * speed, bench/results/2026-12-07-tune-rounds.md).
     */
    private final class Passes {
        private final ZarrArray array;
        private final ScanOptions options;
        private final long[] shape = sample.shape();
        private final Rounds rounds;
        /** Indexes of the first read unit along the first dimension, or 0 when the sample is that one unit. */
        private final long unit;
        /**
         * Indexes a fresh reader reads untimed before its first timed pass: read units enough for a chunk on every
         * thread where the sample has more, so that every thread has made its session and buffers; else the first unit
         * (or none).
         */
        private final long opening;

        Passes(ZarrArray array, Layout layout, ScanOptions options) {
            this.array = array;
            this.options = options;
            long chunksAcross = 1;
            for (int d = 1; d < shape.length; d++) {
                chunksAcross *= Math.ceilDiv(shape[d], sample.readUnit()[d]);
            }
            this.rounds = new Rounds(layout.chunk(), chunksAcross, threads);
            long readUnit = layout.shard() > 0 ? layout.shard() : layout.chunk();
            this.unit = shape[0] > readUnit ? readUnit : 0;
            long enough = rounds.opening(readUnit);
            this.opening = shape[0] > enough ? enough : unit;
        }

        /**
         * The seconds of the fresh reader's first pass over the sample beyond its {@link #opening}, which is read
         * untimed: opening a reader, and each of its threads' first read, costs the same for any size, so on a sample it
         * would weigh many times what it weighs on the array. A sample of one unit is timed whole.
         */
        double firstAfterOpening() {
            if (opening == 0) {
                return timed(() -> array.scan(fields, null, options));
            }
            array.scan(fields, head(opening), options);
            return timed(() -> array.scan(fields, after(opening), options));
        }

        /** A timed warm pass over the first read unit; 0 when the sample is that unit. */
        double timedUnit() {
            return unit == 0 ? 0 : timed(() -> array.scan(fields, head(unit), options));
        }

        /** The first pass's time, its start left out, scaled from the rounds after the opening to the whole sample's. */
        double scaledFirst(double afterOpening, double start) {
            return opening == 0 ? afterOpening
                    : Math.max(0, afterOpening - start) * rounds.of(shape[0]) / rounds.of(shape[0] - opening) + start;
        }

        /** A pass's start, from the fastest warm passes over the first unit and over the whole sample. */
        double start(double unitSeconds, double sampleSeconds) {
            return unit == 0 ? 0 : passStart(unitSeconds, rounds.of(unit), sampleSeconds, rounds.of(shape[0]));
        }

        /** A pass's seconds with its start counted at the sample's share of the whole array, as the array's scan pays it. */
        double asShareOfArray(double seconds, double start) {
            return Math.max(0, seconds - start) + start * shape[0] / sample.arrayLength();
        }

        /** The sample's first {@code indexes} along the first dimension, every index of the others. */
        private Region head(long indexes) {
            long[] stop = shape.clone();
            stop[0] = indexes;
            return new Region(new long[shape.length], stop);
        }

        /** The sample after its first {@code indexes}. */
        private Region after(long indexes) {
            long[] start = new long[shape.length];
            start[0] = indexes;
            return new Region(start, shape.clone());
        }
    }

    /**
     * Writes the sample's first {@code shape[0]} indexes in {@code layout} as a new array under the scratch hierarchy,
     * hands its node to {@code use}, and deletes it again whatever happens; a failure is named by the scratch location,
     * not by the source's path, which it would be taken for.
     */
    private <T> T written(String doing, String prefix, Layout layout, long[] shape, Function<String, T> use) {
        String node = prefix + trials++;
        try {
            write(node, layout, shape);
            return use.apply(node);
        } catch (ZarrException e) {
            throw new ZarrException.StoreFailure(null, doing + " " + layout.describe() + " in the scratch location "
                    + where + node + " failed: " + e.getMessage(), e);
        } finally {
            scratch.writer().delete(node);
        }
    }

    /**
     * The time of no work on the line through two passes' times, of {@code fewer} and of {@code more} rounds: a pass's
     * own start, within [0, the shorter pass's time]; 0 when the longer pass is not slower (noise) or has no more rounds.
     */
    static double passStart(double fewerSeconds, long fewer, double moreSeconds, long more) {
        if (!(moreSeconds > fewerSeconds) || more <= fewer) {
            return 0;
        }
        double perRound = (moreSeconds - fewerSeconds) / (more - fewer);
        return Math.clamp(fewerSeconds - perRound * fewer, 0, fewerSeconds);
    }

    /**
     * Writes the sample's first unit (shard or chunk) in each layout and scans it, untimed, until {@code deadlineNanos}:
     * the first pass through a codec's code, or the mapped files', runs while the JIT compiles it, and a path first met
     * after the others have compiled throws their compiled code away for a while (a layout measured so read at a fifth of
     * its speed in one scan), so every path is met before any is timed.
     */
    void warmUp(List<Layout> layouts, long deadlineNanos) {
        progress.accept("warming up: the first chunk in each of " + layouts.size() + " layouts, untimed");
        for (Layout layout : layouts) {
            if (clock.getAsLong() >= deadlineNanos) {
                return;
            }
            long[] shape = sample.shape().clone();
            shape[0] = Math.min(shape[0], layout.shard() > 0 ? layout.shard() : layout.chunk());
            written("warming up on", "/warm-up-", layout, shape, node -> {
                try (Zarr zarr = scratch.reopen(); ZarrArray array = zarr.array(node)) {
                    ScanOptions options = ScanOptions.threads(threads);
                    array.scan(fields, null, options);
                    if (!fields.equals(allFields)) {
                        array.scan(allFields, null, options);
                    }
                }
                return null;
            });
        }
    }

    /**
     * Writes the sample's first {@code shape[0]} indexes as a new array at {@code node}, in slabs of whole chunks
     * (shards) on every thread.
     */
    private void write(String node, Layout layout, long[] shape) {
        scratch.checkRunning();
        try (ArrayWriter writer = scratch.writer().createArray(node, layout.spec(sample.type(), sample.fill(), shape,
                sample.readUnit(), sample.recordSize()))) {
            long slab = layout.shard() > 0 ? layout.shard() : layout.chunk();
            long bytesPerIndex = sample.records().byteSize() / sample.shape()[0];
            long slabs = (shape[0] + slab - 1) / slab;
            Workers.forEach(threads, slabs, null, n -> {
                long[] start = new long[shape.length];
                long[] stop = shape.clone();
                start[0] = n * slab;
                stop[0] = Math.min(shape[0], start[0] + slab);
                MemorySegment records = sample.records().asSlice(start[0] * bytesPerIndex, (stop[0] - start[0]) * bytesPerIndex);
                scratch.checkRunning();
                writer.write(new Region(start, stop), records, sample.order());
            });
            writer.commit();
        }
    }

    /** Bytes of the values below {@code prefix} (a folder, ending in /) other than metadata: chunks, shards, their indexes. */
    static long storedBytes(WritableStore store, String prefix) {
        long total = 0;
        for (String name : store.list(prefix)) {
            List<String> below = store.list(prefix + name + "/");
            if (!below.isEmpty()) {
                total += storedBytes(store, prefix + name + "/");
            } else if (!name.equals("zarr.json")) {
                total += Math.max(0, store.size(prefix + name));
            }
        }
        return total;
    }

    private double timed(Runnable pass) {
        evictCaches.run();
        long started = clock.getAsLong();
        pass.run();
        return seconds(started);
    }

    private double seconds(long since) {
        return (clock.getAsLong() - since) / 1e9;
    }

    private static long nanos(double seconds) {
        return (long) (seconds * 1e9);
    }
}
