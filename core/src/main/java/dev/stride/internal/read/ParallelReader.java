package dev.stride.internal.read;

import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;

import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;

/**
 * Runs a pass over the units of a region on N {@link Workers}: each decodes the units it takes with its own session
 * and hands their runs to its visitor. A fault in a mapped file becomes a corrupt-chunk error naming the unit.
 */
public final class ParallelReader {

    /** Makes the run visitor of each worker, so workers can keep private state (partial sums). */
    @FunctionalInterface
    public interface WorkerVisitors {
        UnitVisitor forWorker(int worker);
    }

    /** Receives the runs of each unit a worker reads. */
    @FunctionalInterface
    public interface UnitVisitor extends UnitGrid.RunVisitor {
        /**
         * Hears of a unit never written, holding {@code records} records of the region; returns true when that
         * accounts for them, false to be given a unit of fill values to read instead.
         */
        default boolean missing(long records) {
            return false;
        }
    }

    private final ArrayReader array;
    private final UnitGrid grid;
    private final long[] units;
    private final int threads;
    private final ScanOptions.Progress progress;
    private volatile long[] lastUnit;

    public ParallelReader(ArrayReader array, UnitGrid grid, int threads, ScanOptions.Progress progress) {
        this(array, grid, null, threads, progress);
    }

    /** Reads only the units numbered {@code units} (null: every unit of the grid). */
    public ParallelReader(ArrayReader array, UnitGrid grid, long[] units, int threads, ScanOptions.Progress progress) {
        this.array = array;
        this.grid = grid;
        this.units = units;
        this.threads = (int) Math.max(1, Math.min(threads, count()));
        this.progress = progress;
    }

    private long count() {
        return units == null ? grid.count() : units.length;
    }

    public void run(WorkerVisitors visitors) {
        array.ensureOpen();
        try {
            Workers.run(threads, count(), progress, worker -> new UnitReader(visitors.forWorker(worker)));
        } catch (InternalError e) {
            // the JVM raises a fault in a mapped file asynchronously: it may arrive after the read that caused it
            long[] unit = lastUnit;
            if (unit == null) {
                throw e;
            }
            throw truncated(unit, e);
        }
    }

    /** One worker: its own session, reading the units it is given. */
    private final class UnitReader implements Workers.Worker {
        private final ReadSession session = array.acquire();
        private final UnitVisitor visitor;

        UnitReader(UnitVisitor visitor) {
            this.visitor = visitor;
        }

        @Override
        public void run(long item) {
            long[] unit = grid.unit(units == null ? item : units[(int) item]);
            lastUnit = unit;
            readUnit(unit, session, visitor);
        }

        @Override
        public void finish() {
            array.release(session);
        }
    }

    private void readUnit(long[] unit, ReadSession session, UnitVisitor visitor) {
        try {
            MemorySegment decoded = decode(unit, session);
            if (decoded == null) {
                if (visitor.missing(grid.recordsIn(unit))) {
                    return;
                }
                decoded = array.fillUnit(session);
            }
            grid.forEachRun(unit, decoded, visitor);
        } catch (IllegalStateException e) {
            throw closedUnder(e) ? closed() : e;
        } catch (InternalError e) {
            throw truncated(unit, e);
        }
    }

    /**
     * The unit as stored, decoded (null when never written). A store or codec that fails outside the family (a plug-in,
     * a native library) fails here naming the node and key, unless the array was closed under it.
     */
    private MemorySegment decode(long[] unit, ReadSession session) {
        try {
            return array.storedUnit(unit, session);
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            if (closedUnder(e)) {
                throw closed();
            }
            throw e instanceof UncheckedIOException io
                    ? new ZarrException.StoreFailure(array.keyOf(unit), "cannot be read: " + io.getCause(), io)
                    : new ZarrException.CorruptChunk(array.path(), array.keyOf(unit), "cannot be decoded: " + e, e);
        }
    }

    /** True when the array or its scope was closed while this thread read (the failure is then that of a closed arena). */
    private boolean closedUnder(RuntimeException e) {
        return array.isClosed() || !array.scope().isAlive();
    }

    private ZarrException.Closed closed() {
        return new ZarrException.Closed("array " + array.path());
    }

    /** The JVM turns SIGBUS on a mapped file that shrank into an InternalError. */
    private ZarrException truncated(long[] unit, InternalError e) {
        return new ZarrException.CorruptChunk(array.path(), array.keyOf(unit),
                "the file was truncated or replaced while mapped (" + e.getMessage() + ")", e);
    }
}
