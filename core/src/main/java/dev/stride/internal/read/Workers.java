package dev.stride.internal.read;

import dev.stride.model.ScanOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs numbered items {@code 0..count-1} on up to N platform threads started for the pass, the calling thread being
 * worker 0: each worker takes the next number until none is left. The first failure stops the others after the item
 * at hand and is thrown as it was: workers throw no checked exceptions, so nothing is wrapped.
 */
public final class Workers {

    /** One worker's share of a pass: made, run and finished on its own thread. */
    public interface Worker {
        void run(long item);

        /** Called once on the worker's thread when it takes no more items, even after a failure. */
        default void finish() {
        }
    }

    /** Makes the worker numbered {@code worker} (0 is the calling thread). */
    @FunctionalInterface
    public interface Team {
        Worker start(int worker);
    }

    private Workers() {
    }

    /** Runs every item through the same stateless {@code task} on each thread. */
    public static void forEach(int threads, long count, ScanOptions.Progress progress, Worker task) {
        run(threads, count, progress, worker -> task);
    }

    /** Runs every item through workers of {@code team}; {@code progress} hears (items done, items in all) after each. */
    public static void run(int threads, long count, ScanOptions.Progress progress, Team team) {
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> helpers = new ArrayList<>();
        for (int w = 1; w < Math.min(threads, count); w++) {
            int worker = w;
            helpers.add(Thread.ofPlatform().daemon().name("stride-worker-" + w)
                    .start(() -> work(worker, count, team, progress, next, done, failure)));
        }
        work(0, count, team, progress, next, done, failure);
        // every item is taken by now: the helpers finish the one at hand, so an interrupt waits for them and stays set
        boolean interrupted = false;
        for (Thread t : helpers) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        switch (failure.get()) {
            case null -> { }
            case Error e -> throw e;
            case Throwable t -> throw (RuntimeException) t; // run, start and finish throw nothing checked
        }
    }

    private static void work(int number, long count, Team team, ScanOptions.Progress progress,
                             AtomicLong next, AtomicLong done, AtomicReference<Throwable> failure) {
        Worker worker;
        try {
            worker = team.start(number);
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
            return;
        }
        try {
            for (long n = next.getAndIncrement(); n < count && failure.get() == null; n = next.getAndIncrement()) {
                worker.run(n);
                if (progress != null) {
                    progress.update(done.incrementAndGet(), count);
                }
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        } finally {
            try {
                worker.finish();
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }
    }
}
