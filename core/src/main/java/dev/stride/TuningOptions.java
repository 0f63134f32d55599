package dev.stride;

import dev.stride.model.ZarrException;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * What {@link Tuning#measure} measures and how long it may take.
 *
 * @param fields the dotted paths of the fields a job scans, whose scan speed ranks the layouts; empty for every field
 * @param sampleRecords records to sample (rounded up to whole read units), or 0 to use {@code sampleFraction}
 * @param sampleFraction the share of the array's records to sample (0.05 for 5%), or 0 for the default: 5%, but at least
 *        {@link #LEAST_DEFAULT_SAMPLE_BYTES} and at most {@link #DEFAULT_SAMPLE_BYTES} of records (all of a smaller array);
 *        ignored when {@code sampleRecords} is set
 * @param budget the longest the whole measurement may take, sampling and clean-up included
 * @param scratch where the candidate layouts are written: a directory or a store URI ({@code s3://bucket/prefix}),
 *        inside which a fresh hidden directory is made and removed again; null for the system's temporary directory
 * @param threads threads that write and scan, at least 1
 * @param minSpeed the least share of the fastest scan a layout must reach to be ranked by size (0.5: half as fast);
 *        between 0 and 1
 * @param progress told what is being measured, one line at a time; null for silence
 */
public record TuningOptions(List<String> fields, long sampleRecords, double sampleFraction, Duration budget,
                            String scratch, int threads, double minSpeed, Consumer<String> progress) {
    /** The default sample's ceiling in decoded bytes, so a default run on a large array stays quick. */
    public static final long DEFAULT_SAMPLE_BYTES = 64L << 20;
    /** The default sample's floor in decoded bytes: scans of fewer are too short to time on a busy machine. */
    public static final long LEAST_DEFAULT_SAMPLE_BYTES = 16L << 20;

    /**
     * Options, checked.
     *
     * @throws ZarrException.BadRequest for a negative sample, a fraction above 1, a budget that is not positive, no
     *         threads, or a speed share outside 0 to 1
     */
    public TuningOptions {
        fields = List.copyOf(ZarrException.BadRequest.requireNonNull(fields, "fields"));
        ZarrException.BadRequest.requireNonNull(budget, "budget");
        if (sampleRecords < 0 || !(sampleFraction >= 0 && sampleFraction <= 1)) {
            throw new ZarrException.BadRequest(null, "the sample must be a positive number of records or a share up to 100%");
        }
        if (budget.isNegative() || budget.isZero()) {
            throw new ZarrException.BadRequest(null, "the budget must be positive, not " + budget);
        }
        if (threads < 1) {
            throw new ZarrException.BadRequest(null, "threads must be at least 1");
        }
        if (!(minSpeed >= 0 && minSpeed <= 1)) {
            throw new ZarrException.BadRequest(null, "the least share of the fastest scan must lie between 0 and 1, not " + minSpeed);
        }
        progress = progress == null ? line -> { } : progress;
    }

    /**
     * Every field, the default sample, a minute's budget, the system's temporary directory, a thread per processor,
     * layouts at half the fastest scan or better ranked by size, no progress reports.
     *
     * @return the default options
     */
    public static TuningOptions defaults() {
        return new TuningOptions(List.of(), 0, 0, Duration.ofSeconds(60), null, Runtime.getRuntime().availableProcessors(), 0.5, null);
    }

    /**
     * The same options ranking layouts by the scan of these fields.
     *
     * @param scanned dotted field paths; empty for every field
     * @return the options
     */
    public TuningOptions withFields(List<String> scanned) {
        return new TuningOptions(scanned, sampleRecords, sampleFraction, budget, scratch, threads, minSpeed, progress);
    }

    /**
     * The same options sampling about this many records.
     *
     * @param records at least 1
     * @return the options
     */
    public TuningOptions withSampleRecords(long records) {
        if (records < 1) {
            throw new ZarrException.BadRequest(null, "the sample must hold at least 1 record, not " + records);
        }
        return new TuningOptions(fields, records, 0, budget, scratch, threads, minSpeed, progress);
    }

    /**
     * The same options sampling this share of the records.
     *
     * @param fraction above 0, at most 1
     * @return the options
     */
    public TuningOptions withSampleFraction(double fraction) {
        if (!(fraction > 0)) {
            throw new ZarrException.BadRequest(null, "the sample share must be above 0%, not " + fraction);
        }
        return new TuningOptions(fields, 0, fraction, budget, scratch, threads, minSpeed, progress);
    }

    /**
     * The same options with another budget.
     *
     * @param limit the longest the measurement may take
     * @return the options
     */
    public TuningOptions withBudget(Duration limit) {
        return new TuningOptions(fields, sampleRecords, sampleFraction, limit, scratch, threads, minSpeed, progress);
    }

    /**
     * The same options writing candidates under another location.
     *
     * @param location a directory or store URI, null for the system's temporary directory
     * @return the options
     */
    public TuningOptions withScratch(String location) {
        return new TuningOptions(fields, sampleRecords, sampleFraction, budget, location, threads, minSpeed, progress);
    }

    /**
     * The same options on another number of threads.
     *
     * @param count at least 1
     * @return the options
     */
    public TuningOptions withThreads(int count) {
        return new TuningOptions(fields, sampleRecords, sampleFraction, budget, scratch, count, minSpeed, progress);
    }

    /**
     * The same options with another least share of the fastest scan.
     *
     * @param share between 0 and 1
     * @return the options
     */
    public TuningOptions withMinSpeed(double share) {
        return new TuningOptions(fields, sampleRecords, sampleFraction, budget, scratch, threads, share, progress);
    }

    /**
     * The same options reporting progress.
     *
     * @param listener told one line at a time, null for silence
     * @return the options
     */
    public TuningOptions withProgress(Consumer<String> listener) {
        return new TuningOptions(fields, sampleRecords, sampleFraction, budget, scratch, threads, minSpeed, listener);
    }
}
