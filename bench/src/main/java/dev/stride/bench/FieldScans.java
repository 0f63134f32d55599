package dev.stride.bench;

import dev.stride.model.FieldStats;
import dev.stride.model.ScanOptions;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The field kernel on each kind of field over uncompressed records, to be set against the loops that only stream the
 * same bytes: {@link Baselines#mappedSum} for {@link #open}, {@link Baselines#mappedOnePass} for {@link #onePass}.
 */
public class FieldScans extends StrideBenchmark {

    /** Statistics of one field over an array opened once for the trial. */
    @Benchmark
    public FieldStats open(OpenArray.OfField array, Threads threads, Counters counters) {
        FieldStats stats = array.array().scan(array.field(), null, ScanOptions.threads(threads.threads));
        counters.add(array.records(), array.bytes());
        return stats;
    }

    /** What {@code stride scan --field} does once per process: open the array, the statistics of one field, close. */
    @Benchmark
    public FieldStats onePass(OpenArray.OfField array, Threads threads, Counters counters) {
        return OnePassScan.once(array.path(), array.io, array.field(), threads.threads, counters);
    }
}
