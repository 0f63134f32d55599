package dev.stride.cli;

import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Zarr v2 cases of the shared corpus ({@code conformance/zarr-v2/manifest.json}) that must read, and how their
 * values compare with what {@code stride cat --format jsonl} prints: the manifest spells a float32 as the double numpy
 * widens it to, the command line as the shortest float32, so non-integral numbers are equal when they round alike.
 */
final class V2Corpus {
    private V2Corpus() {
    }

    /** An array of the corpus: its path in the manifest, its directory, its values in C order. */
    record Case(String path, Path dir, List<Json> values) {
        @Override
        public String toString() {
            return path;
        }

        /** True when a field of its records has a shape (numpy's ('pos', '<f4', (3,))). */
        boolean shaped() {
            return parse(dir.resolve(".zarray")).get("dtype") instanceof Json.JArray fields && shaped(fields);
        }

        private static boolean shaped(Json.JArray fields) {
            return fields.items().stream().map(Json.JArray.class::cast)
                    .anyMatch(f -> f.size() == 3 || f.get(1) instanceof Json.JArray nested && shaped(nested));
        }
    }

    static Path root() {
        return Corpus.shared().resolve("conformance/zarr-v2");
    }

    /** Every case whose expect is "ok". */
    static List<Case> readable() {
        Path root = root();
        List<Case> out = new ArrayList<>();
        for (Json c : ((Json.JArray) parse(root.resolve("manifest.json")).get("cases")).items()) {
            Json.JObject o = (Json.JObject) c;
            if (o.get("expect").equals(Json.string("ok"))) {
                String path = ((Json.JString) o.get("path")).value();
                out.add(new Case(path, root.resolve(path), ((Json.JArray) o.get("values")).items()));
            }
        }
        return out;
    }

    static Json.JObject parse(Path file) {
        try {
            return (Json.JObject) JsonCodec.parse(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The elements {@code cat --format jsonl} printed, one JSON value a line. */
    static List<Json> elements(CliRun cat) {
        assertEquals(0, cat.exitCode(), cat.err());
        return cat.out().lines().map(l -> JsonCodec.parse(l.getBytes(java.nio.charset.StandardCharsets.UTF_8))).toList();
    }

    /** Asserts that {@code got} is the manifest's {@code want}, element by element. */
    static void assertValues(List<Json> want, List<Json> got, String what) {
        assertEquals(want.size(), got.size(), what + ": elements");
        for (int i = 0; i < want.size(); i++) {
            int at = i;
            assertTrue(same(want.get(i), got.get(i)), () -> what + " element " + at + ": want " + want.get(at) + ", got " + got.get(at));
        }
    }

    static boolean same(Json want, Json got) {
        return switch (want) {
            case Json.JNumber w when got instanceof Json.JNumber g -> w.bigDecimal().compareTo(g.bigDecimal()) == 0
                    || !(w.isIntegral() && g.isIntegral()) && (float) w.doubleValue() == (float) g.doubleValue();
            case Json.JArray w when got instanceof Json.JArray g -> w.size() == g.size()
                    && java.util.stream.IntStream.range(0, w.size()).allMatch(i -> same(w.get(i), g.get(i)));
            case Json.JObject w when got instanceof Json.JObject g -> w.members().keySet().equals(g.members().keySet())
                    && w.members().keySet().stream().allMatch(k -> same(w.get(k), g.get(k)));
            default -> want.equals(got);
        };
    }
}
