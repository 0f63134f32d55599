package dev.stride.bench;

import dev.stride.internal.read.FieldScan;
import dev.stride.internal.read.ParallelReader;
import dev.stride.model.FieldAccessor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * What the field kernel costs a core per record when memory is no limit: the first {@value #RECORDS} records of the
 * first chunk (172 KB, held in the core's L2 cache) scanned again and again, against the streaming loop of
 * {@link Baselines#mappedSum} over the same bytes. On a machine whose memory keeps up with a core, these costs per
 * record are what bound the scans of {@link FieldScans}; JMH reports records per second, whose inverse is ns per record.
 * Each JMH thread has its own records and its own worker, as each worker of a scan has.
 */
@State(Scope.Thread)
public class KernelCost extends StrideBenchmark {
    static final int RECORDS = 8192;

    private final Arena arena = Arena.ofShared();
    private MemorySegment records;
    private ParallelReader.UnitVisitor kernel;

    @Setup(Level.Trial)
    public void load(OpenArray.OfField array) throws IOException {
        long recordSize = array.array().layout().recordSize();
        try (FileChannel chunk = FileChannel.open(array.path().resolve("c").resolve("0"))) {
            // a mapped segment, as the scans read: the kernel's loop is compiled for the segment types it has seen
            records = chunk.map(FileChannel.MapMode.READ_ONLY, 0, RECORDS * recordSize, arena);
        }
        FieldAccessor field = array.array().layout().fieldOrNull(array.field());
        MemorySegment fillRecord = arena.allocate(recordSize);
        kernel = new FieldScan(List.of(array.field()), new FieldAccessor[] {field}, recordSize, fillRecord).worker();
    }

    @TearDown(Level.Trial)
    public void close() {
        arena.close();
    }

    /** The statistics of the field, as a scan gathers them from one block. */
    @Benchmark
    public void field(Counters counters) {
        kernel.run(records, 0, RECORDS, 0);
        counters.add(RECORDS, records.byteSize());
    }

    /** The same bytes summed as longs, the loop of {@link Baselines#mappedSum}. */
    @Benchmark
    public long streaming(Counters counters) {
        long sum = ChunkFiles.sumLongs(records);
        counters.add(RECORDS, records.byteSize());
        return sum;
    }
}
