package dev.stride.http;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmentPublisherTest {

    /** A subscriber that asks for {@code step} buffers at a time, again from inside onNext once those arrived. */
    private static class Collector implements Flow.Subscriber<ByteBuffer> {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<Object> events = new ArrayList<>();
        private final long step;
        Flow.Subscription subscription;
        private long owed;

        Collector(long step) {
            this.step = step;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            owed = step;
            s.request(step);
        }

        @Override
        public void onNext(ByteBuffer item) {
            assertTrue(item.isReadOnly(), "the body's memory is handed out read-only");
            byte[] chunk = new byte[item.remaining()];
            item.get(chunk);
            bytes.writeBytes(chunk);
            if (--owed == 0) {
                owed = step;
                subscription.request(step);
            }
        }

        @Override
        public void onError(Throwable t) {
            events.add(t);
        }

        @Override
        public void onComplete() {
            events.add("complete");
        }
    }

    private static MemorySegment pattern(Arena arena, long size) {
        MemorySegment body = arena.allocate(size);
        for (long i = 0; i < size; i++) {
            body.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + (i >> 11)));
        }
        return body;
    }

    @Test
    void everyByteOnceInOrderWhateverTheDemandAndEachSubscriptionFromTheStart() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment body = pattern(arena, (3L << 20) + 12_345);
            SegmentPublisher publisher = new SegmentPublisher(body);
            for (long step : new long[] {1, 3, Long.MAX_VALUE}) {
                Collector c = new Collector(step);
                publisher.subscribe(c);
                assertArrayEquals(body.toArray(ValueLayout.JAVA_BYTE), c.bytes.toByteArray(), "step " + step);
                assertEquals(List.of("complete"), c.events);
            }
        }
    }

    @Test
    void aCancelledSubscriptionGetsNothingMoreAndABadRequestAnError() {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment body = pattern(arena, 5L << 20);
            Collector cancelling = new Collector(2) {
                @Override
                public void onNext(ByteBuffer item) {
                    super.onNext(item);
                    subscription.cancel();
                    subscription.request(5);
                }
            };
            new SegmentPublisher(body).subscribe(cancelling);
            assertEquals(1 << 20, cancelling.bytes.size(), "one buffer, then nothing");
            assertEquals(List.of(), cancelling.events);

            Collector bad = new Collector(1) {
                @Override
                public void onSubscribe(Flow.Subscription s) {
                    s.request(0);
                }
            };
            new SegmentPublisher(body).subscribe(bad);
            assertEquals(1, bad.events.size());
            assertInstanceOf(IllegalArgumentException.class, bad.events.getFirst());
        }
    }
}
