package dev.stride.s3;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.ConformanceTest;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The shared conformance corpus uploaded once to s3proxy and read through {@code s3://} URIs: every case of the v3 and
 * the v2 manifest reads as it reads from the local directory (and as the manifest expects), every error case is refused
 * as it is there. Skipped
 * with a notice when the corpus is absent ({@code STRIDE_SHARED}; {@code STRIDE_REQUIRE_SHARED=1} makes that a
 * failure).
 */
class S3ConformanceTest {
    private static final S3TestServer SERVER = S3TestServer.get();

    /** The bucket holding the whole corpus, uploaded by the first test that needs it. */
    private static String bucket;

    @TestFactory
    Stream<DynamicTest> everyCaseReadsOverS3AsItReadsLocally() {
        return checks(Corpus.cases());
    }

    @TestFactory
    Stream<DynamicTest> everyV2CaseReadsOverS3AsItReadsLocally() {
        return checks(Corpus.cases(Corpus.V2_MANIFEST));
    }

    private static Stream<DynamicTest> checks(List<Corpus.Case> cases) {
        String uploaded = bucket();
        return cases.stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () -> check(uploaded, c)));
    }

    private static synchronized String bucket() {
        if (bucket == null) {
            bucket = upload(Corpus.shared().resolve("conformance"));
        }
        return bucket;
    }

    private static void check(String bucket, Corpus.Case c) {
        String uri = SERVER.uri(bucket, c.served(), "");
        switch (c.expect()) {
            case "ok" -> {
                List<Json> remote = readAll(uri);
                assertEquals(readAll(c.dir().toString()), remote, "values read over S3 and from the directory differ");
                List<Json> expected = ((Json.JArray) c.values()).items();
                assertEquals(expected.size(), remote.size(), "element count");
                try (Zarr zarr = Zarr.open(uri)) {
                    var type = zarr.array("/").dataType();
                    for (int i = 0; i < remote.size(); i++) {
                        String diff = Values.difference(remote.get(i), expected.get(i), type);
                        if (diff != null) {
                            fail("element " + i + ": " + diff);
                        }
                    }
                }
            }
            case "error" -> ConformanceTest.refusal(c).assertRefuses(() -> readAll(uri));
            case "optional" -> assertEquals(outcome(c.dir().toString()), outcome(uri), "an optional case reads differently over S3");
            default -> fail("unknown expectation " + c.expect());
        }
    }

    /** The values, or the kind of refusal. */
    private static Object outcome(String where) {
        try {
            return readAll(where);
        } catch (ZarrException e) {
            return e.getClass();
        }
    }

    /** Every element of the array at {@code where}, in C order. */
    static List<Json> readAll(String where) {
        try (Zarr zarr = Zarr.open(where)) {
            ZarrArray array = zarr.array("/");
            Json[] out = new Json[Math.toIntExact(array.metadata().size())];
            array.forEachRecord(null, (index, records, i) -> out[(int) index] = array.layout().toJson(records, i));
            return List.of(out);
        }
    }

    /** Puts every file of the corpus into a new bucket, under its path; the bucket's name. */
    private static String upload(Path corpus) {
        String bucket = SERVER.bucket("conformance");
        try (WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "", "")));
             Stream<Path> files = Files.walk(corpus)) {
            files.filter(Files::isRegularFile).parallel().forEach(file -> {
                try (Arena arena = Arena.ofConfined()) {
                    byte[] bytes = Files.readAllBytes(file);
                    store.write(corpus.relativize(file).toString().replace('\\', '/'), arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bucket;
    }
}
