package dev.stride.bench;

import dev.stride.FilteredArray;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldStats;
import dev.stride.model.Predicate;
import dev.stride.model.ScanOptions;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A question a warm reader (a notebook, a service, a Spark executor) asks of an open array: the statistics of
 * {@code speed} over the records of a time window that selects 1%, each call reading the chunk statistics anew and
 * then only the chunks they leave, against the same statistics over every record. The arrays and the window are
 * bench/where.sh's ({@code bench/make_where_array.py}); that script measures the same query in fresh processes.
 */
@State(Scope.Benchmark)
public class WhereScan extends StrideBenchmark {
    /** The field the query summarizes. */
    static final String SPEED = "speed";

    @Param({"where-sorted", "where-loose"})
    public String array;

    /** Whether the records are filtered by the window (true) or all read (false). */
    @Param({"true", "false"})
    public boolean where;

    private Zarr zarr;
    private ZarrArray records;
    private Predicate window;

    @Setup(Level.Trial)
    public void open() {
        Path path = BenchData.array(array);
        Path windowFile = path.resolveSibling("where-window.txt");
        try {
            window = Predicate.parse(Files.readString(windowFile).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("no query window " + windowFile + "; bench/where.sh makes it", e);
        }
        zarr = Zarr.open(path);
        records = zarr.array("/");
    }

    @Benchmark
    public FieldStats scan(Threads threads, Counters counters) {
        ScanOptions options = ScanOptions.threads(threads.threads);
        FieldStats stats;
        if (where) {
            FilteredArray matching = records.where(window);
            stats = matching.scan(List.of(SPEED), null, options).fields().getFirst();
        } else {
            stats = records.scan(SPEED, null, options);
        }
        counters.add(records.metadata().size(), records.metadata().size() * records.layout().recordSize());
        return stats;
    }

    @TearDown(Level.Trial)
    public void close() {
        zarr.close();
    }
}
