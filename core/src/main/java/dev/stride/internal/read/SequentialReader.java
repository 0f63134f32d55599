package dev.stride.internal.read;

import dev.stride.model.Region;
import dev.stride.model.RunVisitor;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;

/**
 * A pass over the units of a region that its one reader pulls unit by unit on its own thread, for consumers that
 * cannot be called back (a Spark partition reader). Reads go ahead of it as in a {@link ParallelReader} pass: fetched
 * by a {@link ReadAhead} from a store that keeps reads in flight, hinted to one that reads files.
 */
public final class SequentialReader implements AutoCloseable {
    private final ArrayReader array;
    private final UnitGrid grid;
    private final UnitDecoding decoding;
    private final ReadSession session;
    /** Null when the store reads on the caller's thread. */
    private final ReadAhead ahead;
    private final ReadHints hints;
    private long item = -1;
    private long batch = -1;
    private ReadAhead.Fetched fetched;
    private int inBatch;
    private long[] unit;
    private MemorySegment records;
    private boolean stored;
    private boolean closed;

    public SequentialReader(ArrayReader array, Region region) {
        this.array = array;
        this.grid = new UnitGrid(array.unitShape(), region);
        this.decoding = new UnitDecoding(array);
        this.session = array.acquire();
        int inFlight = array.store().readAhead();
        try {
            this.ahead = inFlight > 0 && grid.count() > 0 ? new ReadAhead(array, grid, null, inFlight, 1) : null;
        } catch (RuntimeException | Error e) {
            array.release(session);
            throw e;
        }
        this.hints = new ReadHints(array, grid.count(), grid::unit);
    }

    /** Number of units the region meets. */
    public long count() {
        return grid.count();
    }

    /** Reads and decodes the next unit; false when every unit was read. */
    public boolean next() {
        if (item + 1 >= grid.count()) {
            return false;
        }
        item++;
        if (ahead == null) {
            hints.reading(item);
            long[] u = grid.unit(item);
            MemorySegment decoded = decoding.decode(u, () -> array.storedUnit(u, session));
            show(u, decoded);
            return true;
        }
        if (fetched == null || inBatch == fetched.units().length) {
            if (fetched != null) {
                ahead.release(batch);
            }
            fetched = ahead.take(++batch);
            inBatch = 0;
        }
        long[] u = fetched.units()[inBatch];
        ValuePart part = fetched.stored()[inBatch++];
        MemorySegment decoded = decoding.decode(u, () -> part == null ? null
                : array.source().decode(part, session.ctx.at(array.path(), array.keyOf(u))));
        show(u, decoded);
        return true;
    }

    private void show(long[] u, MemorySegment decoded) {
        unit = u;
        stored = decoded != null;
        records = stored ? decoded : array.fillUnit(session);
    }

    /** Grid coordinates of the current unit. */
    public long[] unit() {
        return unit.clone();
    }

    /** The current unit's records, decoded (fill values for one never written); valid until the next call of next. */
    public MemorySegment records() {
        return records;
    }

    /** Whether the current unit was written (false: its records are the fill value). */
    public boolean stored() {
        return stored;
    }

    /** The runs of the current unit inside the region, in C order. */
    public void forEachRun(RunVisitor visitor) {
        decoding.visit(grid, unit, records, visitor);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (ahead != null) {
                ahead.close();
            }
        } finally {
            array.release(session);
        }
    }
}
