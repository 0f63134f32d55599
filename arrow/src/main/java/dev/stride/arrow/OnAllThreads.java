package dev.stride.arrow;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs one worker on the calling thread and on helper threads at once (workers that take their work from a shared
 * counter), and fails as the first of them that failed: a failing worker makes the others stop at their next piece of
 * work. Helpers are always waited for, also on an interrupt, because they write into memory the caller frees next.
 */
final class OnAllThreads {
    private OnAllThreads() {
    }

    /**
     * Runs {@code worker} here and on {@code helperCount} of {@code helpers}; {@code stop} makes running workers stop
     * at their next piece of work (after a failure or an interrupt).
     */
    static void run(Runnable work, ExecutorService helpers, int helperCount, Runnable stop) throws InterruptedException {
        Runnable worker = () -> {
            try {
                work.run();
            } catch (RuntimeException | Error e) {
                stop.run();
                throw e;
            }
        };
        List<Future<?>> running = new ArrayList<>();
        for (int t = 0; t < helperCount; t++) {
            running.add(helpers.submit(worker));
        }
        Throwable failed = null;
        try {
            worker.run();
        } catch (RuntimeException | Error e) {
            failed = e;
        }
        boolean interrupted = false;
        for (Future<?> f : running) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (ExecutionException e) {
                    failed = failed == null ? e.getCause() : failed;
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    stop.run();
                }
            }
        }
        if (interrupted) {
            InterruptedException e = new InterruptedException();
            if (failed != null) {
                e.addSuppressed(failed);
            }
            throw e;
        }
        switch (failed) {
            case null -> {
            }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failed);
        }
    }
}
