package dev.stride;

import dev.stride.model.ArrayMetadata;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import dev.stride.testing.UnlistedStore;
import dev.stride.internal.store.MemoryStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.stride.testing.Refusals.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Opening a hierarchy: children, groups and arrays by path, attributes, and node names checked on the way. */
class HierarchyTest {

    static Tree tree() {
        return Tree.group(Doc.group().withRaw("attributes", "{\"title\": \"t\", \"scale\": NaN}"))
                .node("points", Doc.array("'uint8'", "[2]", "[2]", "0", "'bytes'").with("attributes", "{'unit': 'm'}"))
                .put("points/c/0", new byte[] {5, 6})
                .node("g", Doc.group())
                .node("g/inner", Doc.array("'int16'", "[1]", "[1]", "4", Doc.BYTES_BE))
                .node("my group with spaces", Doc.group())
                .node("__private", Doc.group())
                .put("nozarr/c/0", new byte[] {1});
    }

    static void checkHierarchy(Zarr z) {
        assertEquals(List.of("g", "my group with spaces", "points"), z.children("/"));
        Group root = z.root();
        assertEquals("/", root.path());
        assertEquals(List.of("g", "my group with spaces", "points"), root.children());
        assertEquals(new Json.JString("t"), root.attributes().get("title"));
        assertEquals(new Json.JNumber("NaN"), root.attributes().get("scale"));
        assertEquals(List.of("inner"), root.group("g").children());
        assertArrayEquals(new short[] {4}, root.group("g").array("inner").read("", null).asShorts().values());
        ZarrArray points = root.array("points");
        assertEquals("/points", points.path());
        assertEquals(new Json.JString("m"), points.attributes().get("unit"));
        assertArrayEquals(new byte[] {5, 6}, points.read("", null).asBytes().values());
        assertInstanceOf(ArrayMetadata.class, z.metadata("/points"));
        assertInstanceOf(GroupMetadata.class, z.metadata("/g"));
        assertEquals(List.of(), z.children("/points"));
    }

    @Test
    void aHierarchyInMemory() {
        try (Zarr z = tree().open()) {
            checkHierarchy(z);
        }
    }

    @Test
    void aHierarchyOnDisk(@TempDir Path dir) {
        try (Zarr z = Zarr.open(tree().writeTo(dir))) {
            checkHierarchy(z);
        }
    }

    /** A store that cannot list (HTTP) finds children in the consolidated metadata of the nearest group that has it. */
    @Test
    void aStoreThatCannotListWalksConsolidatedMetadata() {
        Tree t = tree();
        String inner = Doc.array("'int16'", "[1]", "[1]", "4", Doc.BYTES_BE).json();
        String consolidated = "{\"kind\": \"inline\", \"must_understand\": false, \"metadata\": {"
                + "\"points\": " + Doc.array("'uint8'", "[2]", "[2]", "0", "'bytes'").json() + ", \"g\": " + Doc.group().json()
                + ", \"g/inner\": " + inner + ", \"my group with spaces\": " + Doc.group().json() + "}}";
        t.put("zarr.json", Doc.group().withRaw("attributes", "{\"title\": \"t\", \"scale\": NaN}")
                .withRaw("consolidated_metadata", consolidated).bytes());
        try (Zarr z = Zarr.open(new UnlistedStore(t.memory()))) {
            checkHierarchy(z);
        }
        // the nearest group wins: /g's own consolidated metadata lists a child the root's does not
        t.node("g", Doc.group().withRaw("consolidated_metadata", "{\"kind\": \"inline\", \"must_understand\": false, "
                + "\"metadata\": {\"inner\": " + inner + ", \"later\": " + inner + "}}"));
        try (Zarr z = Zarr.open(new UnlistedStore(t.memory()))) {
            assertEquals(List.of("inner", "later"), z.children("/g"));
        }
        try (Zarr z = Zarr.open(new UnlistedStore(tree().memory()))) {
            var e = assertThrows(ZarrException.Unsupported.class, () -> z.children("/g"));
            assertEquals("/g", e.node());
            assertContains(e.getMessage(), "no group from / to this node has consolidated metadata, so its children are unknown");
            assertContains(e.getMessage(), "open its arrays by their own paths");
            assertArrayEquals(new short[] {4}, z.array("/g/inner").read("", null).asShorts().values());
        }
    }

    @Test
    void pathsAreNormalizedAndArraysShared() {
        try (Zarr z = tree().open()) {
            ZarrArray a = z.array("/g/inner");
            assertSame(a, z.array("g/inner"));
            assertSame(a, z.array("/g/inner/"));
            assertSame(a, z.root().group("g").array("inner"));
            assertEquals("/g", z.group("g/").path());
        }
    }

    @Test
    void missingNodesAndNodesOfTheOtherKind() {
        try (Zarr z = tree().open()) {
            var missing = assertThrows(ZarrException.NodeNotFound.class, () -> z.array("/nope"));
            assertContains(missing.getMessage(), "/nope: no zarr.json at this path");
            assertContains(assertThrows(ZarrException.NodeNotFound.class, () -> z.group("/points")).getMessage(), "is an array, not a group");
            assertContains(assertThrows(ZarrException.NodeNotFound.class, () -> z.array("/g")).getMessage(), "is a group, not an array");
            assertContains(assertThrows(ZarrException.NodeNotFound.class, () -> z.array("/nozarr")).getMessage(), "no zarr.json");
            assertContains(assertThrows(ZarrException.NodeNotFound.class, () -> z.root().array("missing")).getMessage(), "/missing");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/__private", "/g/__zarr", "/..", "/g/../points", "/./points", "/zarr.json", "/g//inner", "/..."})
    void illegalNodeNamesInPathsAreRefused(String path) {
        try (Zarr z = tree().open()) {
            var e = assertThrows(ZarrException.BadRequest.class, () -> z.array(path));
            String m = e.getMessage();
            org.junit.jupiter.api.Assertions.assertTrue(m.contains("reserved '__'") || m.contains("only of periods")
                    || m.contains("'zarr.json' is not a legal node name") || m.contains("must not be empty"), m);
            assertThrows(ZarrException.BadRequest.class, () -> z.metadata(path));
        }
    }

    @Test
    void invalidMetadataOfANodeNamesIt() {
        Tree t = tree().node("g/bad", Doc.array().with("shape", "'x'"));
        try (Zarr z = t.open()) {
            var e = assertThrows(ZarrException.InvalidMetadata.class, () -> z.array("/g/bad"));
            assertEquals("/g/bad", e.node());
            assertEquals("/shape", e.member());
            assertEquals(List.of("bad", "inner"), z.children("/g"));
        }
    }

    @Test
    void aRootArray() {
        try (Zarr z = Tree.array(Doc.array("'int32'", "[2]", "[2]", "0", Doc.BYTES_LE)).put("c/0", Enc.le().i32(1).i32(2).bytes()).open()) {
            assertArrayEquals(new int[] {1, 2}, z.array("/").read("", null).asInts().values());
            assertArrayEquals(new int[] {1, 2}, z.array("").read("", null).asInts().values());
            assertThrows(ZarrException.NodeNotFound.class, z::root);
        }
    }

    /**
     * zarr-python 2 consolidates object arrays too: over a store that cannot list, such an array is still a child (in
     * {@link GroupMetadata#unreadable()} with why), and opening it says why, instead of vanishing from the hierarchy.
     */
    @Test
    void aV2ConsolidatedArrayStrideCannotReadIsStillAChild() {
        String readable = "{\"zarr_format\": 2, \"shape\": [2], \"chunks\": [2], \"dtype\": \"<i2\", \"fill_value\": 7,"
                + " \"order\": \"C\", \"filters\": null, \"compressor\": null}";
        String objects = readable.replace("\"<i2\"", "\"|O\"").replace("\"filters\": null", "\"filters\": [{\"id\": \"vlen-utf8\"}]");
        String zmetadata = "{\"zarr_consolidated_format\": 1, \"metadata\": {\".zgroup\": {\"zarr_format\": 2},"
                + " \"names/.zarray\": " + objects + ", \"counts/.zarray\": " + readable + "}}";
        MemoryStore store = new MemoryStore().put(".zgroup", "{\"zarr_format\": 2}".getBytes(StandardCharsets.UTF_8))
                .put(".zmetadata", zmetadata.getBytes(StandardCharsets.UTF_8))
                .put("names/.zarray", objects.getBytes(StandardCharsets.UTF_8))
                .put("counts/.zarray", readable.getBytes(StandardCharsets.UTF_8));
        try (Zarr z = Zarr.open(new UnlistedStore(store))) {
            assertEquals(List.of("counts", "names"), z.children("/"));
            GroupMetadata root = (GroupMetadata) z.metadata("/");
            assertEquals(List.of("counts"), List.copyOf(root.consolidated().keySet()));
            assertContains(root.unreadable().get("names"), "object dtype '|O'");
            var e = assertThrows(ZarrException.Unsupported.class, () -> z.array("/names"));
            assertEquals("/names", e.node());
            assertContains(e.getMessage(), "object dtype '|O' holds variable-length Python objects");
            assertArrayEquals(new short[] {7, 7}, z.array("/counts").read("", null).asShorts().values());
        }
    }
}
