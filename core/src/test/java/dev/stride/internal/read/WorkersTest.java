package dev.stride.internal.read;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkersTest {

    @Test
    void theFirstFailureIsThrownAsItWas() {
        UncheckedIOException thrown = new UncheckedIOException(new IOException("disk gone"));
        var e = assertThrows(UncheckedIOException.class, () -> Workers.forEach(2, 100, null, item -> {
            if (item == 7) {
                throw thrown;
            }
        }));
        assertSame(thrown, e);
    }

    @Test
    void anInterruptWaitsForEveryItemAndStaysSet() {
        AtomicLong sum = new AtomicLong();
        Thread caller = Thread.currentThread();
        try {
            Workers.forEach(2, 200, null, item -> {
                if (item == 0) {
                    caller.interrupt(); // it then joins the helper thread with its interrupt set
                }
                sum.addAndGet(item);
            });
            assertEquals(199 * 200 / 2, sum.get());
            assertTrue(caller.isInterrupted());
        } finally {
            Thread.interrupted();
        }
    }
}
