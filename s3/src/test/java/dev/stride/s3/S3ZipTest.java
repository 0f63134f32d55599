package dev.stride.s3;

import dev.stride.conformance.Corpus;
import dev.stride.s3.testing.S3TestServer;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.Zips;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A zip of the corpus's zarr-python 3.1 hierarchy as one S3 object, opened by {@code s3://bucket/h.zip/<array>}: every
 * ok case there reads as its folder reads, through suffix and range GETs of that one object.
 */
class S3ZipTest {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final String HIERARCHY = "zarr-python-3.1/data.zarr/";

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> everyArrayInAZippedObjectReadsAsItsFolder() throws IOException {
        Path zip = dir.resolve("h.zip");
        Zips.ofFolder(Corpus.shared().resolve("conformance").resolve(HIERARCHY), "", zip, false);
        String bucket = SERVER.bucket("zipped");
        try (WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "", "")))) {
            store.write("h.zip", MemorySegment.ofArray(Files.readAllBytes(zip)));
        }
        return Corpus.cases().stream()
                .filter(c -> c.expect().equals("ok") && c.path().startsWith(HIERARCHY))
                .map(c -> DynamicTest.dynamicTest(c.path(), () -> assertEquals(S3ConformanceTest.readAll(c.dir().toString()),
                        S3ConformanceTest.readAll(SERVER.uri(bucket, "h.zip/" + c.path().substring(HIERARCHY.length()), "")))));
    }
}
