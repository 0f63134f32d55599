package dev.stride.s3;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.http.HttpSettings;
import dev.stride.http.UploadSettings;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValuePart;
import dev.stride.spi.WritableStore;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads, writes, deletes and listings of an {@link S3Store} against s3proxy, and the headers it sends. */
class S3StoreTest {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final S3StoreProvider PROVIDER = new S3StoreProvider();

    private static WritableStore open(String bucket, String path) {
        return PROVIDER.openWritable(StoreDescriptor.parse(SERVER.uri(bucket, path, "")));
    }

    private static MemorySegment bytes(String text) {
        return Arena.ofAuto().allocateFrom(ValueLayout.JAVA_BYTE, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(MemorySegment s) {
        return new String(s.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    @Test
    void writeReadAndDelete() {
        try (WritableStore store = open(SERVER.bucket("rw"), "data.zarr"); ThreadScratch scratch = new ThreadScratch()) {
            store.write("c/0 1", bytes("0123456789"));
            assertEquals("0123456789", text(store.read("c/0 1", 0, -1, scratch)));
            assertEquals("345", text(store.read("c/0 1", 3, 3, scratch)));
            assertEquals(10, store.size("c/0 1"));
            ValuePart head = store.readPrefix("c/0 1", 4, scratch);
            assertEquals("0123", text(head.bytes()));
            assertEquals(10, head.valueSize());
            ValuePart tail = store.readSuffix("c/0 1", 4, scratch);
            assertEquals("6789", text(tail.bytes()));
            assertEquals(10, tail.valueSize());
            assertEquals("0123456789", text(store.readSuffix("c/0 1", 100, scratch).bytes()));
            MemorySegment[] ranges = store.readRanges("c/0 1", new long[] {8, 1}, new long[] {2, 3}, scratch);
            assertEquals(List.of("89", "123"), List.of(text(ranges[0]), text(ranges[1])));
            assertArrayEquals("0123456789".getBytes(StandardCharsets.UTF_8), store.readBytes("c/0 1"));

            store.delete("c/0 1");
            assertNull(store.read("c/0 1", 0, -1, scratch));
            assertNull(store.readSuffix("c/0 1", 4, scratch));
            assertEquals(-1, store.size("c/0 1"));
            assertNull(store.readBytes("c/0 1"));
            store.delete("c/0 1"); // gone already: nothing to do
        }
    }

    @Test
    void aRangeBeyondTheValueIsAnErrorNamingTheKey() {
        try (WritableStore store = open(SERVER.bucket("range"), "x"); ThreadScratch scratch = new ThreadScratch()) {
            store.write("k", bytes("abc"));
            ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("k", 2, 5, scratch));
            assertTrue(e.getMessage().contains("k"), e.getMessage());
        }
    }

    @Test
    void listsTheNamesDirectlyBelowAPrefix() {
        String bucket = SERVER.bucket("list");
        try (WritableStore store = open(bucket, "root/data.zarr")) {
            for (String key : List.of("zarr.json", "a/zarr.json", "a/c/0", "a/c/1", "a.txt", "b", "b2/x/y")) {
                store.write(key, bytes(key));
            }
            assertEquals(List.of("a", "a.txt", "b", "b2", "zarr.json"), store.list(""));
            assertEquals(List.of("c", "zarr.json"), store.list("a/"));
            assertEquals(List.of("0", "1"), store.list("a/c/"));
            assertEquals(List.of("x"), store.list("b2/"));
            assertEquals(List.of(), store.list("b/"), "a value has nothing below it");
            assertEquals(List.of(), store.list("nothing/"));
        }
        try (ListableStore above = open(bucket, "root")) {
            assertEquals(List.of("data.zarr"), above.list(""), "a store's root lists only what is below its prefix");
        }
    }

    private static List<String> listFrom(String answer) {
        try (RecordingServer server = new RecordingServer("200 OK", answer);
             ListableStore store = PROVIDER.open(StoreDescriptor.parse("s3://b/x?anonymous=true&retries=0&endpoint=" + server.endpoint()))) {
            return store.list("");
        }
    }

    @Test
    void aNameThatIsBothAValueAndAPrefixIsListedOnceAndAFolderMarkerNotAtAll() {
        // s3proxy's filesystem store cannot hold x/a beside x/a/b; AWS can, and lists both
        assertEquals(List.of("a", "b"), listFrom("""
                <ListBucketResult><IsTruncated>false</IsTruncated>
                  <Contents><Key>x/</Key></Contents><Contents><Key>x/a</Key></Contents><Contents><Key>x/b</Key></Contents>
                  <CommonPrefixes><Prefix>x/a/</Prefix></CommonPrefixes>
                </ListBucketResult>"""));
    }

    @Test
    void aListingThatCannotBeCompleteIsAnError() {
        ZarrException outside = assertThrows(ZarrException.StoreFailure.class,
                () -> listFrom("<ListBucketResult><Contents><Key>elsewhere/a</Key></Contents></ListBucketResult>"));
        assertTrue(outside.getMessage().contains("elsewhere/a"), outside.getMessage());
        ZarrException loop = assertThrows(ZarrException.StoreFailure.class, () -> listFrom(
                "<ListBucketResult><IsTruncated>true</IsTruncated><NextContinuationToken>t</NextContinuationToken></ListBucketResult>"));
        assertTrue(loop.getMessage().contains("same continuation token"), loop.getMessage());
        assertThrows(ZarrException.StoreFailure.class, () -> listFrom("<Error><Code>Nonsense</Code></Error>"));
    }

    @Test
    void listingFollowsEveryPage() {
        String bucket = SERVER.bucket("pages");
        try (WritableStore writer = open(bucket, "x")) {
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                String name = "k" + (char) ('a' + i);
                writer.write(i % 2 == 0 ? name : name + "/inner", bytes(name));
                expected.add(name);
            }
            S3Config config = S3Config.resolve(StoreDescriptor.parse(SERVER.uri(bucket, "x", "")), Map.of(), () -> null);
            try (S3Store store = S3Store.open(config, HttpSettings.DEFAULTS, UploadSettings.DEFAULTS, StaticCredentialsProvider.create(AwsBasicCredentials.create(S3TestServer.accessKeyId(), S3TestServer.secretAccessKey())), 4)) {
                assertEquals(expected, store.list(""));
            }
        }
    }

    @Test
    void listingGoesBeyondTheServersThousandKeysAPage() throws Exception {
        try (WritableStore store = open(SERVER.bucket("many"), "x"); ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<String> names = IntStream.range(0, 1100).mapToObj(i -> String.format("c%04d", i)).toList();
            for (var f : pool.invokeAll(names.stream().<Callable<Void>>map(n -> () -> {
                store.write(n, bytes(n));
                return null;
            }).toList())) {
                f.get();
            }
            assertEquals(names, store.list(""));
        }
    }

    @Test
    void aConditionalWriteOverFiveGibibytesIsRefusedBeforeItIsSent() {
        try (WritableStore store = open(SERVER.bucket("huge"), "x")) {
            // never read: the size alone is refused
            MemorySegment huge = MemorySegment.NULL.reinterpret((5L << 30) + 1);
            ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.create("big", huge));
            assertTrue(e.getMessage().contains("big") && e.getMessage().contains("5 GiB"), e.getMessage());
        }
    }

    @Test
    void wrongCredentialsFailNamingTheKeyAndNoSecret() {
        String bucket = SERVER.bucket("denied");
        String secret = "wrong-secret-" + "x".repeat(20);
        S3Config config = S3Config.resolve(StoreDescriptor.parse(SERVER.uri(bucket, "data.zarr", "")), Map.of(), () -> null);
        var wrong = StaticCredentialsProvider.create(AwsBasicCredentials.create(S3TestServer.accessKeyId(), secret));
        try (S3Store store = S3Store.open(config, HttpSettings.DEFAULTS, UploadSettings.DEFAULTS, wrong, 0)) {
            ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.readBytes("zarr.json"));
            String message = e.getMessage() + " " + e.getCause();
            assertTrue(message.contains("data.zarr/zarr.json") || message.contains("zarr.json"), message);
            assertTrue(message.contains("403"), message);
            assertFalse(message.contains(secret), message);
            assertFalse(message.contains(S3TestServer.accessKeyId()), message);
            assertFalse(message.contains(S3TestServer.secretAccessKey()), message);
            String described = config + " " + store + " " + store.descriptor();
            assertFalse(described.contains(S3TestServer.accessKeyId()) || described.contains(S3TestServer.secretAccessKey())
                    || described.contains(secret), described);
        }
    }

    @Test
    void noCredentialsAnywhereIsAStoreFailureNamingTheRequest() {
        S3Config config = S3Config.resolve(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("nocredentials"), "x", "")), Map.of(), () -> null);
        AwsCredentialsProvider none = () -> {
            throw SdkClientException.create("Unable to load credentials from any of the providers in the chain");
        };
        try (S3Store store = S3Store.open(config, HttpSettings.DEFAULTS, UploadSettings.DEFAULTS, none, 0)) {
            ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.size("zarr.json"));
            assertTrue(e.getMessage().contains("HEAD") && e.getMessage().contains("/x/zarr.json"), e.getMessage());
            assertTrue(e.getMessage().contains("anonymous=true"), e.getMessage());
        }
    }

    @Test
    void aMissingBucketIsAnErrorNamingBucketKeyAndCodeNotAMissingKey() {
        String bucket = "never-made-" + SERVER.bucket("unused");
        try (WritableStore store = open(bucket, "data.zarr"); ThreadScratch scratch = new ThreadScratch()) {
            List<Callable<Object>> reads = List.of(
                    () -> store.read("c/0", 0, -1, scratch),
                    () -> store.read("c/0", 2, 5, scratch),
                    () -> store.readSuffix("c/0", 16, scratch),
                    () -> store.readRanges("c/0", new long[] {0, 100_000}, new long[] {4, 4}, scratch),
                    () -> store.readBytes("c/0"));
            for (Callable<Object> read : reads) {
                ZarrException e = assertThrows(ZarrException.StoreFailure.class, read::call);
                assertTrue(e.getMessage().contains("/" + bucket + "/data.zarr/c/0") && e.getMessage().contains("HTTP 404 NoSuchBucket"),
                        e.getMessage());
            }
        }
        try (WritableStore store = open(SERVER.bucket("present"), "data.zarr"); ThreadScratch scratch = new ThreadScratch()) {
            assertNull(store.read("c/0", 2, 5, scratch)); // NoSuchKey: missing
        }
    }

    @Test
    void aClosedStoreRefusesEveryCall() {
        WritableStore store = open(SERVER.bucket("closed"), "x");
        store.close();
        assertThrows(ZarrException.Closed.class, () -> store.size("k"));
        assertThrows(ZarrException.Closed.class, () -> store.list(""));
        assertThrows(ZarrException.Closed.class, () -> store.write("k", bytes("v")));
        assertThrows(ZarrException.Closed.class, () -> store.delete("k"));
        store.close();
    }

    @Test
    void anonymousReadsOfAPublicBucket() {
        String bucket = SERVER.bucket("public");
        try (WritableStore writer = open(bucket, "x")) {
            writer.write("zarr.json", bytes("{}"));
            writer.write("c/0", bytes("private"));
        }
        SERVER.makePublic(bucket, "x/zarr.json");
        try (var reader = PROVIDER.open(StoreDescriptor.parse(SERVER.uri(bucket, "x", "anonymous=true")))) {
            assertEquals("{}", new String(reader.readBytes("zarr.json"), StandardCharsets.UTF_8));
            ZarrException denied = assertThrows(ZarrException.StoreFailure.class, () -> reader.readBytes("c/0"));
            assertTrue(denied.getMessage().contains("403"), denied.getMessage());
        }
        try (var reader = PROVIDER.open(StoreDescriptor.parse(SERVER.uri(bucket, "x", "anonymous=true&forbiddenAsMissing=true")))) {
            assertNull(reader.readBytes("c/0"), "a 403, as public buckets answer for a missing chunk, taken as missing");
        }
    }

    @Test
    void anonymousRequestsCarryNoSignatureAndRequesterPaysItsHeader() {
        try (RecordingServer server = new RecordingServer();
             var store = PROVIDER.open(StoreDescriptor.parse("s3://b/x?anonymous=true&requesterPays=true&endpoint=" + server.endpoint()))) {
            assertEquals(-1, store.size("zarr.json"));
            assertNull(store.readBytes("zarr.json"));
            assertFalse(server.requests().isEmpty());
            for (Map<String, String> h : server.requests()) {
                assertNull(h.get("authorization"), "an anonymous request is not signed");
                assertEquals("requester", h.get("x-amz-request-payer"));
            }
        }
    }

    @Test
    void signedRequestsCarryRequesterPaysToo() {
        try (RecordingServer server = new RecordingServer();
             var store = PROVIDER.open(StoreDescriptor.parse("s3://b/x?requesterPays=true&endpoint=" + server.endpoint()))) {
            assertEquals(-1, store.size("zarr.json"));
            Map<String, String> h = server.requests().getFirst();
            assertTrue(h.get("authorization").startsWith("AWS4-HMAC-SHA256 "), h.get("authorization"));
            assertTrue(h.get("authorization").contains("x-amz-request-payer"), "the header is signed");
            assertEquals("requester", h.get("x-amz-request-payer"));
        }
    }

    /** A create is a PUT with If-None-Match: *, and S3's 412 for a key that holds a value is a false, no failure. */
    @Test
    void createIsAConditionalPutAndA412IsAKeyTaken() {
        try (RecordingServer server = new RecordingServer("412 Precondition Failed", "<Error><Code>PreconditionFailed</Code></Error>");
             WritableStore store = PROVIDER.openWritable(StoreDescriptor.parse("s3://b/x?retries=0&endpoint=" + server.endpoint()))) {
            assertFalse(store.create("claim", bytes("mine")));
            Map<String, String> h = server.requests().getFirst();
            assertEquals("*", h.get("if-none-match"));
            assertTrue(h.get("authorization").contains("if-none-match"), "the condition is signed");
        }
        try (WritableStore store = open(SERVER.bucket("create"), "data.zarr")) {
            assertTrue(store.create("claim", bytes("mine")));
            assertEquals("mine", new String(store.readBytes("claim"), StandardCharsets.UTF_8));
        }
    }

    @Test
    void unknownOptionsAreRefusedByName() {
        ZarrException e = assertThrows(ZarrException.BadRequest.class,
                () -> PROVIDER.open(StoreDescriptor.parse("s3://b/x?endpoint=http://127.0.0.1:1&colour=blue")));
        assertTrue(e.getMessage().contains("colour"), e.getMessage());
    }

    @Test
    void theDescriptorOpensTheSameStoreAgain() {
        String bucket = SERVER.bucket("descriptor");
        try (WritableStore store = PROVIDER.openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "a/b.zarr", "requesterPays=false&retries=3")))) {
            store.write("k", bytes("v"));
            StoreDescriptor d = store.descriptor();
            assertEquals("s3://" + bucket + "/a/b.zarr", d.uri().toString());
            assertEquals(Map.of("endpoint", SERVER.endpoint().toString(), "retries", "3"), d.options());
            try (var again = PROVIDER.open(d)) {
                assertInstanceOf(ListableStore.class, again);
                assertEquals("v", new String(again.readBytes("k"), StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void keysThatWouldLeaveTheStoreAreRefused() {
        try (WritableStore store = open(SERVER.bucket("keys"), "x")) {
            assertThrows(ZarrException.StoreFailure.class, () -> store.write("../y", bytes("v")));
            assertThrows(ZarrException.StoreFailure.class, () -> store.list("../"));
        }
    }
}
