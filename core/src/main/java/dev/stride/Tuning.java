package dev.stride;

import dev.stride.internal.read.FieldScan;
import dev.stride.internal.read.Workers;
import dev.stride.model.FieldAccessor;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Measures how an array would store and scan in other layouts, on this machine and its own data: a sample of whole
 * chunks spread over the array is written in candidate layouts (chunk sizes, shards, codecs and levels, the layouts
 * {@code stride copy} writes) into a scratch location, and each is timed writing and scanning. The source is only read.
 *
 * <pre>{@code
 * try (Zarr zarr = Zarr.open("trips.zarr"); ZarrArray trips = zarr.array("/")) {
 *     TuningReport report = Tuning.measure(trips, TuningOptions.defaults().withFields(List.of("fare")));
 *     System.out.println(report.reason() + ": " + report.recommended().layout().copyOptions());
 * }
 * }</pre>
 */
public final class Tuning {
    /** Share of the budget kept back for cleaning up and reporting. */
    private static final double MARGIN = 0.1;
    /** A first layout's expected cost in readings of the sample: a write and several scans, each about one read. */
    private static final int FIRST_ESTIMATE_READS = 4;

    private Tuning() {
    }

    /**
     * Samples {@code array}, measures candidate layouts on the sample within the budget, and ranks them.
     *
     * @param array the array to tune, only read
     * @param options the fields, sample, budget and scratch location
     * @return the measured layouts, the recommended first
     * @throws ZarrException.BadRequest for an unknown field, an array with no records or no stored chunk, or a budget
     *         too small for one layout (saying how long one takes)
     * @throws ZarrException.Unsupported for an array of no dimension, or records with shaped fields
     * @throws ZarrException.StoreFailure when the scratch location cannot be written (naming it) or the source read
     */
    public static TuningReport measure(ZarrArray array, TuningOptions options) {
        return measure(array, options, System::nanoTime);
    }

    /** The same on another monotonic clock, in nanoseconds. */
    static TuningReport measure(ZarrArray array, TuningOptions options, LongSupplier clock) {
        ZarrException.BadRequest.requireNonNull(array, "array");
        ZarrException.BadRequest.requireNonNull(options, "options");
        long started = clock.getAsLong();
        long budget = options.budget().toNanos();
        long deadline = started + budget - (long) (budget * MARGIN);
        check(array, options.fields());
        // complex numbers and raw bytes have no statistics to scan for; every other field is scanned
        List<String> allFields = array.layout().fields().stream().filter(f -> FieldScan.takes(f.type())).map(FieldAccessor::path).toList();
        if (allFields.isEmpty()) {
            throw new ZarrException.BadRequest(array.path(), "has no field a scan reads (real numbers, booleans, times,"
                    + " strings), which is what tune measures");
        }
        List<String> fields = options.fields().isEmpty() ? allFields : options.fields();
        long recordSize = array.layout().recordSize();
        TuningSample plan = TuningSample.plan(array.shape(), array.readUnitShape(), wanted(array.metadata().size(), recordSize, options));
        options.progress().accept(String.format(Locale.ROOT, "sampling %d of %d records: %d whole chunk%s spread over the array",
                plan.records(), array.metadata().size(), plan.units(), plan.units() == 1 ? "" : "s"));
        try (TuningScratch scratch = TuningScratch.open(options.scratch()); Arena arena = Arena.ofShared();
             CacheEviction eviction = CacheEviction.forArray(array.metadata().size(), recordSize)) {
            long reading = clock.getAsLong();
            MemorySegment records = read(array, plan, arena, options.threads());
            long firstEstimate = FIRST_ESTIMATE_READS * (clock.getAsLong() - reading);
            TuningTrial.Sample sample = new TuningTrial.Sample(records, array.layout().order(), plan.sampleShape(),
                    array.readUnitShape(), array.dataType(), array.metadata().fillValue().as(array.dataType()), recordSize,
                    array.shape()[0]);
            TuningTrial trial = new TuningTrial(scratch, sample, fields, allFields,
                    options.threads(), clock, options.progress(), eviction::run);
            TuningRanking ranking = new TuningRanking(options.minSpeed());
            long bytesPerIndex = records.byteSize() / plan.sampleShape()[0];
            TuningSearch search = new TuningSearch(TuningSearch.availableCoarse(), clock, deadline, firstEstimate,
                    bytesPerIndex, plan.sampleShape()[0], ranking);
            long now = clock.getAsLong();
            if (now + firstEstimate <= deadline) {
                // a quarter of the time left at most, so that most of the budget measures
                trial.warmUp(search.coarseLayouts(), now + (deadline - now) / 4);
            }
            TuningSearch.Result result = search.run(trial);
            if (result.ranked().isEmpty()) {
                throw new ZarrException.BadRequest(array.path(), String.format(Locale.ROOT, "a budget of %s is too small for"
                        + " one candidate layout: reading the sample took %.1f s, and one layout needs about %.1f s more;"
                        + " give a larger budget or a smaller sample", text(options.budget().toMillis()),
                        (firstEstimate / FIRST_ESTIMATE_READS) / 1e9, firstEstimate / 1e9));
            }
            long sourceBytes = sourceBytes(array, plan);
            return new TuningReport(array.path(), options.fields(), array.metadata().size(), plan.records(), plan.units(),
                    sourceBytes, result.ranked(), ranking.reason(result.ranked(), sourceBytes, options.fields()),
                    result.unmeasured(), (clock.getAsLong() - started) / 1e9);
        }
    }

    /** Refuses what cannot be sampled or measured, before anything is written. */
    private static void check(ZarrArray array, List<String> fields) {
        if (array.shape().length == 0) {
            throw new ZarrException.Unsupported(array.path(), null, "an array of no dimension holds one value; there is no layout to tune");
        }
        if (array.dataType() instanceof StructType struct && !struct.shapedFields().isEmpty()) {
            throw new ZarrException.Unsupported(array.path(), null, "field '" + struct.shapedFields().getFirst()
                    + "' has a shape, which a Zarr v3 struct cannot hold; copy it with --flatten-shaped first and tune the copy");
        }
        for (String field : fields) {
            FieldAccessor f = array.field(field);
            if (!FieldScan.takes(f.type())) {
                throw new ZarrException.BadRequest(array.path(), "field '" + field + "' (" + f.type().describe() + ") is"
                        + " not a real number, time or string, which a scan reads and tune measures");
            }
        }
        if (array.metadata().size() == 0) {
            throw new ZarrException.BadRequest(array.path(), "holds no records (its shape is "
                    + Arrays.toString(array.shape()) + "); there is nothing to measure");
        }
        long[] stored = array.storedChunks(null);
        if (stored != null && stored.length == 0) {
            throw new ZarrException.BadRequest(array.path(), "stores no chunks: every record is the fill value, so there is nothing to measure");
        }
    }

    /** Records the options ask for: a number, a share, or by default 5% within the default sample's bytes. */
    static long wanted(long size, long recordSize, TuningOptions options) {
        if (options.sampleRecords() > 0) {
            return options.sampleRecords();
        }
        if (options.sampleFraction() > 0) {
            return (long) Math.ceil(options.sampleFraction() * size);
        }
        long bytes = Math.clamp((long) Math.ceil(0.05 * size) * recordSize, TuningOptions.LEAST_DEFAULT_SAMPLE_BYTES,
                TuningOptions.DEFAULT_SAMPLE_BYTES);
        return Math.max(1, bytes / Math.max(1, recordSize));
    }

    /** The sample's rows, read on every thread into one segment, in order. */
    private static MemorySegment read(ZarrArray array, TuningSample plan, Arena arena, int threads) {
        List<Region> rows = plan.regions();
        long recordSize = array.layout().recordSize();
        MemorySegment records = arena.allocate(Math.max(1, plan.records() * recordSize)).asSlice(0, plan.records() * recordSize);
        long[] offsets = new long[rows.size()];
        for (int i = 1; i < rows.size(); i++) {
            offsets[i] = offsets[i - 1] + rows.get(i - 1).size() * recordSize;
        }
        Workers.forEach(threads, rows.size(), null, i -> {
            try (Arena row = Arena.ofConfined()) {
                MemorySegment read = array.readRecords(rows.get((int) i), row);
                MemorySegment.copy(read, 0, records, offsets[(int) i], read.byteSize());
            }
        });
        return records;
    }

    /**
     * What the sample takes in the source's store: each sampled row's share of the chunks (shards) it lies in, by
     * their stored sizes, so an unsharded source counts exactly the chunks read.
     */
    static long sourceBytes(ZarrArray array, TuningSample plan) {
        long[] shape = array.shape();
        long[] outer = array.metadata().chunkShape();
        long[] unit = array.readUnitShape();
        long across = 1;
        for (int d = 1; d < shape.length; d++) {
            across *= ceil(shape[d], outer[d]);
        }
        double total = 0;
        for (long row : plan.rows()) {
            long[] chunk = new long[shape.length];
            chunk[0] = row * unit[0] / outer[0];
            for (long n = 0; n < across; n++) {
                long rest = n;
                for (int d = shape.length - 1; d >= 1; d--) {
                    long along = ceil(shape[d], outer[d]);
                    chunk[d] = rest % along;
                    rest /= along;
                }
                total += array.storedSize(chunk) * (double) unit[0] / outer[0];
            }
        }
        return Math.round(total);
    }

    /** "500 ms", "1.5 s", "60 s" */
    private static String text(long millis) {
        return millis < 1000 ? millis + " ms" : millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1e3);
    }

    /** a / b rounded up. */
    private static long ceil(long a, long b) {
        return (a + b - 1) / b;
    }
}
