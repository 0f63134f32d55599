package dev.stride.cli;

import dev.stride.model.ScanOptions;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Runs numbered items {@code 0..count-1} on up to N threads, the calling thread among them: each takes the next number
 * until none is left. The first failure stops the others after the item at hand and is thrown as it was.
 */
final class Parallel {
    private Parallel() {
    }

    /** {@code progress} hears (items done, items in all) after each item. */
    static void forEach(int threads, long count, ScanOptions.Progress progress, LongConsumer task) {
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable worker = () -> {
            try {
                for (long n = next.getAndIncrement(); n < count && failure.get() == null; n = next.getAndIncrement()) {
                    task.accept(n);
                    progress.update(done.incrementAndGet(), count);
                }
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(null, e);
            }
        };
        // close() waits for every helper, so no write outlives the call
        try (ExecutorService helpers = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().name("stride-worker-", 1).factory())) {
            for (long w = 1; w < Math.min(threads, count); w++) {
                helpers.execute(worker);
            }
            worker.run();
        }
        if (failure.get() instanceof Error e) {
            throw e;
        }
        if (failure.get() instanceof RuntimeException e) {
            throw e;
        }
    }
}
