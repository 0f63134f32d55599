package dev.stride.spark;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.ArrayWriter;
import dev.stride.ZarrWriter;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.apache.spark.api.java.JavaSparkContext;

import java.io.Serializable;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Stores the chunks that staged records fall in, on the executors: each chunk is built by one task from the fill value
 * and every staged run that meets it, then stored whole. A chunk no staged run meets was stored by the task that held
 * all its rows (or holds only the fill value and is never stored).
 *
 * @param chunks the chunks this task builds, each with the staged runs that meet it
 */
record ChunkAssembly(WriteJob job, long length, Map<Long, List<StagedRecords>> chunks) implements Serializable {
    /**
     * Builds every chunk that {@code staged} meets, in parallel on the executors, and gives the statistics each task
     * gathered of the chunks it stored (none when the write gathers none).
     */
    static List<byte[]> run(JavaSparkContext spark, WriteJob job, long length, List<StagedRecords> staged) {
        long chunk = job.options().storedChunk();
        TreeMap<Long, List<StagedRecords>> byChunk = new TreeMap<>();
        for (StagedRecords s : staged) {
            for (long c = s.first() / chunk; c <= (s.first() + s.count() - 1) / chunk; c++) {
                byChunk.computeIfAbsent(c, k -> new ArrayList<>()).add(s);
            }
        }
        if (byChunk.isEmpty()) {
            return List.of();
        }
        // consecutive chunks per task, about two tasks per core
        long perTask = Math.max(1, -Math.floorDiv(-byChunk.size(), 2L * spark.defaultParallelism()));
        List<ChunkAssembly> tasks = new ArrayList<>();
        TreeMap<Long, List<StagedRecords>> batch = new TreeMap<>();
        for (var e : byChunk.entrySet()) {
            batch.put(e.getKey(), e.getValue());
            if (batch.size() == perTask) {
                tasks.add(new ChunkAssembly(job, length, batch));
                batch = new TreeMap<>();
            }
        }
        if (!batch.isEmpty()) {
            tasks.add(new ChunkAssembly(job, length, batch));
        }
        spark.setJobDescription("Zarr write: assemble " + byChunk.size() + " chunks from staged records");
        return spark.parallelize(tasks, tasks.size()).map(ChunkAssembly::build).collect().stream().filter(Objects::nonNull).toList();
    }

    /** Stores this task's chunks; returns the statistics gathered of them, or null. */
    private byte[] build() {
        RowEncoder encoder = job.encoder();
        long recordSize = encoder.type().byteSize();
        long chunk = job.options().storedChunk();
        try (ZarrWriter out = job.options().writer();
             ArrayWriter writer = out.chunkWriter("/", job.options().spec(encoder.type(), length));
             Arena arena = Arena.ofConfined();
             ThreadScratch scratch = new ThreadScratch()) {
            MemorySegment buffer = arena.allocate(chunk * recordSize);
            for (var e : chunks.entrySet()) {
                long start = e.getKey() * chunk;
                long stop = Math.min(start + chunk, length);
                buffer.fill((byte) 0);
                for (StagedRecords s : e.getValue()) {
                    long from = Math.max(start, s.first());
                    long to = Math.min(stop, s.first() + s.count());
                    MemorySegment run = out.store().read(s.key(), (from - s.first()) * recordSize, (to - from) * recordSize, scratch);
                    if (run == null) {
                        throw new ZarrException.StoreFailure(s.key(), "staged records are missing: was the write's staging deleted while it ran?", null);
                    }
                    MemorySegment.copy(run, 0, buffer, (from - start) * recordSize, (to - from) * recordSize);
                }
                writer.write(new Region(new long[]{start}, new long[]{stop}), buffer.asSlice(0, (stop - start) * recordSize), ByteOrder.LITTLE_ENDIAN);
            }
            out.store().sync();
            return writer.chunkStatistics();
        }
    }
}
