package dev.stride.s3;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.RemoteCorpus;
import dev.stride.model.Json;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Stream;

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
            bucket = upload();
        }
        return bucket;
    }

    private static void check(String bucket, Corpus.Case c) {
        RemoteCorpus.check(c, SERVER.uri(bucket, c.served(), ""), "over S3");
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
    private static String upload() {
        String bucket = SERVER.bucket("conformance");
        try (WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "", "")))) {
            RemoteCorpus.upload(store);
        }
        return bucket;
    }
}
