package dev.stride.internal.metadata;

import dev.stride.internal.document.MetadataParser;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.CoreType;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.model.ZarrException.InvalidMetadata;
import dev.stride.model.ZarrException.Unsupported;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static dev.stride.testing.Refusals.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A group's zarr.json, inline consolidated metadata, and the node name rules. */
class GroupMetadataTest {

    private static Doc consolidated(String metadata) {
        return Doc.group().with("consolidated_metadata", "{'kind': 'inline', 'must_understand': false, 'metadata': " + metadata + "}");
    }

    @Test
    void aMinimalGroup() {
        GroupMetadata g = Doc.group().parseGroup();
        assertEquals("/a", g.path());
        assertEquals(0, g.attributes().members().size());
        assertNull(g.consolidated());
    }

    @Test
    void attributesNestedOneHundredThousandLevelsAreInvalidMetadataNotAStackOverflow() {
        int levels = 100_000;
        refused(InvalidMetadata.class, "", "zarr.json is not valid JSON: Document nesting depth (257) exceeds the maximum allowed (256",
                () -> Doc.group().withRaw("attributes", "{\"x\": " + "[".repeat(levels) + "]".repeat(levels) + "}").parse());
        refused(InvalidMetadata.class, "", "nesting depth (257) exceeds the maximum allowed (256",
                () -> Doc.group().withRaw("attributes", "{\"x\": " + "{\"a\": ".repeat(levels) + "1" + "}".repeat(levels + 1)).parse());
        // the deepest document allowed still reads: the root object, attributes, and 254 arrays
        GroupMetadata deepest = Doc.group().withRaw("attributes", "{\"x\": " + "[".repeat(254) + "]".repeat(254) + "}").parseGroup();
        assertInstanceOf(Json.JArray.class, deepest.attributes().get("x"));
    }

    @Test
    void groupAttributesKeepAnyJson() {
        GroupMetadata g = Doc.group().withRaw("attributes", "{\"x\": NaN, \"y\": [1, {\"z\": null}]}").reversed().parseGroup();
        assertEquals(new Json.JNumber("NaN"), g.attributes().get("x"));
        assertEquals(2, ((Json.JArray) g.attributes().get("y")).size());
    }

    @Test
    void groupMembersAreChecked() {
        refused(Unsupported.class, "/shape", "unknown member 'shape'", () -> Doc.group().with("shape", "[1]").parse());
        refused(InvalidMetadata.class, "/attributes", "must be an object, not string", () -> Doc.group().with("attributes", "'x'").parse());
        Doc.group().with("extension", "{'must_understand': false}").parseGroup();
    }

    @Test
    void consolidatedMetadataNullIsNone() {
        assertNull(Doc.group().with("consolidated_metadata", "null").parseGroup().consolidated());
    }

    @Test
    void inlineConsolidatedMetadataIsParsedPerNode() {
        String array = Doc.array().with("data_type", "'float64'").with("fill_value", "'NaN'").json();
        GroupMetadata g = (GroupMetadata) MetadataParser.parse("/", consolidated("{'arr': " + array + ", 'sub': " + Doc.group().json()
                + ", 'sub/inner': " + array + ", 'my group with spaces': " + Doc.group().json() + "}").bytes());
        assertEquals(List.of("arr", "sub", "sub/inner", "my group with spaces"), List.copyOf(g.consolidated().keySet()));
        ArrayMetadata arr = assertInstanceOf(ArrayMetadata.class, g.consolidated().get("arr"));
        assertEquals("/arr", arr.path());
        assertEquals(CoreType.FLOAT64, arr.dataType());
        assertEquals("/sub/inner", g.consolidated().get("sub/inner").path());
        assertInstanceOf(GroupMetadata.class, g.consolidated().get("sub"));
    }

    @Test
    void consolidatedEntriesAreValidatedNamingTheirNode() {
        var e = refused(InvalidMetadata.class, "/shape", "must be an array",
                () -> MetadataParser.parse("/g", consolidated("{'arr': " + Doc.array().with("shape", "4").json() + "}").bytes()));
        assertEquals("/g/arr", e.node());
    }

    @Test
    void consolidatedMetadataEnvelopeIsChecked() {
        refused(Unsupported.class, "/consolidated_metadata/kind", "consolidated metadata of kind 'external'",
                () -> Doc.group().with("consolidated_metadata", "{'kind': 'external', 'must_understand': false, 'metadata': {}}").parse());
        refused(InvalidMetadata.class, "/consolidated_metadata/must_understand", "must say \"must_understand\": false",
                () -> Doc.group().with("consolidated_metadata", "{'kind': 'inline', 'must_understand': true, 'metadata': {}}").parse());
        refused(InvalidMetadata.class, "/consolidated_metadata", "required member 'metadata' is missing",
                () -> Doc.group().with("consolidated_metadata", "{'kind': 'inline', 'must_understand': false}").parse());
        refused(InvalidMetadata.class, "/consolidated_metadata", "required member 'kind' is missing",
                () -> Doc.group().with("consolidated_metadata", "{'must_understand': false, 'metadata': {}}").parse());
        refused(InvalidMetadata.class, "/consolidated_metadata", "must be an object, not array",
                () -> Doc.group().with("consolidated_metadata", "[]").parse());
        refused(InvalidMetadata.class, "/consolidated_metadata/metadata", "must be an object, not array",
                () -> consolidated("[]").parse());
        refused(InvalidMetadata.class, "/consolidated_metadata/metadata/x", "must be an object, not number",
                () -> consolidated("{'x': 1}").parse());
        refused(Unsupported.class, "/consolidated_metadata/extra", "unknown member 'extra'",
                () -> Doc.group().with("consolidated_metadata", "{'kind': 'inline', 'must_understand': false, 'metadata': {}, 'extra': 1}").parse());
    }

    @ParameterizedTest
    @ValueSource(strings = {"__private", "sub/__zarr", ".", "..", "...", "sub/..", "zarr.json", "", "sub/", "sub//x"})
    void consolidatedKeysFollowTheNodeNameRules(String key) {
        var e = refused(InvalidMetadata.class, "/consolidated_metadata/metadata/" + key.replace("/", "~1"), "",
                () -> consolidated("{'" + key + "': " + Doc.group().json() + "}").parse());
        String reason = e.reason();
        boolean named = reason.contains("reserved '__'") || reason.contains("only of periods") || reason.contains("'zarr.json' is not a legal")
                || reason.contains("must not be empty");
        org.junit.jupiter.api.Assertions.assertTrue(named, reason);
    }

    @Test
    void nodeNameRules() {
        assertNull(NodeMetadata.invalidNameReason("a"));
        assertNull(NodeMetadata.invalidNameReason("my group with spaces"));
        assertNull(NodeMetadata.invalidNameReason(".a"));
        assertNull(NodeMetadata.invalidNameReason("_a"));
        assertNull(NodeMetadata.invalidNameReason("a__"));
        assertNull(NodeMetadata.invalidNameReason("Δt"));
        assertEquals("a node name must not be empty", NodeMetadata.invalidNameReason(""));
        assertEquals("node name 'a/b' contains '/'", NodeMetadata.invalidNameReason("a/b"));
        assertEquals("node name '..' consists only of periods", NodeMetadata.invalidNameReason(".."));
        assertEquals("node name '.' consists only of periods", NodeMetadata.invalidNameReason("."));
        assertEquals("node name '__zarr' starts with the reserved '__'", NodeMetadata.invalidNameReason("__zarr"));
        assertEquals("'zarr.json' is not a legal node name", NodeMetadata.invalidNameReason("zarr.json"));
    }
}
