package dev.stride.bench;

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

    /** Every chunk (every inner chunk of a shard) decoded into the thread's reused buffers; no field is read. */
    @Benchmark
    public long decodeOnly(ChunkDecoder decoder, Threads threads, Counters counters) {
        long decoded = Workers.run(threads.threads, decoder.count(), decoder::decode);
        counters.add(decoder.records(), decoded);
        return decoded;
    }
}
