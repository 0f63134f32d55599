package dev.stride.http;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A request body sent straight from memory: read-only byte buffers over successive slices of a segment, one for each
 * buffer the HTTP client asks for, none copied. Each subscription (each attempt of a request) starts from the first
 * byte. The segment must be readable from the client's threads ({@link RequestBodies#sendable}).
 */
final class SegmentPublisher implements Flow.Publisher<ByteBuffer> {
    /** Large enough that a part of many MiB takes few hand-overs, small enough for a byte buffer of any segment. */
    private static final long SLICE = 1 << 20;

    private final MemorySegment body;

    SegmentPublisher(MemorySegment body) {
        this.body = body;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        subscriber.onSubscribe(new Slices(subscriber));
    }

    /**
     * One subscription. Whatever thread asks for buffers, they are handed over by one thread at a time: a request
     * made while another thread (or this one, from inside {@code onNext}) is handing over only adds to the demand,
     * which that thread then serves.
     */
    private final class Slices implements Flow.Subscription {
        private final Flow.Subscriber<? super ByteBuffer> subscriber;
        private final AtomicLong demand = new AtomicLong();
        private final AtomicInteger pendingDrains = new AtomicInteger();
        private volatile boolean ended;
        private volatile boolean misused;
        /** Read and written only by the thread handing over. */
        private long position;

        Slices(Flow.Subscriber<? super ByteBuffer> subscriber) {
            this.subscriber = subscriber;
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                misused = true;
            } else {
                demand.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b);
            }
            drain();
        }

        @Override
        public void cancel() {
            ended = true;
        }

        private void drain() {
            if (pendingDrains.getAndIncrement() != 0) {
                return;
            }
            int missed = 1;
            do {
                handOver();
                missed = pendingDrains.addAndGet(-missed);
            } while (missed != 0);
        }

        private void handOver() {
            if (ended) {
                return;
            }
            if (misused) {
                ended = true;
                subscriber.onError(new IllegalArgumentException("a subscriber asked for a count of buffers that is not positive"));
                return;
            }
            long size = body.byteSize();
            while (!ended && position < size && demand.get() > 0) {
                long n = Math.min(SLICE, size - position);
                ByteBuffer slice = body.asSlice(position, n).asByteBuffer().asReadOnlyBuffer();
                position += n;
                demand.decrementAndGet();
                subscriber.onNext(slice);
            }
            if (!ended && position == size) {
                ended = true;
                subscriber.onComplete();
            }
        }
    }
}
