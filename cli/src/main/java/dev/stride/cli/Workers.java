package dev.stride.cli;

import dev.stride.array.ScanOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Runs tasks {@code 0..count-1} on up to N threads, the calling thread being one of them: each thread takes the next
 * task number until none is left. The first failure stops the others after the task at hand and is thrown as it was.
 */
final class Workers {
    private Workers() {
    }

    /** Runs every task; {@code progress} hears (tasks done, tasks in all) after each. */
    static void run(int threads, long count, ScanOptions.Progress progress, LongConsumer task) {
        AtomicLong next = new AtomicLong();
        AtomicLong done = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable work = () -> {
            try {
                for (long n = next.getAndIncrement(); n < count && failure.get() == null; n = next.getAndIncrement()) {
                    task.accept(n);
                    progress.update(done.incrementAndGet(), count);
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int w = 1; w < Math.min(threads, count); w++) {
            helpers.add(Thread.ofPlatform().daemon().name("stride-worker-" + w).start(work));
        }
        work.run();
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.compareAndSet(null, e);
            }
        }
        switch (failure.get()) {
            case null -> { }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            case Throwable t -> throw new IllegalStateException(t);
        }
    }
}
