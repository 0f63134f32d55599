package dev.stride.http;

import java.lang.foreign.MemorySegment;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.LongFunction;

/**
 * Copies a response body of a known length into off-heap memory, one copy from each of the client's buffers, and
 * keeps only the bytes {@code [keepFrom, keepFrom + keepLength)} of it (all of them for a range answered as asked).
 * It counts every byte itself: the JDK passes a chunked body that ends early as a normal one, and a body of another
 * length than announced is worth another attempt.
 */
final class SegmentSubscriber implements HttpResponse.BodySubscriber<Outcome<MemorySegment>> {
    private final Attempt attempt;
    private final LongFunction<MemorySegment> allocate;
    private final long bodyLength;
    private final long keepFrom;
    private final long keepLength;
    private final CompletableFuture<Outcome<MemorySegment>> result = new CompletableFuture<>();
    private Flow.Subscription subscription;
    private MemorySegment target;
    private long received;

    /**
     * @param allocate gives the memory for the kept bytes, called once under the attempt's lock
     */
    SegmentSubscriber(Attempt attempt, LongFunction<MemorySegment> allocate, long bodyLength, long keepFrom, long keepLength) {
        this.attempt = attempt;
        this.allocate = allocate;
        this.bodyLength = bodyLength;
        this.keepFrom = keepFrom;
        this.keepLength = keepLength;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        synchronized (attempt) {
            if (attempt.abandoned()) {
                end(new Outcome.Retry<>("abandoned"));
                return;
            }
            try {
                target = allocate.apply(keepLength);
            } catch (RuntimeException e) {
                // the caller's budget refused the memory: no other attempt gets it either
                s.cancel();
                result.completeExceptionally(e);
                return;
            }
        }
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) {
            return;
        }
        synchronized (attempt) {
            if (attempt.abandoned()) {
                end(new Outcome.Retry<>("abandoned"));
                return;
            }
            for (ByteBuffer b : buffers) {
                long n = b.remaining();
                long from = Math.max(received, keepFrom);
                long to = Math.min(received + n, keepFrom + keepLength);
                if (from < to) {
                    MemorySegment.copy(MemorySegment.ofBuffer(b), from - received, target, from - keepFrom, to - from);
                }
                received += n;
            }
        }
        if (received > bodyLength) {
            end(new Outcome.Retry<>("the body is longer than the " + bodyLength + " bytes announced"));
        }
    }

    private void end(Outcome<MemorySegment> outcome) {
        subscription.cancel();
        result.complete(outcome);
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(received == bodyLength ? new Outcome.Done<>(target)
                : new Outcome.Retry<>("the body ended after " + received + " of the " + bodyLength + " bytes announced"));
    }

    @Override
    public CompletionStage<Outcome<MemorySegment>> getBody() {
        return result;
    }
}
