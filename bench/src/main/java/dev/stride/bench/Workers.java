package dev.stride.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/** Runs a baseline pass the way Stride runs its own ({@link dev.stride.internal.read.Workers}) and adds up what the items return. */
final class Workers {

    @FunctionalInterface
    interface Item {
        long run(int worker, int item) throws IOException;
    }

    private Workers() {
    }

    static long run(int threads, int count, Item item) {
        return run(threads, count, item, worker -> { });
    }

    /** As {@link #run(int, int, Item)}, calling {@code finish} on each worker's thread when it is done. */
    static long run(int threads, int count, Item item, IntConsumer finish) {
        AtomicLong total = new AtomicLong();
        dev.stride.internal.read.Workers.run(threads, count, null, worker -> new dev.stride.internal.read.Workers.Worker() {
            private long sum;

            @Override
            public void run(long i) {
                try {
                    sum += item.run(worker, (int) i);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // a baseline that cannot read fails the benchmark
                }
            }

            @Override
            public void finish() {
                total.addAndGet(sum);
                finish.accept(worker);
            }
        });
        return total.get();
    }
}
