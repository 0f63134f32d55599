package dev.stride.internal.read;

import dev.stride.model.RunVisitor;
import dev.stride.model.ScanOptions;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

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
    public interface UnitVisitor extends RunVisitor {
        /**
         * Hears of a unit never written, holding {@code records} records of the region; returns true when that
         * accounts for them, false to be given a unit of fill values to read instead.
         */
        default boolean missing(long records) {
            return false;
        }

        /** Hears that every run of a stored unit (at grid coordinates {@code unit}) has been visited. */
        default void stored(long[] unit) {
        }
    }

    private final ArrayReader array;
    private final UnitDecoding decoding;
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
        this.decoding = new UnitDecoding(array);
        this.grid = grid;
        this.units = units;
        this.threads = (int) Math.max(1, Math.min(threads, count()));
        this.progress = progress;
    }

    private long count() {
        return units == null ? grid.count() : units.length;
    }

    /** The coordinates of the unit a pass reads as its {@code item}th. */
    private long[] unitAt(long item) {
        return grid.unit(units == null ? item : units[(int) item]);
    }

    /**
     * Reads every unit once, handing its runs to the visitor of the worker that decoded it. A store that keeps reads in
     * flight ({@link dev.stride.spi.Store#readAhead()}) is read ahead of the decoders by a {@link ReadAhead}, and
     * {@code progress} then counts its batches; otherwise each worker reads the unit it decodes.
     */
    public void run(WorkerVisitors visitors) {
        array.ensureOpen();
        int inFlight = array.store().readAhead();
        try {
            if (inFlight > 0) {
                try (ReadAhead ahead = new ReadAhead(array, grid, units, inFlight, threads)) {
                    Workers.run(threads, ahead.batches(), progress, worker -> new BatchReader(visitors.forWorker(worker), ahead));
                }
            } else {
                Workers.run(threads, count(), progress, worker -> new UnitReader(visitors.forWorker(worker)));
            }
        } catch (InternalError e) {
            // the JVM raises a fault in a mapped file asynchronously: it may arrive after the read that caused it
            long[] unit = lastUnit;
            if (unit == null) {
                throw e;
            }
            throw decoding.truncated(unit, e);
        }
    }

    /**
     * One worker: its own session, in which it decodes units and hands their runs to its visitor, given back to the
     * array when the pass ends.
     */
    private abstract sealed class SessionWorker implements Workers.Worker permits UnitReader, BatchReader {
        final ReadSession session = array.acquire();
        private final UnitVisitor visitor;

        SessionWorker(UnitVisitor visitor) {
            this.visitor = visitor;
        }

        /** Decodes one unit ({@code decode} gives null for one never written) and visits its runs. */
        final void readUnit(long[] unit, Supplier<MemorySegment> decode) {
            lastUnit = unit;
            MemorySegment decoded = decoding.decode(unit, decode);
            if (decoded == null) {
                if (visitor.missing(grid.recordsIn(unit))) {
                    return;
                }
                decoding.visit(grid, unit, array.fillUnit(session), visitor);
                return;
            }
            decoding.visit(grid, unit, decoded, visitor);
            visitor.stored(unit);
        }

        @Override
        public final void finish() {
            array.release(session);
        }
    }

    /** A worker that reads the units it is given itself. */
    private final class UnitReader extends SessionWorker {
        private final ReadHints hints = new ReadHints(array, count(), ParallelReader.this::unitAt);

        UnitReader(UnitVisitor visitor) {
            super(visitor);
        }

        @Override
        public void run(long item) {
            hints.reading(item);
            long[] unit = unitAt(item);
            readUnit(unit, () -> array.storedUnit(unit, session));
        }
    }

    /** A worker decoding the batches a {@link ReadAhead} fetched. */
    private final class BatchReader extends SessionWorker {
        private final ReadAhead ahead;

        BatchReader(UnitVisitor visitor, ReadAhead ahead) {
            super(visitor);
            this.ahead = ahead;
        }

        @Override
        public void run(long batch) {
            try {
                ReadAhead.Fetched fetched = ahead.take(batch);
                for (int i = 0; i < fetched.units().length; i++) {
                    long[] unit = fetched.units()[i];
                    ValuePart stored = fetched.stored()[i];
                    readUnit(unit, () -> stored == null ? null
                            : array.source().decode(stored, session.ctx.at(array.path(), array.keyOf(unit))));
                }
            } catch (Throwable t) {
                // the pass fails with it: the batches after it are not worth their requests
                ahead.stop(t);
                throw t;
            } finally {
                ahead.release(batch);
            }
        }
    }
}
