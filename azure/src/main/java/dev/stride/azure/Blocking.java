package dev.stride.azure;

import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/**
 * Runs one of the SDK's blocking calls so that it cannot starve the fork-join pool its caller runs in. The SDK's sync
 * calls wait for work it hands to the common pool; called from that pool's own workers (a parallel stream of writes),
 * every worker waited and none was left to do the work. {@link ForkJoinPool#managedBlock} lets the pool add a worker
 * for each one that waits.
 */
final class Blocking {
    private Blocking() {
    }

    /** What {@code call} gives, its exceptions passed on unchanged. */
    static <T> T call(Supplier<T> call) {
        if (!(Thread.currentThread() instanceof java.util.concurrent.ForkJoinWorkerThread)) {
            return call.get();
        }
        Blocker<T> blocker = new Blocker<>(call);
        try {
            ForkJoinPool.managedBlock(blocker);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the service", e);
        }
        if (blocker.failure != null) {
            throw blocker.failure;
        }
        return blocker.result;
    }

    /** The call, made once by the pool; what it returned or threw. */
    private static final class Blocker<T> implements ForkJoinPool.ManagedBlocker {
        private final Supplier<T> call;
        private T result;
        private RuntimeException failure;
        private boolean done;

        Blocker(Supplier<T> call) {
            this.call = call;
        }

        @Override
        public boolean block() {
            try {
                result = call.get();
            } catch (RuntimeException e) {
                failure = e;
            }
            done = true;
            return true;
        }

        @Override
        public boolean isReleasable() {
            return done;
        }
    }
}
