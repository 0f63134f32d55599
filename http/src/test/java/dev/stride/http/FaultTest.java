package dev.stride.http;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.FaultProxy.Fault;
import dev.stride.model.ZarrException;
import dev.stride.internal.memory.DecodeBudget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads through the fault-injecting proxy in front of nginx: what is recovered, what is refused, and how fast. */
class FaultTest {
    private static Served served;
    private static FaultProxy proxy;
    private final ThreadScratch scratch = new ThreadScratch(new DecodeBudget(1L << 30));

    @BeforeAll
    static void serve() {
        served = new Served();
        proxy = new FaultProxy(served.nginx.port());
    }

    @AfterAll
    static void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (served != null) {
            served.close();
        }
    }

    @BeforeEach
    void resetProxy() {
        proxy.reset();
    }

    @AfterEach
    void freeBuffers() {
        scratch.close();
    }

    /** A store through the proxy: 1 s per attempt, 5 retries within 20 s, unless overridden. */
    private static HttpStore store(String... options) {
        Map<String, String> o = new HashMap<>(Map.of("timeout", "1", "retries", "5", "retryTime", "20"));
        for (int i = 0; i < options.length; i += 2) {
            o.put(options[i], options[i + 1]);
        }
        return Served.store(proxy.uri(""), o);
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void everyFaultIsRecoveredWithTheExactBytes() {
        List<Fault> faults = List.of(Fault.status(503), Fault.status(500), Fault.status(429), Fault.SLOW_DOWN, Fault.RESET,
                Fault.STALL_MID_BODY, Fault.SHORT_BODY, Fault.SHORT_CHUNKED_BODY, Fault.slowFirstByte(1500));
        try (HttpStore store = store()) {
            for (Fault fault : faults) {
                proxy.reset();
                proxy.schedule(fault);
                assertArrayEquals(served.slice(1000, 200_000), bytes(store.read("data.bin", 1000, 200_000, scratch)), fault.toString());
                assertEquals(2, proxy.requests(), fault + ": " + proxy.log());
            }
            proxy.reset();
            proxy.schedule(Fault.SLOW_DOWN, Fault.RESET, Fault.status(502));
            assertArrayEquals(served.slice(Served.SIZE - 64, 64), bytes(store.readSuffix("data.bin", 64, scratch).bytes()));
            proxy.schedule(Fault.SHORT_BODY);
            assertArrayEquals(served.data, store.readBytes("data.bin"));
            proxy.schedule(Fault.status(503));
            assertEquals(Served.SIZE, store.size("data.bin"));
        }
    }

    @Test
    void aPermanent503FailsCleanlyWithinTheRetryTime() {
        proxy.otherwise(Fault.status(503));
        try (HttpStore store = store("retries", "1000", "retryTime", "2")) {
            long start = System.nanoTime();
            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", 0, 100, scratch));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            // the retry time ends the attempts: a thousand backoffs would take minutes; the margin is for a busy machine
            assertTrue(took.compareTo(Duration.ofSeconds(12)) < 0, "took " + took);
            assertEquals("data.bin", e.chunkKey());
            assertTrue(e.getMessage().contains(proxy.uri("data.bin").toString()) && e.getMessage().contains("HTTP 503")
                    && e.getMessage().contains(proxy.requests() + " attempts"), e.getMessage());
            assertTrue(proxy.requests() > 3, "attempts " + proxy.requests());
        }
    }

    @Test
    void retriesStopAtTheirCount() {
        proxy.otherwise(Fault.SLOW_DOWN);
        try (HttpStore store = store("retries", "2")) {
            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", 0, 10, scratch));
            assertTrue(e.getMessage().contains("after 3 attempts") && e.getMessage().contains("HTTP 503 SlowDown"), e.getMessage());
            assertEquals(3, proxy.requests());
        }
    }

    @Test
    void aStalledBodyEndsWithinTheTimeout() {
        proxy.otherwise(Fault.STALL_MID_BODY);
        try (HttpStore store = store("retries", "0", "timeout", "0.5")) {
            long start = System.nanoTime();
            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", 0, 200_000, scratch));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            // the stall lasts until the client gives up; the margin over 0.5 s is for a busy machine
            assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "took " + took);
            assertTrue(e.getMessage().contains("no complete answer within 0.5 s"), e.getMessage());
        }
    }

    @Test
    void shortBodiesAreDetected() {
        try (HttpStore store = store("retries", "0")) {
            proxy.schedule(Fault.SHORT_CHUNKED_BODY);
            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", 0, 10_000, scratch));
            assertTrue(e.getMessage().contains("the body ended after 5000 of the 10000 bytes"), e.getMessage());
            proxy.schedule(Fault.SHORT_BODY);
            assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", 0, 10_000, scratch));
            proxy.schedule(Fault.SHORT_BODY);
            assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("data.bin"));
        }
    }

    @Test
    void aWrongOrMissingContentRangeIsRefusedAtOnce() {
        try (HttpStore store = store()) {
            proxy.schedule(Fault.WRONG_CONTENT_RANGE);
            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", 10, 100, scratch));
            assertTrue(e.getMessage().contains("Content-Range: bytes 11-110/300000 does not match Range: bytes=10-109"), e.getMessage());
            proxy.schedule(Fault.MISSING_CONTENT_RANGE);
            e = assertThrows(ZarrException.StoreFailure.class, () -> store.readSuffix("data.bin", 100, scratch));
            assertTrue(e.getMessage().contains("a 206 without a valid Content-Range"), e.getMessage());
            assertEquals(2, proxy.requests(), "not retried: " + proxy.log());
        }
    }

    @Test
    void nearbyRangesAreReadInOneRequest() {
        long[] offsets = {200_000, 0, 100_000, 299_990};
        long[] lengths = {1000, 100, 10, 10};
        try (HttpStore near = store(); HttpStore apart = store("coalesceGap", "0")) {
            MemorySegment[] got = near.readRanges("data.bin", offsets, lengths, scratch);
            assertEquals(1, proxy.requests(), proxy.log().toString());
            for (int i = 0; i < got.length; i++) {
                assertArrayEquals(served.slice(offsets[i], lengths[i]), bytes(got[i]));
            }
            proxy.reset();
            got = apart.readRanges("data.bin", offsets, lengths, scratch);
            assertEquals(4, proxy.requests(), proxy.log().toString());
            for (int i = 0; i < got.length; i++) {
                assertArrayEquals(served.slice(offsets[i], lengths[i]), bytes(got[i]));
            }
        }
    }

    @Test
    void connectionsToAHostAreCapped() {
        int ranges = 24;
        long[] offsets = new long[ranges];
        long[] lengths = new long[ranges];
        for (int i = 0; i < ranges; i++) {
            offsets[i] = i * 10_000L;
            lengths[i] = 100;
        }
        proxy.otherwise(Fault.slowFirstByte(100));
        try (HttpStore store = store("connections", "3", "coalesceGap", "0")) {
            MemorySegment[] got = store.readRanges("data.bin", offsets, lengths, scratch);
            assertEquals(ranges, proxy.requests());
            assertArrayEquals(served.slice(offsets[7], 100), bytes(got[7]));
            assertTrue(proxy.maxConcurrentRequests() <= 3 && proxy.maxConcurrentRequests() >= 2, "at once: " + proxy.maxConcurrentRequests());
            assertTrue(proxy.maxOpenConnections() <= 3, "connections: " + proxy.maxOpenConnections());
        }
    }

    @Test
    void aFailedRangeAmongSeveralFailsTheRead() {
        proxy.schedule(Fault.WRONG_CONTENT_RANGE);
        try (HttpStore store = store("coalesceGap", "0")) {
            assertThrows(ZarrException.StoreFailure.class,
                    () -> store.readRanges("data.bin", new long[] {0, 100_000, 200_000}, new long[] {10, 10, 10}, scratch));
        }
    }

    @Test
    void aBufferOverBudgetIsRefusedAsSuch() {
        try (HttpStore store = store(); ThreadScratch small = new ThreadScratch(new DecodeBudget(1000))) {
            assertThrows(ZarrException.OverBudget.class, () -> store.readPrefix("data.bin", 100_000, small));
            assertEquals(1, proxy.requests(), "not retried");
        }
    }

    @Test
    void writesThatTheServerRefusesFailAtOnce() {
        try (HttpTransport transport = new HttpTransport(HttpSettings.DEFAULTS)) {
            var e = assertThrows(ZarrException.StoreFailure.class, () -> transport.put(proxy.uri("new.bin"), "new.bin",
                    MemorySegment.ofArray(new byte[] {1, 2, 3}), Map.of(), RequestSigner.NONE));
            assertTrue(e.getMessage().contains("PUT " + proxy.uri("new.bin")) && e.getMessage().contains("HTTP 405")
                    && e.getMessage().contains("after 1 attempt"), e.getMessage());
            assertThrows(ZarrException.StoreFailure.class, () -> transport.delete(proxy.uri("data.bin"), "data.bin", Map.of(), RequestSigner.NONE));
        }
    }

    @Test
    void everyAttemptIsSignedAnewAndSecretsStayOutOfMessages() {
        List<String> signed = new CopyOnWriteArrayList<>();
        RequestSigner signer = (method, uri, headers, body) -> {
            signed.add(method + " " + headers.get("Range"));
            return Map.of("Authorization", "secret-" + signed.size());
        };
        proxy.schedule(Fault.status(503), Fault.status(503));
        proxy.otherwise(Fault.status(400));
        try (HttpTransport transport = new HttpTransport(HttpSettings.DEFAULTS)) {
            var e = assertThrows(ZarrException.StoreFailure.class, () -> transport.get(proxy.uri("data.bin"), "data.bin",
                    ByteRange.prefix(10), Map.of(), signer, scratch, this));
            assertEquals(List.of("GET bytes=0-9", "GET bytes=0-9", "GET bytes=0-9"), signed);
            assertTrue(e.getMessage().contains("HTTP 400") && !e.getMessage().contains("secret"), e.getMessage());
        }
    }
}
