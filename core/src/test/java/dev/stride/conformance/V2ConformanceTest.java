package dev.stride.conformance;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.ConformanceTest.Refusal;
import dev.stride.internal.codec.CodecRegistry;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Zarr v2 manifest ({@link Corpus#V2_MANIFEST}): every ok case reads the manifest's values element by element, by
 * read calls and mapped; every error case is refused with its exception type and a message naming the document's
 * member and, opened from the corpus's root, the node. Every array of zarr-python 2's two zip files reads as its
 * folder reads. Cases whose codecs are not on the class path are skipped here and run by the codecs module, which
 * extends this class.
 */
public class V2ConformanceTest {

    /** Error cases by the manifest's reason: the exception type and a fragment naming the member and what is wrong. */
    public static final Map<String, Refusal> REFUSALS = Map.of(
            "unknown v2 compressor id", new Refusal(ZarrException.Unsupported.class,
                    ".zarray/compressor/id: unknown v2 compressor id 'no-such-codec'"),
            "object dtype without a vlen filter", new Refusal(ZarrException.Unsupported.class,
                    ".zarray/dtype: object dtype '|O' holds variable-length Python objects"),
            "chunks rank differs from shape rank", new Refusal(ZarrException.InvalidMetadata.class,
                    ".zarray/chunks: has 2 dimensions but the shape has 1"));

    /** zarr-python 2's hierarchy as a folder, below the v2 manifest's folder. */
    public static final String FOLDER = "zarr-python-2/data.zarr/";

    /** The same hierarchy zipped, and where it is rooted inside each zip file. */
    public static final Map<String, String> ZIPS = Map.of(
            "zarr-python-2/data.zipped_from_parent.zarr.zip", "data.zarr/",
            "zarr-python-2/data.zipped_from_within.zarr.zip", "");

    @TestFactory
    Stream<DynamicTest> manifest() {
        return Corpus.cases(Corpus.V2_MANIFEST).stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () -> check(c)));
    }

    private static void check(Corpus.Case c) throws IOException {
        switch (c.expect()) {
            case "ok" -> {
                Assumptions.assumeTrue(codecsAvailable(c.dir()), "needs numcodecs codecs outside core: run by stride-codecs");
                ConformanceTest.assertReads(c);
            }
            case "error" -> {
                Refusal r = ConformanceTest.refusal(c);
                assertRefused(r, "/", () -> ConformanceTest.readAll(c));
                // opened from the root of the corpus, the refusal names the array's path in that hierarchy
                Path root = Corpus.shared().resolve("conformance").resolve(Corpus.V2_MANIFEST).getParent();
                assertRefused(r, "/" + c.path(), () -> {
                    try (Zarr zarr = Zarr.open(root)) {
                        zarr.array("/" + c.path());
                    }
                });
            }
            default -> fail("unknown expectation " + c.expect());
        }
    }

    private static void assertRefused(Refusal r, String node, Executable read) {
        ZarrException e = r.assertRefuses(read);
        assertEquals(node, e.node(), e.getMessage());
    }

    /** True when every compressor and filter id of the array's {@code .zarray} is a registered {@code numcodecs.<id>}. */
    public static boolean codecsAvailable(Path dir) throws IOException {
        Json.JObject zarray = (Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve(".zarray")));
        List<Json> codecs = new ArrayList<>();
        if (zarray.get("filters") instanceof Json.JArray filters) {
            codecs.addAll(filters.items());
        }
        codecs.add(zarray.get("compressor"));
        return codecs.stream().allMatch(codec -> !(codec instanceof Json.JObject o)
                || CodecRegistry.defaults().names().contains("numcodecs." + ((Json.JString) o.get("id")).value()));
    }

    /** Each array of the folder's hierarchy through each zip: the same values, or the same kind of refusal (object arrays). */
    @TestFactory
    Stream<DynamicTest> zippedArraysReadAsTheirFolder() {
        Path v2 = Corpus.shared().resolve("conformance").resolve(Corpus.V2_MANIFEST).getParent();
        return ZIPS.entrySet().stream().sorted(Map.Entry.comparingByKey()).flatMap(zip -> Corpus.cases(Corpus.V2_MANIFEST).stream()
                .filter(c -> c.path().startsWith(FOLDER))
                .map(c -> DynamicTest.dynamicTest(zip.getKey() + ": " + c.path(), () -> {
                    Path zipped = v2.resolve(zip.getKey()).resolve(zip.getValue() + c.path().substring(FOLDER.length()));
                    if (c.expect().equals("ok")) {
                        Assumptions.assumeTrue(codecsAvailable(c.dir()), "needs numcodecs codecs outside core: run by stride-codecs");
                        assertEquals(ConformanceTest.readAll(c), ConformanceTest.readAll(zipped), "read from the zip and from the folder");
                    } else {
                        assertEquals(refusal(c.dir()), refusal(zipped), "refused from the zip and from the folder");
                    }
                })));
    }

    /** Both zips hold the folder's nodes, no more and no fewer. */
    @Test
    void zipsHoldTheFoldersNodes() {
        Path v2 = Corpus.shared().resolve("conformance").resolve(Corpus.V2_MANIFEST).getParent();
        List<String> folder;
        try (Zarr zarr = Zarr.open(v2.resolve(FOLDER))) {
            folder = zarr.children("/");
        }
        assertTrue(folder.size() > 30, "children " + folder);
        for (var zip : ZIPS.entrySet()) {
            try (Zarr zarr = Zarr.open(v2.resolve(zip.getKey()).resolve(zip.getValue()))) {
                assertEquals(folder, zarr.children("/"), zip.getKey());
            }
        }
    }

    /** The type and reason of the refusal to open the array at {@code where}. */
    private static String refusal(Path where) {
        try (Zarr zarr = Zarr.open(where)) {
            ZarrArray array = zarr.array("/");
            fail("read " + array + " which the manifest skips as unreadable");
            return null;
        } catch (ZarrException e) {
            return e.getClass().getSimpleName() + " " + e.member() + ": " + e.reason();
        }
    }
}
