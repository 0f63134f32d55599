package dev.stride.array;

import dev.stride.ZarrException;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a pass over the units of a region on N threads: each takes the next unit number, decodes the unit with
 * its own session and hands the unit's runs to its visitor. The calling thread is worker 0. The first failure
 * stops the others and is thrown.
 */
final class ParallelReader {

    /** Makes the run visitor of each worker, so workers can keep private state (partial sums). */
    @FunctionalInterface
    interface WorkerVisitors {
        UnitGrid.RunVisitor forWorker(int worker);
    }

    private final ZarrArray array;
    private final UnitGrid grid;
    private final int threads;
    private final ScanOptions.Progress progress;
    private final AtomicLong next = new AtomicLong();
    private final AtomicLong done = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    ParallelReader(ZarrArray array, UnitGrid grid, int threads, ScanOptions.Progress progress) {
        this.array = array;
        this.grid = grid;
        this.threads = (int) Math.max(1, Math.min(threads, grid.count()));
        this.progress = progress;
    }

    void run(WorkerVisitors visitors) {
        array.ensureOpen();
        List<Thread> helpers = new ArrayList<>();
        for (int w = 1; w < threads; w++) {
            int worker = w;
            helpers.add(Thread.ofPlatform().daemon().name("stride-reader-" + w).start(() -> work(worker, visitors)));
        }
        work(0, visitors);
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.compareAndSet(null, e);
            }
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new ZarrException.StoreFailure(null, "interrupted", t);
        }
    }

    private void work(int worker, WorkerVisitors visitors) {
        ReadSession session;
        try {
            session = array.acquire();
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
            return;
        }
        long[] unit = null;
        try {
            UnitGrid.RunVisitor visitor = visitors.forWorker(worker);
            long total = grid.count();
            for (long n = next.getAndIncrement(); n < total && failure.get() == null; n = next.getAndIncrement()) {
                unit = grid.unit(n);
                readUnit(unit, session, visitor);
                if (progress != null) {
                    progress.update(done.incrementAndGet(), total);
                }
            }
        } catch (InternalError e) {
            // the JVM raises a fault in a mapped file asynchronously: it may arrive after the read that caused it
            failure.compareAndSet(null, unit == null ? e : truncated(unit, e));
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        } finally {
            array.release(session);
        }
    }

    private void readUnit(long[] unit, ReadSession session, UnitGrid.RunVisitor visitor) {
        try {
            MemorySegment decoded = array.unit(unit, session);
            grid.forEachRun(unit, decoded, visitor);
        } catch (IllegalStateException e) {
            // a closed arena: the array or its store was closed while this thread read
            if (array.isClosed() || String.valueOf(e.getMessage()).contains("closed")) {
                throw new ZarrException.Closed("array " + array.path());
            }
            throw e;
        } catch (InternalError e) {
            throw truncated(unit, e);
        }
    }

    /** The JVM turns SIGBUS on a mapped file that shrank into an InternalError. */
    private ZarrException truncated(long[] unit, InternalError e) {
        return new ZarrException.CorruptChunk(array.path(), array.keyOf(unit),
                "the file was truncated or replaced while mapped (" + e.getMessage() + ")", e);
    }
}
