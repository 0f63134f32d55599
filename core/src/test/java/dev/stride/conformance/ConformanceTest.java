package dev.stride.conformance;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.codec.CodecRegistry;
import dev.stride.model.IoMode;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Reads every case of the shared conformance manifest and compares every element; refuses every error case with
 * our exception and its reason. Cases whose codecs are not on the class path (zstd, blosc without stride-codecs)
 * are skipped here and run by the codecs module, which extends this class.
 */
public class ConformanceTest {

    /** Error cases: the exception type and a fragment of its message that states the reason (the s3 module's corpus run too). */
    public static final Map<String, Refusal> REFUSALS = Map.of(
            "duplicate field names", new Refusal(ZarrException.InvalidMetadata.class, "duplicate field name"),
            "variable-length field type", new Refusal(ZarrException.Unsupported.class, "variable-length data type"),
            "fill_value lacks a field", new Refusal(ZarrException.InvalidMetadata.class, "fill value lacks field"),
            "unknown extension field without must_understand false", new Refusal(ZarrException.Unsupported.class, "unknown member"),
            "truncated compressed chunk", new Refusal(ZarrException.CorruptChunk.class, "chunk c"),
            "crc32c mismatch", new Refusal(ZarrException.CorruptChunk.class, "crc32c mismatch"),
            "uncompressed chunk has the wrong size", new Refusal(ZarrException.CorruptChunk.class, "chunk holds"),
            "unknown storage transformer must be refused", new Refusal(ZarrException.Unsupported.class, "unknown storage transformer"));

    /** How an error case must be refused: the exception's type and a fragment of its message. */
    public record Refusal(Class<? extends ZarrException> type, String fragment) {
        /** Runs {@code read}, which must throw this refusal; the exception. */
        public ZarrException assertRefuses(Executable read) {
            ZarrException e = assertThrows(type, read);
            assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment + "'");
            return e;
        }
    }

    /** The refusal listed for an error case of the v3 or the v2 manifest; a failure when there is none. */
    public static Refusal refusal(Corpus.Case c) {
        Refusal r = REFUSALS.containsKey(c.reason()) ? REFUSALS.get(c.reason()) : V2ConformanceTest.REFUSALS.get(c.reason());
        if (r == null) {
            fail("no expected refusal listed for reason '" + c.reason() + "'");
        }
        return r;
    }

    @TestFactory
    Stream<DynamicTest> manifest() {
        return Corpus.cases().stream()
                .filter(c -> !c.expect().equals("skip"))
                .map(c -> DynamicTest.dynamicTest(c.expect() + " " + c.path(), () -> check(c)));
    }

    private void check(Corpus.Case c) throws IOException {
        Assumptions.assumeTrue(codecsAvailable(c), "needs a codec outside core (zstd or blosc): run by stride-codecs");
        switch (c.expect()) {
            case "ok" -> assertReads(c);
            case "error" -> refusal(c).assertRefuses(() -> readAll(c));
            case "optional" -> {
                try {
                    assertReads(c);
                } catch (ZarrException.Unsupported refused) {
                    assertTrue(refused.getMessage().contains("unknown codec"), refused.getMessage());
                }
            }
            default -> fail("unknown expectation " + c.expect());
        }
    }

    /** True when every codec named in the case's zarr.json is known to the registry on this class path. */
    private static boolean codecsAvailable(Corpus.Case c) throws IOException {
        String doc = Files.readString(c.dir().resolve("zarr.json"));
        for (String name : List.of("zstd", "blosc")) {
            if (doc.contains("\"" + name + "\"") && !CodecRegistry.defaults().names().contains(name)) {
                return false;
            }
        }
        return true;
    }

    /** Every element of the case reads the manifest's value, by read calls and mapped. */
    static void assertReads(Corpus.Case c) {
        List<Json> got = readAll(c);
        List<Json> expected = ((Json.JArray) c.values()).items();
        assertEquals(expected.size(), got.size(), "element count");
        try (Zarr zarr = Zarr.open(c.dir())) {
            var type = zarr.array("/").dataType();
            for (int i = 0; i < got.size(); i++) {
                String diff = Values.difference(got.get(i), expected.get(i), type);
                if (diff != null) {
                    fail("element " + i + ": " + diff);
                }
            }
        }
    }

    /** Every element in C order, read both through the read-into-buffer and the mapped paths, which must agree. */
    static List<Json> readAll(Corpus.Case c) {
        return readAll(c.dir());
    }

    /** Every element of the array at {@code dir} (a folder, or a path through a zip file) in C order, both ways. */
    static List<Json> readAll(Path dir) {
        List<Json> read = readAll(dir, IoMode.READ);
        List<Json> mapped = readAll(dir, IoMode.MAP);
        assertEquals(read, mapped, "mapped and read-in values differ");
        return read;
    }

    private static List<Json> readAll(Path dir, IoMode mode) {
        try (Zarr zarr = Zarr.open(dir, mode)) {
            ZarrArray array = zarr.array("/");
            Json[] out = new Json[Math.toIntExact(array.metadata().size())];
            array.forEachRecord(null, (index, records, i) -> out[(int) index] = array.layout().toJson(records, i));
            return List.of(out);
        }
    }
}
