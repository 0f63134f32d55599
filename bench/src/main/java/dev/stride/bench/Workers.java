package dev.stride.bench;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/** Runs a baseline pass the way Stride runs its own ({@link dev.stride.array.Workers}) and adds up what the items return. */
final class Workers {

    @FunctionalInterface
    interface Item {
        long run(int worker, int item) throws IOException;
    }

    private Workers() {
    }

    static long run(int threads, int count, Item item) {
        AtomicLong total = new AtomicLong();
        dev.stride.array.Workers.run(threads, count, null, worker -> new dev.stride.array.Workers.Worker() {
            private long sum;

            @Override
            public void run(long i) throws IOException {
                sum += item.run(worker, (int) i);
            }

            @Override
            public void finish() {
                total.addAndGet(sum);
            }
        });
        return total.get();
    }
}
