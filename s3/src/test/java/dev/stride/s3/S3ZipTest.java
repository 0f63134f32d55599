package dev.stride.s3;

import dev.stride.conformance.Corpus;
import dev.stride.conformance.V2ConformanceTest;
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
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A zip of the corpus's zarr-python 3.1 hierarchy as one S3 object, opened by {@code s3://bucket/h.zip/<array>}: every
 * ok case there reads as its folder reads, through suffix and range GETs of that one object; and the same for the two
 * zip files zarr-python 2 wrote of its v2 hierarchy.
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

    /** zarr-python 2's two zip files as they are, each one object: every readable array reads as its folder reads. */
    @TestFactory
    Stream<DynamicTest> everyArrayInZarrPython2sZipsReadsAsItsFolder() throws IOException {
        Path v2 = Corpus.shared().resolve("conformance").resolve(Corpus.V2_MANIFEST).getParent();
        String bucket = SERVER.bucket("zipped-v2");
        try (WritableStore store = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(bucket, "", "")))) {
            for (String zip : V2ConformanceTest.ZIPS.keySet()) {
                store.write(zip, MemorySegment.ofArray(Files.readAllBytes(v2.resolve(zip))));
            }
        }
        List<Corpus.Case> arrays = Corpus.cases(Corpus.V2_MANIFEST).stream()
                .filter(c -> c.expect().equals("ok") && c.path().startsWith(V2ConformanceTest.FOLDER)).toList();
        return V2ConformanceTest.ZIPS.entrySet().stream().sorted(Map.Entry.comparingByKey()).flatMap(zip -> arrays.stream()
                .map(c -> DynamicTest.dynamicTest(zip.getKey() + ": " + c.path(), () -> assertEquals(
                        S3ConformanceTest.readAll(c.dir().toString()),
                        S3ConformanceTest.readAll(SERVER.uri(bucket, zip.getKey() + "/" + zip.getValue()
                                + c.path().substring(V2ConformanceTest.FOLDER.length()), ""))))));
    }
}
