package dev.stride.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

import java.lang.foreign.MemorySegment;

/**
 * Rows without an index land in the DataFrame's order. A task cannot know where its partition starts until every
 * partition is counted, so it stages its records in runs; the driver then places them and has the chunks assembled.
 */
final class OrderedRowWriter extends RowWriter {
    /** Bytes of one staged run: large enough that staging costs few requests, small enough to hold twice per core. */
    private static final long RUN_BYTES = 64L << 20;
    private final MemorySegment buffer;
    private final long capacity;
    private long count;

    OrderedRowWriter(WriteJob job, int partition, long task) {
        super(job, partition, task);
        this.capacity = Math.max(1, RUN_BYTES / recordSize);
        this.buffer = arena.allocate(capacity * recordSize);
    }

    @Override
    public void write(InternalRow row) {
        encoder.encode(row, buffer, count * recordSize);
        count++;
        rows++;
        if (count == capacity) {
            flush();
        }
    }

    private void flush() {
        if (count > 0) {
            stage(buffer, rows - count, count);
            buffer.fill((byte) 0);
            count = 0;
        }
    }

    @Override
    public WriterCommitMessage commit() {
        flush();
        return written(-1, -1, null);
    }
}
