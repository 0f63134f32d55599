package dev.stride.spark;

import dev.stride.FilteredArray;
import dev.stride.ZarrArray;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Records holding the array's fill value, in the layout decoded chunks have, for the rows of chunks never written: a
 * batch's fields are copied from them as from a decoded chunk. They take at most about {@value #MAX_BYTES} bytes
 * (fewer records than a batch when records are large), copied again as often as a batch needs.
 */
final class FillRecords implements AutoCloseable {
    static final long MAX_BYTES = 1 << 20;
    private final Arena arena = Arena.ofConfined();
    private final MemorySegment records;
    private final int count;

    FillRecords(ZarrArray array, int batchRows) {
        byte[] element = array.metadata().fillValue().bytes(array.layout().order());
        long size = Math.max(1, array.layout().recordSize());
        this.count = (int) Math.max(1, Math.min(batchRows, MAX_BYTES / size));
        this.records = arena.allocate(size * count);
        MemorySegment one = MemorySegment.ofArray(element);
        for (int i = 0; i < count; i++) {
            records.asSlice(i * size, element.length).copyFrom(one);
        }
    }

    /**
     * Whether the fill record passes {@code filter}: then every record of a box never written does, else none (a
     * filter on fields has one outcome for equal records).
     */
    static boolean matches(ZarrArray array, FilteredArray filter) {
        try (FillRecords one = new FillRecords(array, 1)) {
            boolean[] kept = {false};
            filter.matching(null, (unit, first, count, out) -> kept[0] = true).run(one.records, 0, 1, 0);
            return kept[0];
        }
    }

    /** Fills rows {@code row..row+n-1} of {@code out} with the fill value of the column {@code fill} copies. */
    void copy(ColumnFill fill, int n, WritableColumnVector out, int row) {
        for (int done = 0; done < n; done += count) {
            fill.fill(records, 0, Math.min(count, n - done), out, row + done);
        }
    }

    @Override
    public void close() {
        arena.close();
    }
}
