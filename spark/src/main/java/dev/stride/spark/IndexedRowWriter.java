package dev.stride.spark;

import dev.stride.ArrayWriter;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * Rows placed by an index column. Spark hands each task a range of indexes, sorted (the write asks for that
 * ordering), and no other task has rows in that range, so the chunks strictly inside it are this task's alone: it
 * stores them whole as they fill. Its first and last chunks may hold rows of the neighbouring tasks, so it stages
 * their records for the driver to assemble.
 */
final class IndexedRowWriter extends RowWriter {
    private final ArrayWriter chunks;
    private final int indexOrdinal;
    private final long chunkLength;
    private final long limit;
    private final MemorySegment buffer;
    private long current = -1;
    private boolean first = true;
    /** Lowest and highest index of the current chunk. */
    private long low;
    private long high;
    private long lowest = -1;
    private long previous = -1;

    IndexedRowWriter(WriteJob job, int partition, long task) {
        super(job, partition, task);
        this.indexOrdinal = job.indexOrdinal();
        this.chunkLength = job.options().storedChunk();
        this.limit = job.indexLimit();
        this.chunks = out.chunkWriter("/", job.options().spec(encoder.type(), limit));
        this.buffer = arena.allocate(chunkLength * recordSize);
    }

    @Override
    public void write(InternalRow row) {
        long index = index(row);
        long chunk = index / chunkLength;
        if (chunk != current) {
            finishChunk(false);
            current = chunk;
            low = index;
        }
        encoder.encode(row, buffer, (index - chunk * chunkLength) * recordSize);
        high = index;
        previous = index;
        if (lowest < 0) {
            lowest = index;
        }
        rows++;
    }

    private long index(InternalRow row) {
        String column = job.options().indexColumn();
        if (row.isNullAt(indexOrdinal)) {
            throw new ZarrException.BadRequest(null, "a row has no " + column + " (null): every row needs its index");
        }
        long index = job.indexType().get(row, indexOrdinal);
        if (index < 0 || index >= limit) {
            throw new ZarrException.BadRequest(null, "a row has " + column + " = " + index + ", outside 0.." + (limit - 1)
                    + (job.options().shape() > 0 ? " (option shape)" : ""));
        }
        if (index == previous) {
            throw new ZarrException.BadRequest(null, "two rows have " + column + " = " + index + ": each index holds one record");
        }
        if (index < previous) {
            throw new IllegalStateException("rows reached the writer out of " + column + " order (" + index + " after " + previous + ")");
        }
        return index;
    }

    /** Stores the current chunk whole, or stages it when it is the task's first or last one. */
    private void finishChunk(boolean last) {
        if (current < 0) {
            return;
        }
        long start = current * chunkLength;
        if (first || last) {
            stage(buffer.asSlice((low - start) * recordSize), low, high - low + 1);
        } else {
            long stop = Math.min(start + chunkLength, limit);
            chunks.write(new Region(new long[]{start}, new long[]{stop}), buffer.asSlice(0, (stop - start) * recordSize), ByteOrder.LITTLE_ENDIAN);
        }
        first = false;
        buffer.fill((byte) 0);
    }

    @Override
    public WriterCommitMessage commit() {
        finishChunk(true);
        return written(lowest, previous, chunks.chunkStatistics());
    }

    @Override
    public void close() {
        try {
            chunks.close();
        } finally {
            super.close();
        }
    }
}
