package dev.stride.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The stored files of a benchmark array (chunks or shards), for baselines that do not go through Stride: one
 * reused off-heap buffer per worker to read them into, and a mapping of each file made once for the trial.
 */
@State(Scope.Benchmark)
public class ChunkFiles {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private final Arena arena = Arena.ofShared();
    private List<Path> files;
    private long records;
    private long storedBytes;
    private MemorySegment[] buffers;
    private MemorySegment[] mapped;

    @Setup(Level.Trial)
    public void open(OpenArray.Stored array, Threads threads) throws IOException {
        open(array.path(), array.records(), threads.threads);
    }

    /** Maps the stored files of the array at {@code path} and makes a buffer for each of {@code threads} workers. */
    void open(Path path, long records, int threads) throws IOException {
        this.records = records;
        files = BenchData.files(path).stream().filter(p -> !p.getFileName().toString().equals("zarr.json")).toList();
        long largest = 0;
        mapped = new MemorySegment[files.size()];
        for (int i = 0; i < files.size(); i++) {
            try (FileChannel ch = FileChannel.open(files.get(i))) {
                mapped[i] = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            }
            storedBytes += mapped[i].byteSize();
            largest = Math.max(largest, mapped[i].byteSize());
        }
        buffers = new MemorySegment[threads];
        for (int w = 0; w < buffers.length; w++) {
            buffers[w] = arena.allocate(Math.max(1, largest), 4096);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        arena.close();
    }

    int count() {
        return files.size();
    }

    long records() {
        return records;
    }

    long storedBytes() {
        return storedBytes;
    }

    /** Reads file {@code i} sequentially into the worker's buffer and sums its bytes as longs. */
    long readAndSum(int worker, int i) throws IOException {
        try (FileChannel ch = FileChannel.open(files.get(i))) {
            MemorySegment dst = buffers[worker].asSlice(0, ch.size());
            ByteBuffer b = dst.asByteBuffer();
            while (b.hasRemaining()) {
                if (ch.read(b) < 0) {
                    throw new IOException(files.get(i) + " shrank while being read");
                }
            }
            return sumLongs(dst);
        }
    }

    /** Maps file {@code i}, sums its bytes as longs and unmaps it. */
    long mapAndSum(int i) throws IOException {
        try (Arena once = Arena.ofConfined(); FileChannel ch = FileChannel.open(files.get(i))) {
            return sumLongs(ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), once));
        }
    }

    /** Sums the bytes of file {@code i}, mapped since the trial began, as longs. */
    long sumMapped(int i) {
        return sumLongs(mapped[i]);
    }

    /** The whole segment as little-endian longs (a tail shorter than 8 bytes left out): touches every byte once. */
    static long sumLongs(MemorySegment s) {
        long sum = 0;
        long end = s.byteSize() - 7;
        for (long at = 0; at < end; at += 8) {
            sum += s.get(LONG, at);
        }
        return sum;
    }
}
