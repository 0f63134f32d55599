package dev.stride.bench;

import dev.stride.Zarr;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * What the machine allows, measured next to Stride's passes in the same run: reading and touching the stored
 * bytes without Stride (I/O and memory bandwidth), and decoding the chunks without reading any field.
 */
public class Baselines extends StrideBenchmark {

    /** Each stored file read sequentially into one reused off-heap buffer per thread, its bytes summed as longs. */
    @Benchmark
    public long plainRead(ChunkFiles files, Threads threads, Counters counters) {
        long sum = Workers.run(threads.threads, files.count(), files::readAndSum);
        counters.add(files.records(), files.storedBytes());
        return sum;
    }

    /** The stored files, mapped once for the trial, summed as longs: memory bandwidth over the page cache. */
    @Benchmark
    public long mappedSum(ChunkFiles files, Threads threads, Counters counters) {
        long sum = Workers.run(threads.threads, files.count(), (worker, i) -> files.sumMapped(i));
        counters.add(files.records(), files.storedBytes());
        return sum;
    }

    /**
     * What a one-pass scan of an uncompressed array cannot avoid: each stored file mapped, summed as longs and unmapped
     * (the page faults and the unmapping are the cost).
     */
    @Benchmark
    public long mappedOnePass(ChunkFiles files, Threads threads, Counters counters) {
        long sum = Workers.run(threads.threads, files.count(), (worker, i) -> files.mapAndSum(i));
        counters.add(files.records(), files.storedBytes());
        return sum;
    }

    /** Every chunk (every inner chunk of a shard) decoded into the thread's reused buffers; no field is read. */
    @Benchmark
    public long decodeOnly(OpenDecoder open, Counters counters) {
        ChunkDecoder decoder = open.decoder();
        long decoded = decoder.decodeAll();
        counters.add(decoder.records(), decoded);
        return decoded;
    }

    /**
     * What a one-pass scan of a compressed array does without reading a field: open the array, decode every chunk on
     * new buffers, close; the stored bytes come through the store's I/O policy as in {@link OnePassScan}.
     */
    @Benchmark
    public long decodeOnlyOnePass(OpenArray.Compressed array, Threads threads, Counters counters) {
        try (Zarr zarr = Zarr.open(array.path(), array.io); ChunkDecoder decoder = new ChunkDecoder(array.name(), zarr, threads.threads)) {
            long decoded = decoder.decodeAll();
            counters.add(decoder.records(), decoded);
            return decoded;
        }
    }
}
