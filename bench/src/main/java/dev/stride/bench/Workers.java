package dev.stride.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a baseline pass the way Stride runs its own: items 0..count-1 on N platform threads started for the pass
 * (the caller is worker 0), each taking the next item, and adds up what the items return.
 */
final class Workers {

    @FunctionalInterface
    interface Item {
        long run(int worker, int item) throws IOException;
    }

    private Workers() {
    }

    static long run(int threads, int count, Item item) {
        AtomicInteger next = new AtomicInteger();
        AtomicLong total = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> helpers = new ArrayList<>();
        for (int w = 1; w < threads; w++) {
            int worker = w;
            helpers.add(Thread.ofPlatform().daemon().start(() -> work(worker, count, item, next, total, failure)));
        }
        work(0, count, item, next, total, failure);
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.compareAndSet(null, e);
            }
        }
        switch (failure.get()) {
            case null -> {
                return total.get();
            }
            case IOException e -> throw new UncheckedIOException(e);
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            case Throwable t -> throw new IllegalStateException(t);
        }
    }

    private static void work(int worker, int count, Item item, AtomicInteger next, AtomicLong total, AtomicReference<Throwable> failure) {
        try {
            long sum = 0;
            for (int i = next.getAndIncrement(); i < count && failure.get() == null; i = next.getAndIncrement()) {
                sum += item.run(worker, i);
            }
            total.addAndGet(sum);
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }
}
