package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Names and strings from a file reach the terminal with their control characters escaped, in every output: ESC and
 * CSI would run terminal commands, a newline would break the tree, a bidi control would reorder the line.
 */
class TerminalEscapesTest {
    private static final String ESC = "\u001b";
    /** Field names: ESC sequences, a newline, an 8-bit CSI, a right-to-left override, and a name that only spells an escape. */
    private static final List<String> FIELDS = List.of(ESC + "[31mred", "new\nline", "c1\u009b2J", "\u202eevil", "a\\x1b");

    @TempDir
    Path dir;

    @Test
    void infoEscapesNodeNamesAttributesDimensionNamesAndFieldNames() {
        Path root = hierarchy();
        CliRun run = CliRun.of("info", root);
        assertEquals(0, run.exitCode(), run.err());
        assertNoControls(run.out());
        String out = run.out();
        assertTrue(out.contains("│   attributes       \\x1b[1mbold: \"\\u001B[2J\"\n"), out);
        assertTrue(out.contains("│                    \\u202eflip: \"\\u202E\"\n"), out);
        assertTrue(out.contains("├── line\\nbreak  group\n"), out);
        assertTrue(out.contains("└── x\\x1b[2Jy  array\n"), out);
        assertTrue(out.contains("dimension names  [\\x1b[1mt]\n"), out);
        for (String row : List.of("\\x1b[31mred  int32", "new\\nline    int32", "c1\\x9b2J     int32", "\\u202eevil   int32",
                "a\\\\x1b       int32")) {
            assertTrue(out.contains(row), row + " in\n" + out);
        }
    }

    @Test
    void catTableAndCsvEscapeTheFieldNamesInTheirHeaders() {
        Path array = records(dir.resolve("a"));
        CliRun table = CliRun.of("cat", array, "--format", "table");
        assertEquals(0, table.exitCode(), table.err());
        assertArrayEquals(new String[] {
                "index  \\x1b[31mred  new\\nline  c1\\x9b2J  \\u202eevil  a\\\\x1b",
                "    0            1          2         3           4       5"}, table.lines());
        CliRun csv = CliRun.of("cat", array, "--format", "csv");
        assertArrayEquals(new String[] {"\\x1b[31mred,new\\nline,c1\\x9b2J,\\u202eevil,a\\\\x1b", "1,2,3,4,5"}, csv.lines());
    }

    @Test
    void jsonLinesEscapeControlsAsJsonAndParseBackToTheNames() {
        CliRun run = CliRun.of("cat", records(dir.resolve("a")));
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("{\"\\u001B[31mred\":1,\"new\\nline\":2,\"c1\\u009B2J\":3,\"\\u202Eevil\":4,\"a\\\\x1b\":5}\n", run.out());
        Json.JObject o = (Json.JObject) JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8));
        assertEquals(FIELDS, List.copyOf(o.members().keySet()));
    }

    @Test
    void scanTextEscapesTheFieldAndScanJsonEscapesAsJson() {
        Path array = records(dir.resolve("a"));
        CliRun text = CliRun.of("scan", array, "--field", FIELDS.getFirst());
        assertEquals(0, text.exitCode(), text.err());
        assertEquals("field            \\x1b[31mred", text.lines()[0]);
        assertNoControls(text.out());
        CliRun json = CliRun.of("scan", array, "--field", "c1\u009b2J", "--json");
        assertTrue(json.out().startsWith("{\"field\":\"c1\\u009B2J\",\"count\":1,"), json.out());
    }

    @Test
    void errorMessagesEscapeTheNamesTheyQuote() {
        Path root = hierarchy();
        Fixtures.write(root.resolve("bad" + ESC + "]0;title\u0007/zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"array\"}");
        CliRun info = CliRun.of("info", root);
        assertEquals(Failures.UNREADABLE, info.exitCode());
        assertNoControls(info.err());
        assertEquals("stride info: " + root + "/bad\\x1b]0;title\\x07/zarr.json at /: required member 'shape' is missing\n", info.err());
        assertTrue(info.out().contains("├── bad\\x1b]0;title\\x07  unreadable: required member 'shape' is missing\n"), info.out());

        CliRun cat = CliRun.of("cat", root.resolve("x" + ESC + "[2Jy"), "--fields", "\u202e");
        assertEquals(Failures.USAGE, cat.exitCode());
        assertEquals("stride cat: " + root + "/x\\x1b[2Jy: no field '\\u202e'; the fields are "
                + "\\x1b[31mred, new\\nline, c1\\x9b2J, \\u202eevil, a\\\\x1b\n", cat.err());
    }

    /** No control character but the line ends. */
    private static void assertNoControls(String text) {
        for (String line : text.split("\n")) {
            assertFalse(line.codePoints().anyMatch(dev.stride.internal.text.ControlCharacters::isControl), line);
        }
    }

    /** A root group with hostile attribute names and values, a group named with a newline, and the array of {@link #records}. */
    private Path hierarchy() {
        Path root = dir.resolve("h.zarr");
        Fixtures.write(root.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "group",
                 "attributes": {"\\u001b[1mbold": "\\u001b[2J", "\\u202eflip": "\\u202e"}}""");
        Fixtures.write(root.resolve("line\nbreak/zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        records(root.resolve("x" + ESC + "[2Jy"));
        return root;
    }

    /** One record of five int32 fields named {@link #FIELDS}, holding 1 to 5; the dimension is named ESC[1mt. */
    private static Path records(Path dir) {
        StringBuilder fields = new StringBuilder();
        for (String name : FIELDS) {
            fields.append(fields.isEmpty() ? "" : ", ").append("{\"name\": ").append(JsonCodec.print(Json.string(name)))
                    .append(", \"data_type\": \"int32\"}");
        }
        Fixtures.write(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [1],
                 "data_type": {"name": "struct", "configuration": {"fields": [%s]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1]}}, %s,
                 "fill_value": {%s}, "dimension_names": ["\\u001b[1mt"],
                 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}"""
                .formatted(fields, Fixtures.KEYS, String.join(", ", FIELDS.stream()
                        .map(n -> JsonCodec.print(Json.string(n)) + ": 0").toList())));
        ByteBuffer b = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(2).putInt(3).putInt(4).putInt(5);
        Fixtures.write(dir.resolve("c/0"), b.array());
        return dir;
    }
}
