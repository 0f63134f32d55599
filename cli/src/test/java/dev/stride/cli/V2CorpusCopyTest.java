package dev.stride.cli;

import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every readable array of the Zarr v2 corpus (zarr-python 2 and numcodecs output) copied by {@code stride copy} into
 * Zarr v3 reads back as the manifest says: those without shaped fields as they are, those with them through
 * {@code --flatten-shaped}, element by element (pos[i] is the source's pos's i-th element). The v3 metadata carries none
 * of the v2 machinery (numcodecs codecs, the private big-endian-fields codec, a transpose for order F).
 */
class V2CorpusCopyTest {
    @TempDir
    Path dir;

    static Stream<V2Corpus.Case> flat() {
        return V2Corpus.readable().stream().filter(c -> !c.shaped());
    }

    static Stream<V2Corpus.Case> shaped() {
        return V2Corpus.readable().stream().filter(V2Corpus.Case::shaped);
    }

    @ParameterizedTest
    @MethodSource("flat")
    void theV3CopyReadsAsTheManifestSays(V2Corpus.Case c) throws IOException {
        Path copy = dir.resolve("copy.zarr");
        CliRun run = CliRun.of("copy", c.dir(), copy, "--codec", "zstd:3");
        assertEquals(0, run.exitCode(), run.err());
        assertOnlyV3(copy);
        V2Corpus.assertValues(c.values(), V2Corpus.elements(CliRun.of("cat", copy, "--format", "jsonl")), c.path());
    }

    @ParameterizedTest
    @MethodSource("shaped")
    void aShapedFieldIsRefusedByNameUnlessFlattened(V2Corpus.Case c) throws IOException {
        CliRun refused = CliRun.of("copy", c.dir(), dir.resolve("refused.zarr"));
        assertEquals(Failures.USAGE, refused.exitCode(), refused.err());
        assertEquals("stride copy: " + c.dir() + ": field 'pos' has a shape, and a Zarr v3 struct field has none;"
                + " copy with --flatten-shaped to store one field per element (pos[0], pos[1], ...)\n", refused.err());
        assertFalse(Files.exists(dir.resolve("refused.zarr")));

        Path copy = dir.resolve("copy.zarr");
        CliRun run = CliRun.of("copy", c.dir(), copy, "--flatten-shaped");
        assertEquals(0, run.exitCode(), run.err());
        assertOnlyV3(copy);
        List<Json> flattened = new ArrayList<>();
        for (Json record : c.values()) {
            Map<String, Json> fields = new LinkedHashMap<>();
            ((Json.JObject) record).members().forEach((name, value) -> {
                if (name.equals("pos")) {
                    List<Json> elements = ((Json.JArray) value).items();
                    for (int i = 0; i < elements.size(); i++) {
                        fields.put("pos[" + i + "]", elements.get(i));
                    }
                } else {
                    fields.put(name, value);
                }
            });
            flattened.add(new Json.JObject(fields));
        }
        V2Corpus.assertValues(flattened, V2Corpus.elements(CliRun.of("cat", copy, "--format", "jsonl")), c.path());
    }

    /**
     * Every zarr.json of the copy: Zarr v3 codecs only, default keys, and no v2 document left; Stride's name only in
     * the attributes' link to the statistics the copy wrote.
     */
    private static void assertOnlyV3(Path copy) throws IOException {
        try (Stream<Path> files = Files.walk(copy)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = f.getFileName().toString();
                assertFalse(name.startsWith(".z"), f + " is a v2 document");
                if (name.equals("zarr.json")) {
                    String text = Files.readString(f);
                    Map<String, Json> members = new LinkedHashMap<>(V2Corpus.parse(f).members());
                    members.remove("attributes");
                    String outside = JsonCodec.print(new Json.JObject(members));
                    assertFalse(outside.contains("numcodecs.") || outside.contains("stride.") || outside.contains("transpose"), text);
                    assertTrue(V2Corpus.parse(f).get("node_type").equals(Json.string("group")) || text.contains("\"separator\" : \"/\""), text);
                }
            }
        }
    }
}
