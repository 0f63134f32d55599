package dev.stride.spark;

import dev.stride.ZarrWriter;
import dev.stride.spi.WritableStore;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * What the writers of one task share: the store, opened on the executor, the row encoder, and the staging of
 * records the task cannot store as whole chunks. Staged keys carry the task's attempt, so a failed attempt's leftovers
 * never mix with the retry's. Nothing is published here: the driver stores {@code zarr.json} once every task is done.
 */
abstract class RowWriter implements DataWriter<InternalRow> {
    final WriteJob job;
    final ZarrWriter out;
    final WritableStore store;
    final RowEncoder encoder;
    final long recordSize;
    final Arena arena = Arena.ofConfined();
    private final int partition;
    private final long task;
    private final List<StagedRecords> staged = new ArrayList<>();
    long rows;

    RowWriter(WriteJob job, int partition, long task) {
        this.job = job;
        this.partition = partition;
        this.task = task;
        this.encoder = job.encoder();
        this.recordSize = encoder.type().byteSize();
        this.out = job.options().writer();
        this.store = out.store();
    }

    /** Stores {@code count} records of {@code records} as staged positions {@code first..}. */
    void stage(MemorySegment records, long first, long count) {
        String key = job.stagingPrefix() + partition + "-" + task + "-" + staged.size();
        store.write(key, records.asSlice(0, count * recordSize));
        staged.add(new StagedRecords(key, partition, staged.size(), first, count));
    }

    /**
     * Makes what this task stored durable and says what it was, with the statistics of the chunks it stored whole
     * ({@code statistics}: null for none).
     */
    WriterCommitMessage written(long lowest, long highest, byte[] statistics) {
        store.sync();
        return new WrittenPart(List.copyOf(staged), rows, lowest, highest, statistics);
    }

    /** The driver deletes everything of a failed write; a task has nothing of its own to undo. */
    @Override
    public void abort() {
    }

    @Override
    public void close() {
        try (out) {
            arena.close();
        }
    }
}
