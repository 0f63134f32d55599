package dev.stride.bench;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldStats;
import dev.stride.model.IoMode;
import dev.stride.model.ScanOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.nio.file.Path;

/**
 * What {@code stride scan} does once per process: open an array, sum one float64 field over all of it, close.
 * Each I/O policy of the local store is measured; {@code AUTO} is the default one.
 */
@State(Scope.Benchmark)
public class OnePassScan extends StrideBenchmark {
    @Param({"raw", "big", "zstd", "blosc", "sharded"})
    public String array;

    @Param({"AUTO", "READ", "MAP"})
    public IoMode io;

    private Path path;

    @Setup(Level.Trial)
    public void locate() {
        path = BenchData.array(array);
    }

    @Benchmark
    public double scan(Threads threads, Counters counters) {
        return once(path, io, BenchData.X, threads.threads, counters).sumAsDouble();
    }

    /** Opens the array at {@code path}, gathers the statistics of {@code field} over all of it and closes it. */
    static FieldStats once(Path path, IoMode io, String field, int threads, Counters counters) {
        try (Zarr zarr = Zarr.open(path, io)) {
            ZarrArray a = zarr.array("/");
            FieldStats stats = a.scan(field, null, ScanOptions.threads(threads));
            counters.add(a.metadata().size(), a.metadata().size() * a.layout().recordSize());
            return stats;
        }
    }
}
