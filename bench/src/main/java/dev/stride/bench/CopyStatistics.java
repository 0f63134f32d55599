package dev.stride.bench;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ArraySpec;
import dev.stride.model.Json;
import dev.stride.model.Region;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What chunk statistics cost a copy once the JIT has compiled it: the whole benchmark array written again through
 * {@link ZarrWriter} in its own chunks and codecs, a chunk at a time on every thread (as {@code stride copy} does), with
 * and without statistics. {@code bench/copy_statistics.sh} measures the same in fresh processes, where compiling the
 * statistics' loops is part of the cost.
 */
@State(Scope.Benchmark)
public class CopyStatistics extends StrideBenchmark {
    @Param({"raw", "zstd"})
    public String array;

    @Param({"true", "false"})
    public boolean statistics;

    private Zarr source;
    private ZarrArray from;
    private ArraySpec spec;
    private Path target;

    @Setup(Level.Trial)
    public void open() {
        source = Zarr.open(BenchData.array(array));
        from = source.array("/");
        ArrayMetadata m = from.metadata();
        List<Json.JObject> codecs = ((Json.JArray) m.json().get("codecs")).items().stream().map(c -> (Json.JObject) c).toList();
        spec = ArraySpec.of(m.dataType(), m.shape()).chunks(m.chunkShape()).codecs(codecs);
    }

    @Setup(Level.Invocation)
    public void makeTarget() throws IOException {
        target = Files.createTempDirectory("stride-copy-statistics");
    }

    @Benchmark
    public long copy(Threads threads, Counters counters) {
        long chunk = spec.chunks()[0];
        long chunks = (spec.shape()[0] + chunk - 1) / chunk;
        try (ArrayWriter writer = ZarrWriter.open(target).statistics(statistics).createArray("/", spec)) {
            Workers.run(threads.threads, (int) chunks, (worker, n) -> {
                long start = n * chunk;
                Region slab = new Region(new long[] {start}, new long[] {Math.min(spec.shape()[0], start + chunk)});
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment records = from.readRecords(slab, arena);
                    writer.write(slab, records, from.layout().order());
                }
                return 1;
            });
            writer.commit();
        }
        long records = from.metadata().size();
        counters.add(records, records * from.layout().recordSize());
        return records;
    }

    @TearDown(Level.Invocation)
    public void removeTarget() throws IOException {
        try (Stream<Path> files = Files.walk(target)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        source.close();
    }
}
