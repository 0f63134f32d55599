package dev.stride.http;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.FaultProxy.Fault;
import dev.stride.http.testing.Nginx;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CodecChain.IndexLocation;
import dev.stride.model.CoreType;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whole scans of arrays over HTTP, read ahead by many requests at once, through the fault proxy: faults on any of the
 * requests still give the exact sums, and a server that keeps failing ends the scan with a clean error in bounded
 * time, the array readable again afterwards.
 */
class ScanThroughFaultsTest {
    private static final long N = 1 << 16;
    private static final BigInteger SUM = BigInteger.valueOf(N * (N - 1) / 2);
    /** 256 chunks: more than the 64 requests a pass keeps in flight. */
    private static final int MANY_CHUNK = 256;
    private static Nginx nginx;
    private static FaultProxy proxy;

    @BeforeAll
    static void serve() throws IOException {
        Path root = Files.createDirectories(Path.of("target", "scan-through-faults", Long.toString(ProcessHandle.current().pid())));
        long[] values = LongStream.range(0, N).toArray();
        try (ZarrWriter out = ZarrWriter.open(root)) {
            write(out.createArray("/chunked", ArraySpec.of(CoreType.INT64, N).chunks(4096)), values);
            write(out.createArray("/sharded", ArraySpec.of(CoreType.INT64, N).chunks(16_384).codecs(CodecChain.sharding(
                    new long[] {1024}, IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.zstd(3, false)))), values);
            write(out.createArray("/many", ArraySpec.of(CoreType.INT64, N).chunks(MANY_CHUNK)), values);
        }
        nginx = Nginx.serve(root);
        proxy = new FaultProxy(nginx.port());
    }

    private static void write(ArrayWriter a, long[] values) {
        a.write(Region.all(new long[] {N}), Map.of("", values));
        a.commit();
    }

    @AfterAll
    static void stop() {
        if (proxy != null) {
            proxy.close();
        }
        if (nginx != null) {
            nginx.close();
        }
    }

    @BeforeEach
    void resetProxy() {
        proxy.reset();
    }

    private static Zarr open(String options) {
        return Zarr.open(proxy.uri("") + "?" + options);
    }

    @Test
    void faultsOnAnyRequestStillGiveExactSums() {
        for (String array : new String[] {"/chunked", "/sharded"}) {
            try (Zarr z = open("timeout=1&retries=8&inFlight=8")) {
                ZarrArray a = z.array(array);
                proxy.schedule(Fault.status(503), Fault.RESET, Fault.SHORT_BODY, Fault.SLOW_DOWN, Fault.status(429),
                        Fault.STALL_MID_BODY, Fault.SHORT_CHUNKED_BODY, Fault.slowFirstByte(300), Fault.status(500), Fault.RESET);
                FieldStats.Integers s = a.scan("", null, ScanOptions.threads(2)).asIntegers();
                assertEquals(SUM, s.sum(), array + ": " + proxy.log());
                assertEquals(N, s.count());
                assertTrue(proxy.requests() > 10, "every fault met a request: " + proxy.requests());
            }
            proxy.reset();
        }
    }

    @Test
    void aServerThatKeepsFailingEndsTheScanCleanlyInBoundedTime() {
        try (Zarr z = open("timeout=1&retries=100&retryTime=2&inFlight=8")) {
            ZarrArray a = z.array("/sharded");
            proxy.otherwise(Fault.status(503));
            long started = System.nanoTime();
            var e = assertThrows(ZarrException.StoreFailure.class, () -> a.scan("", null, ScanOptions.threads(2)));
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
            assertTrue(seconds < 10, "stopped after " + seconds + " s");
            assertTrue(e.getMessage().contains("HTTP 503") && e.getMessage().contains(proxy.uri("").toString()), e.getMessage());
            assertTrue(e.chunkKey() != null && e.chunkKey().startsWith("sharded/c/"), e.getMessage());
            proxy.otherwise(Fault.PASS);
            assertEquals(SUM, a.scan("", null, ScanOptions.threads(2)).asIntegers().sum(), "the array reads again");
        }
    }

    @Test
    void aPermanentFailureStartsNoMoreRequests() {
        int inFlight = 64;
        try (Zarr z = open("timeout=1&retries=100&retryTime=1&inFlight=" + inFlight)) {
            ZarrArray a = z.array("/many");
            proxy.reset();
            proxy.otherwise(Fault.status(503));
            long started = System.nanoTime();
            var e = assertThrows(ZarrException.StoreFailure.class, () -> a.scan("", null, ScanOptions.threads(2)));
            assertTrue(e.getMessage().contains("HTTP 503"), e.getMessage());
            // the first 64 chunks are in flight when the first of them fails for good; none after them is asked for
            Set<Integer> asked = proxy.log().stream().map(r -> Integer.parseInt(r.split(" ")[1].replaceFirst("^/many/c/", "")))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(IntStream.range(0, inFlight).boxed().collect(Collectors.toCollection(TreeSet::new)), asked);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
            assertTrue(seconds < 30, "stopped after " + seconds + " s");
        }
    }
}
