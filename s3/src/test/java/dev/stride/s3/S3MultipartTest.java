package dev.stride.s3;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.MappedNoise;
import dev.stride.http.testing.FaultProxy.Fault;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values larger than a part, written to s3proxy with multipart uploads: byte-exact, and nothing left behind on failure. */
class S3MultipartTest {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final long PART = 5L << 20;
    /** Three parts: two whole ones and a short last one. */
    private static final long SIZE = 2 * PART + 123_457;

    /** A store of {@code bucket} whose requests go through {@code proxy}, with parts of 5 MiB (S3's smallest). */
    private static WritableStore open(FaultProxy proxy, String bucket, String options) {
        String uri = "s3://" + bucket + "/x?endpoint=" + proxy.uri("") + "&partSize=" + PART + (options.isEmpty() ? "" : "&" + options);
        return new S3StoreProvider().openWritable(StoreDescriptor.parse(uri));
    }

    /** The value under {@code key}, read back in ranges of a part or less. */
    private static void assertStored(WritableStore store, String key, MemorySegment expected) {
        assertEquals(expected.byteSize(), store.size(key));
        try (ThreadScratch scratch = new ThreadScratch()) {
            for (long at = 0; at < expected.byteSize(); at += 3L << 20) {
                long n = Math.min(3L << 20, expected.byteSize() - at);
                MemorySegment read = store.read(key, at, n, scratch);
                assertEquals(-1, expected.asSlice(at, n).mismatch(read), "bytes " + at + "+" + n);
            }
        }
    }

    private static List<String> requests(FaultProxy proxy, String bucket) {
        return proxy.log().stream().map(line -> line.substring(0, line.lastIndexOf(' ')).replace("/" + bucket + "/x/", "/"))
                .map(line -> line.replaceAll("uploadId=[^&]+", "uploadId=ID")).toList();
    }

    @Test
    void aValueOfSeveralPartsFromAMappedFileRoundTripsByteExact(@TempDir Path dir) throws IOException {
        String bucket = SERVER.bucket("multipart");
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort()); Arena arena = Arena.ofShared();
             WritableStore store = open(proxy, bucket, "")) {
            MemorySegment value = MappedNoise.of(dir, SIZE, 1, arena);
            store.write("c/0", value);
            List<String> sent = requests(proxy, bucket);
            assertEquals("POST /c/0?uploads", sent.getFirst());
            assertEquals(List.of("PUT /c/0?partNumber=1&uploadId=ID", "PUT /c/0?partNumber=2&uploadId=ID", "PUT /c/0?partNumber=3&uploadId=ID"),
                    sent.subList(1, 4).stream().sorted().toList());
            assertEquals(List.of("POST /c/0?uploadId=ID"), sent.subList(4, sent.size()));
            assertStored(store, "c/0", value);

            // a value of exactly one part goes in one PUT
            proxy.reset();
            MemorySegment onePart = MappedNoise.of(dir, PART, 2, arena);
            store.write("c/1", onePart);
            assertEquals(List.of("PUT /c/1"), requests(proxy, bucket));
            assertStored(store, "c/1", onePart);
        }
        assertEquals(List.of(), PendingUploads.of(SERVER, bucket));
    }

    @Test
    void memoryConfinedToTheWriterIsUploadedToo() {
        String bucket = SERVER.bucket("confined");
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort()); Arena arena = Arena.ofConfined();
             WritableStore store = open(proxy, bucket, "partsInFlight=2")) {
            MemorySegment value = arena.allocate(SIZE);
            for (long i = 0; i < SIZE; i++) {
                value.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 0x9E3779B97F4A7C15L >>> 56));
            }
            store.write("confined", value);
            assertStored(store, "confined", value);
        }
    }

    @Test
    void partsThatFailOnceAreSentAgain(@TempDir Path dir) throws IOException {
        String bucket = SERVER.bucket("retried");
        AtomicInteger part2 = new AtomicInteger();
        AtomicInteger part3 = new AtomicInteger();
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort()); Arena arena = Arena.ofShared();
             WritableStore store = open(proxy, bucket, "")) {
            proxy.when(line -> line.contains("partNumber=2&") && part2.getAndIncrement() == 0, Fault.status(503));
            proxy.when(line -> line.contains("partNumber=3&") && part3.getAndIncrement() == 0, Fault.RESET);
            MemorySegment value = MappedNoise.of(dir, SIZE, 3, arena);
            store.write("c/0", value);
            assertEquals(2, requests(proxy, bucket).stream().filter(r -> r.contains("partNumber=2&")).count());
            assertEquals(2, requests(proxy, bucket).stream().filter(r -> r.contains("partNumber=3&")).count());
            assertStored(store, "c/0", value);
        }
        assertEquals(List.of(), PendingUploads.of(SERVER, bucket));
    }

    @Test
    void aPartThatFailsAbortsTheUploadLeavingTheOldValueAndNoUpload(@TempDir Path dir) throws IOException {
        String bucket = SERVER.bucket("aborted");
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort()); Arena arena = Arena.ofShared();
             WritableStore store = open(proxy, bucket, "retries=1")) {
            store.write("c/0", MemorySegment.ofArray("old".getBytes(StandardCharsets.UTF_8)));
            proxy.when(line -> line.contains("partNumber=2&"), Fault.status(400));
            MemorySegment value = MappedNoise.of(dir, SIZE, 4, arena);
            for (String key : List.of("c/0", "c/1")) {
                ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.write(key, value));
                assertTrue(e.getMessage().startsWith("key " + key + ": PUT ") && e.getMessage().contains("partNumber=2&uploadId=")
                        && e.getMessage().contains("failed after 1 attempt") && e.getMessage().contains("HTTP 400"), e.getMessage());
                assertTrue(requests(proxy, bucket).contains("DELETE /" + key + "?uploadId=ID"), "aborted: " + requests(proxy, bucket));
            }
            assertEquals("old", new String(store.readBytes("c/0"), StandardCharsets.UTF_8));
            assertEquals(-1, store.size("c/1"));
        }
        assertEquals(List.of(), PendingUploads.of(SERVER, bucket));
    }

    @Test
    void anAbortThatFailsTooIsAddedToTheFailureAndTheUploadStaysListed(@TempDir Path dir) throws IOException {
        String bucket = SERVER.bucket("unaborted");
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort()); Arena arena = Arena.ofShared();
             WritableStore store = open(proxy, bucket, "retries=0")) {
            proxy.when(line -> line.contains("partNumber=3&"), Fault.status(400));
            proxy.when(line -> line.startsWith("DELETE "), Fault.status(403));
            MemorySegment value = MappedNoise.of(dir, SIZE, 5, arena);
            ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.write("c/0", value));
            assertTrue(e.getMessage().contains("partNumber=3&"), e.getMessage());
            assertEquals(1, e.getSuppressed().length);
            assertTrue(e.getSuppressed()[0].getMessage().startsWith("key c/0: DELETE ") && e.getSuppressed()[0].getMessage().contains("HTTP 403"),
                    e.getSuppressed()[0].getMessage());
        }
        assertEquals(List.of("x/c/0"), PendingUploads.of(SERVER, bucket));
    }

    @Test
    void aValueOverFiveTebibytesIsRefusedBeforeAnyRequest() {
        try (FaultProxy proxy = new FaultProxy(SERVER.endpoint().getPort());
             WritableStore store = open(proxy, SERVER.bucket("huge"), "")) {
            // never read: the size alone is refused
            MemorySegment huge = MemorySegment.NULL.reinterpret((5L << 40) + 1);
            ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.write("shard/0", huge));
            assertEquals("key shard/0: holds 5497558138881 bytes, more than the 5 TiB an S3 object may hold; write smaller chunks or shards",
                    e.getMessage());
            assertEquals(0, proxy.requests());
        }
    }

    @Test
    void aPartSizeS3WouldRefuseIsRefusedAndAGoodOneIsInTheDescriptor() {
        String bucket = SERVER.bucket("options");
        var e = assertThrows(ZarrException.BadRequest.class,
                () -> new S3StoreProvider().open(StoreDescriptor.parse(SERVER.uri(bucket, "x", "partSize=1048576"))));
        assertTrue(e.getMessage().contains("partSize=1048576") && e.getMessage().contains("from 5242880 to 1073741824"), e.getMessage());
        try (WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "x", "partSize=8388608&partsInFlight=3")))) {
            assertEquals("8388608", store.descriptor().options().get("partSize"));
            assertEquals("3", store.descriptor().options().get("partsInFlight"));
        }
    }

    @Test
    void anArrayWhoseChunksAreLargerThanAPartIsWrittenAndReadBack() {
        int n = 1_500_000;
        double[] xs = IntStream.range(0, n).mapToDouble(i -> i * 0.5 - 7).toArray();
        StructType record = StructType.of(new Field("x", CoreType.FLOAT64));
        String uri = SERVER.uri(SERVER.bucket("array"), "big.zarr", "partSize=" + PART);
        try (ZarrWriter out = ZarrWriter.open(uri)) {
            // one chunk of 12 MB: three parts
            ArrayWriter array = out.createArray("/points", ArraySpec.of(record, n).chunks(n));
            array.write(Region.all(new long[] {n}), Map.of("x", xs));
        }
        try (Zarr zarr = Zarr.open(uri)) {
            ZarrArray points = zarr.array("/points");
            assertArrayEquals(xs, points.readDoubles("x"));
        }
    }
}
