package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * cat and scan of numpy records with byte strings, text and shaped fields ({@link Fixtures#numpyRecords}): shaped
 * fields as nested lists, byte strings as numpy prints them, text with its controls visible, one element by index,
 * and statistics over every element.
 */
class NumpyRecordsCommandTest {
    @TempDir
    Path dir;

    @Test
    void tableShowsShapedFieldsAsNestedListsAndByteStringsAsNumpyDoes() {
        CliRun run = CliRun.of("cat", Fixtures.numpyRecords(dir), "--format", "table");
        assertEquals(0, run.exitCode(), run.err());
        assertArrayEquals(new String[] {
                "index  id  name         label  pos                    m",
                "    0   1  a\\x00b       Ω\\x1b  [1.5, -2.0, 3.25]      [[1, 2], [3, 4]]",
                "    1   2  \\x80\\\\x\\xff  😀     [NaN, Infinity, -0.0]  [[-1, 0], [0, -32768]]",
                "    2   3                      [0.0, 0.0, 0.0]        [[0, 0], [0, 0]]"}, run.lines());
    }

    @Test
    void csvQuotesTheListsAndKeepsEveryElement() {
        CliRun run = CliRun.of("cat", Fixtures.numpyRecords(dir), "--format", "csv");
        assertArrayEquals(new String[] {
                "id,name,label,pos,m",
                "1,a\\x00b,Ω\\x1b,\"[1.5, -2.0, 3.25]\",\"[[1, 2], [3, 4]]\"",
                "2,\\x80\\\\x\\xff,😀,\"[NaN, Infinity, -0.0]\",\"[[-1, 0], [0, -32768]]\"",
                "3,,,\"[0.0, 0.0, 0.0]\",\"[[0, 0], [0, 0]]\""}, run.lines());
    }

    @Test
    void jsonlKeepsBase64ByteStringsAndNestedLists() {
        CliRun run = CliRun.of("cat", Fixtures.numpyRecords(dir), "--limit", "2");
        assertArrayEquals(new String[] {
                "{\"id\":1,\"name\":\"YQBi\",\"label\":\"Ω\\u001B\",\"pos\":[1.5,-2.0,3.25],\"m\":[[1,2],[3,4]]}",
                "{\"id\":2,\"name\":\"gFx4/w==\",\"label\":\"😀\",\"pos\":[\"NaN\",\"Infinity\",-0.0],\"m\":[[-1,0],[0,-32768]]}"}, run.lines());
    }

    @Test
    void oneElementOfAShapedFieldByItsIndices() {
        Path records = Fixtures.numpyRecords(dir);
        assertArrayEquals(new String[] {"m[1][0],pos[2],pos", "3,3.25,\"[1.5, -2.0, 3.25]\"", "0,-0.0,\"[NaN, Infinity, -0.0]\"",
                "0,0.0,\"[0.0, 0.0, 0.0]\""}, CliRun.of("cat", records, "--format", "csv", "--fields", "m[1][0],pos[2],pos").lines());
        assertArrayEquals(new String[] {"{\"pos[1]\":-2.0}"}, CliRun.of("cat", records, "--fields", "pos[1]", "--limit", "1").lines());
    }

    @Test
    void indicesThatNameNoElementAreRefused() {
        Path records = Fixtures.numpyRecords(dir);
        for (List<String> c : List.of(
                List.of("pos[3]", "field 'pos' (float32[3]) has no element [3]; give one index a dimension, each below its size in [3]"),
                List.of("m[1]", "field 'm' (int16[2, 2]) has no element [1]; give one index a dimension, each below its size in [2, 2]"),
                List.of("id[0]", "field 'id' (uint16) has no shape to index"),
                List.of("nope[0]", "no field 'nope[0]'; the fields are id, name, label, pos, m"))) {
            CliRun run = CliRun.of("cat", records, "--fields", c.get(0));
            assertEquals(Failures.USAGE, run.exitCode(), c.get(0));
            assertEquals("stride cat: " + records + ": " + c.get(1) + "\n", run.err());
        }
    }

    @Test
    void scanOfAShapedFieldCountsEveryElement() {
        CliRun run = CliRun.of("scan", Fixtures.numpyRecords(dir), "--field", "m");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = List.of(run.lines());
        assertEquals(List.of("field            m", "elements         4 a record (int16[2, 2]), each counted", "count            12",
                "sum              -32759", "min              -32768", "max              4"), lines.subList(0, 6));
        Json.JObject pos = json(CliRun.of("scan", Fixtures.numpyRecords(dir), "--field", "pos", "--json").out());
        assertEquals(List.of(Json.number(8), Json.number(1), Json.number(3), Json.string("Infinity"), new Json.JNumber("-2.0")),
                List.of(pos.get("count"), pos.get("nan_count"), pos.get("elements_per_record"), pos.get("max"), pos.get("min")));
    }

    @Test
    void scanOfStringsGivesCountEmptyValuesAndExtremes() {
        Path records = Fixtures.numpyRecords(dir);
        CliRun run = CliRun.of("scan", records, "--field", "name,label");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = List.of(run.lines());
        assertEquals(List.of("field            name", "count            3", "empty            1", "min              b\"\"",
                "max              b\"\\x80\\\\x\\xff\""), lines.subList(0, 5));
        int label = lines.indexOf("field            label");
        assertEquals(List.of("count            3", "empty            1", "min              \"\"", "max              \"😀\""),
                lines.subList(label + 1, label + 5));
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("sum") || l.startsWith("mean")), run.out());

        Json.JObject name = json(CliRun.of("scan", records, "--field", "name", "--json").out());
        assertEquals(List.of("field", "count", "empty_count", "min", "max", "seconds", "records_per_second"), List.copyOf(name.members().keySet()));
        assertEquals(List.of(Json.string(""), Json.string("gFx4/w==")), List.of(name.get("min"), name.get("max")));
    }

    private static Json.JObject json(String text) {
        return (Json.JObject) JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }
}
