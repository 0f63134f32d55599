package dev.stride.http;

import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Sends the parts of a large value at once (S3's UploadPart, Azure's Put Block), each on a virtual thread of its own
 * and at most a given number in flight. The calling thread cuts the parts and waits: a part in memory the sending
 * threads cannot read is copied to the heap there ({@link RequestBodies#sendable}), so no more parts than may fly are
 * ever copied at once, and a value in a mapped file or off-heap memory is sent from where it lies. The first failure
 * ends the upload: no part starts after it, those in flight are interrupted, and it is thrown once all have ended,
 * so that the caller may clean up (abort the upload) knowing no part is still being sent.
 */
public final class ParallelParts {

    private ParallelParts() {
    }

    /** Sends one part; called on a thread of its own. */
    @FunctionalInterface
    public interface PartSender<T> {
        /**
         * @param number the part's number, from 1
         * @param body the part's bytes, readable from any thread
         * @return what the caller keeps of the part (its ETag, its block id)
         */
        T send(int number, MemorySegment body);
    }

    /**
     * Sends every part of {@code value} as {@code plan} cuts it, at most {@code inFlight} at once.
     *
     * @param key the store key, for the failure of an interrupted upload
     * @return what {@code sender} returned for each part, in the order of the parts
     * @throws RuntimeException the first failure of a part, as {@code sender} threw it
     * @throws ZarrException.StoreFailure when the calling thread is interrupted
     */
    public static <T> List<T> send(String key, MemorySegment value, PartPlan plan, int inFlight, PartSender<T> sender) {
        Semaphore slots = new Semaphore(inFlight);
        AtomicReferenceArray<T> results = new AtomicReferenceArray<>(plan.count());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("upload-part-", 1).factory());
        try {
            for (int i = 0; i < plan.count(); i++) {
                slots.acquire();
                if (failure.get() != null) {
                    break;
                }
                MemorySegment body = RequestBodies.sendable(value.asSlice(plan.offset(i), plan.size(i)));
                int index = i;
                threads.execute(() -> {
                    try {
                        results.set(index, sender.send(index + 1, body));
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        slots.release();
                    }
                });
            }
        } catch (InterruptedException e) {
            failure.compareAndSet(null, new ZarrException.StoreFailure(key, "was interrupted while its parts were uploaded", e));
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            // the thread could not be started, or the part could not be copied
            failure.compareAndSet(null, e);
        } finally {
            if (failure.get() != null) {
                threads.shutdownNow();
            }
            threads.close();
        }
        Throwable failed = failure.get();
        if (failed instanceof Error e) {
            throw e;
        }
        if (failed != null) {
            throw (RuntimeException) failed;
        }
        List<T> out = new ArrayList<>(plan.count());
        for (int i = 0; i < plan.count(); i++) {
            out.add(results.get(i));
        }
        return out;
    }
}
