package dev.stride;

import dev.stride.internal.read.SequentialReader;
import dev.stride.model.RunVisitor;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;

/**
 * The units of a region (chunks, or inner chunks of shards), read and decoded one at a time on the calling thread,
 * for readers that pull rather than be called back: {@code while (cursor.next()) cursor.forEachRun(...)}. Reads go
 * ahead of the cursor as in a scan. One thread uses a cursor; close it to give back its buffers.
 *
 * <p>{@link #next()} fails as reads of {@link ZarrArray} do: {@link dev.stride.model.ZarrException.CorruptChunk} or
 * {@link dev.stride.model.ZarrException.StoreFailure} naming the key, {@link dev.stride.model.ZarrException.Closed}
 * once the array is closed.
 */
public final class UnitCursor implements AutoCloseable {
    private final SequentialReader reader;

    UnitCursor(SequentialReader reader) {
        this.reader = reader;
    }

    /**
     * Number of units the region meets.
     *
     * @return how many units {@link #next()} visits
     */
    public long count() {
        return reader.count();
    }

    /**
     * Reads and decodes the next unit; false when every unit was read.
     *
     * @return true when a unit was read, false at the end
     */
    public boolean next() {
        return reader.next();
    }

    /**
     * Grid coordinates of the current unit (in units of {@link ZarrArray#readUnitShape()}).
     *
     * @return the coordinates, one per dimension
     */
    public long[] unit() {
        ensureCurrent();
        return reader.unit();
    }

    /**
     * The current unit's records, packed in C order and the layout's byte order (fill values for a unit never
     * written); valid until the next call of {@link #next()} or {@link #close()}.
     *
     * @return the records of the whole unit, {@link ZarrArray#readUnitShape()} of them
     */
    public MemorySegment records() {
        return reader.records();
    }

    /**
     * Whether the current unit was written (false: its records are the fill value).
     *
     * @return true when the unit is stored, false when it reads as the fill value
     */
    public boolean stored() {
        return reader.stored();
    }

    /**
     * Calls {@code visitor} for each run of the current unit's records inside the region, in C order.
     *
     * @param visitor called with each run's first element index and its records
     */
    public void forEachRun(RunVisitor visitor) {
        ZarrException.BadRequest.requireNonNull(visitor, "visitor");
        ensureCurrent();
        reader.forEachRun(visitor);
    }

    private void ensureCurrent() {
        if (reader.records() == null) {
            throw new ZarrException.BadRequest(null, "no current unit: call next() first");
        }
    }

    @Override
    public void close() {
        reader.close();
    }
}
