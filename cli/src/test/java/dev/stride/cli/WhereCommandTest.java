package dev.stride.cli;

import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import dev.stride.testing.OldFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --where} on cat and scan, and {@code stride index}, on {@link Fixtures#records}: uint64 above 2^63, NaN and
 * infinities, NaT, and a chunk never written whose records are the fill value (id 7, NaT).
 */
class WhereCommandTest {
    @TempDir
    Path dir;

    private Path records() {
        Path r = Fixtures.records(dir.resolve("r"));
        backdate(r, 60);
        return r;
    }

    /** Dates every file under {@code root} back: a store vouches for a file's time only once its clock has moved on. */
    private static void backdate(Path root, int minutes) {
        OldFiles.backdate(root, minutes);
    }

    private static Json.JObject json(String line) {
        return (Json.JObject) JsonCodec.parse(line.getBytes(StandardCharsets.UTF_8));
    }

    /** The records a scan with {@code where} matched, and the chunks it skipped. */
    private static List<Json> matchedAndSkipped(Path array, String where) {
        Json.JObject found = json(CliRun.of("scan", array, "--where", where, "--json").out());
        return List.of(found.get("matched_records"), found.get("chunks_skipped"));
    }

    private static void assertCat(Path array, String where, String... lines) {
        CliRun run = CliRun.of("cat", array, "--where", where, "--fields", "id");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of(lines), List.of(run.out().isEmpty() ? new String[0] : run.lines()), where);
    }

    @Test
    void catKeepsExactlyTheMatchingRecords() {
        Path r = records();
        assertCat(r, "id > 9223372036854775808", "{\"id\":18446744073709551615}", "{\"id\":9223372036854775813}");
        assertCat(r, "isnan(point.x) or point.y = -inf", "{\"id\":18446744073709551615}", "{\"id\":9223372036854775808}");
        assertCat(r, "not (when < 2026-01-01)", "{\"id\":9223372036854775808}");
        assertCat(r, "point.x = 0.1");
        assertCat(r, "point.y = 0.1", "{\"id\":0}");
        assertCat(r, "point.x > 1e38 and point.x < inf");
        assertCat(r, "when is nat and @0 >= 4", "{\"id\":7}", "{\"id\":7}");
        assertCat(r, "point.x = nan", "{\"id\":18446744073709551615}");
    }

    @Test
    void elementsOfShapedFieldsAreColumnsByTheirCatPath() {
        Path v2 = Fixtures.numpyRecords(dir.resolve("v2"));
        assertCat(v2, "pos[2] < 0");
        assertCat(v2, "pos[0] = nan or m[1][1] = 4", "{\"id\":1}", "{\"id\":2}");
        assertCat(v2, "m[0][0] in (-1, 0) and pos[1] is not nan", "{\"id\":2}", "{\"id\":3}");
        assertUsage(CliRun.of("cat", v2, "--where", "pos[3] > 1"), "stride cat: " + v2
                + ": field 'pos' (float32[3]) has no element [3]; give one index a dimension, each below its size in [3]\n");
        assertUsage(CliRun.of("cat", v2, "--where", "pos > 1"), "stride cat: " + v2
                + ": field 'pos' (float32[3]) has a shape: a condition tests one element of it (pos[0])\n");
    }

    @Test
    void catTableShowsWhereEachMatchIsAndLimitCountsMatches() {
        CliRun run = CliRun.of("cat", records(), "--where", "ok = false", "--fields", "id", "--format", "table", "--limit", "2");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(List.of("index                    id", "    1  18446744073709551615", "    3   9223372036854775813"), List.of(run.lines()));
    }

    @Test
    void scanCountsOnlyTheMatchesAndSaysWhatItRead() {
        CliRun run = CliRun.of("scan", records(), "--field", "point.y", "--where", "ok = true", "--json");
        assertEquals(0, run.exitCode(), run.err());
        Json.JObject o = json(run.out());
        assertEquals(Json.number(2), o.get("count"));
        assertEquals(Json.number(2), o.get("matched_records"));
        assertEquals(Json.number(3), o.get("chunks_read"));
        assertEquals(Json.number(0), o.get("chunks_skipped"));
        CliRun text = CliRun.of("scan", records(), "--where", "ok = true");
        assertEquals(0, text.exitCode(), text.err());
        assertEquals(List.of("matched          2 of 6 records", "chunks           3 read, 0 skipped"), List.of(text.lines()).subList(0, 2));
    }

    @Test
    void aScanMatchingNothingHasNoLeastGreatestOrMeanValue() {
        CliRun run = CliRun.of("scan", records(), "--field", "id,when,point.y", "--where", "point.y > 1e300 and point.y < 1e301", "--json");
        assertEquals(0, run.exitCode(), run.err());
        for (String line : run.lines()) {
            Json.JObject o = json(line);
            assertEquals(Json.number(0), o.get("count"), line);
            assertEquals(0, ((Json.JNumber) o.get("sum")).doubleValue(), line);
            for (String none : List.of("min", "max", "mean")) {
                assertEquals(Json.JNull.NULL, o.get(none), none + " in " + line);
            }
        }
        CliRun text = CliRun.of("scan", records(), "--field", "when", "--where", "point.y > 1e300 and point.y < 1e301");
        assertEquals(0, text.exitCode(), text.err());
        assertEquals(List.of("min              none", "max              none", "mean             none"),
                List.of(text.lines()).subList(3, 6), text.out());
    }

    @Test
    void indexLetsScanSkipChunksUntilOneIsRewritten() throws IOException {
        Path r = records();
        CliRun index = CliRun.of("index", r);
        assertEquals(0, index.exitCode(), index.err());
        assertTrue(index.out().startsWith("statistics of 2 chunks written to " + r.resolve("stride.statistics.json") + " in "), index.out());
        Json.JObject found = json(CliRun.of("scan", r, "--where", "id < 5", "--json").out());
        assertEquals(List.of(Json.number(1), Json.number(2), Json.number(1)),
                List.of(found.get("matched_records"), found.get("chunks_read"), found.get("chunks_skipped")), "c/1 holds ids above 2^63");
        // c/1 rewritten in place with the bytes of c/0 (same size): its time tells it changed
        Files.write(r.resolve("c/1"), Files.readAllBytes(r.resolve("c/0")));
        backdate(r.resolve("c/1"), 30);
        Json.JObject stale = json(CliRun.of("scan", r, "--where", "id < 5", "--json").out());
        assertEquals(List.of(Json.number(2), Json.number(3), Json.number(0)),
                List.of(stale.get("matched_records"), stale.get("chunks_read"), stale.get("chunks_skipped")));
    }

    @Test
    void aChunkRewrittenWithItsTimeSetBackIsStillRead() throws IOException {
        Path r = records();
        assertEquals(0, CliRun.of("index", r).exitCode());
        Path chunk = r.resolve("c/1");
        FileTime indexed = Files.getLastModifiedTime(chunk);
        // in place, the same size, the time put back to the nanosecond (touch -r, cp -p, rsync -t): only the change
        // time, which nothing sets back, tells the statistics are of another value
        Files.write(chunk, Files.readAllBytes(r.resolve("c/0")));
        Files.setLastModifiedTime(chunk, indexed);
        OldFiles.settle();
        assertEquals(List.of(Json.number(2), Json.number(0)), matchedAndSkipped(r, "id < 5"));
    }

    @Test
    void indexGoesOnWhereItStoppedAndReadsOnlyWhatChanged() throws IOException {
        Path r = records();
        assertIndexed(r, "statistics of 1 chunks", "(1 read, 0 unchanged)", "--max-chunks", "1");
        assertIndexed(r, "statistics of 2 chunks", "(1 read, 1 unchanged)");
        assertIndexed(r, "statistics of 2 chunks", "(0 read, 2 unchanged)");
        Files.write(r.resolve("c/1"), Files.readAllBytes(r.resolve("c/1")));
        backdate(r.resolve("c/1"), 30);
        assertIndexed(r, "statistics of 2 chunks", "(1 read, 1 unchanged)");
        assertIndexed(r, "statistics of 2 chunks", "(2 read, 0 unchanged)", "--rebuild");
        Path file = r.resolve("stride.statistics.json");
        Files.writeString(file, "{\"format\": \"stride.statistics\", \"version\": 9}");
        CliRun run = assertIndexed(r, "statistics of 2 chunks", "(2 read, 0 unchanged)");
        assertEquals("stride index: warning: " + file + " version: statistics of layout version 9; this Stride reads 2;"
                + " computing the statistics anew\n", run.err());
        assertUsage(CliRun.of("index", r, "--max-chunks", "-1"), "stride index: --max-chunks must be 0 or more, not -1 (see 'stride index --help')\n");
    }

    private static CliRun assertIndexed(Path array, String chunks, String counts, String... options) {
        List<Object> args = new ArrayList<>(List.of("index", array));
        args.addAll(List.of(options));
        CliRun run = CliRun.of(args.toArray());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().startsWith(chunks + " written to ") && run.out().strip().endsWith(counts), run.out());
        return run;
    }

    /** Sets the array's attributes to a link to statistics at {@code path}, as a user editing zarr.json would. */
    private static void linkStatistics(Path array, String path) throws IOException {
        Path metadata = array.resolve("zarr.json");
        Map<String, Json> members = new LinkedHashMap<>(((Json.JObject) JsonCodec.parse(Files.readAllBytes(metadata))).members());
        members.put("attributes", Json.object("stride.statistics", Json.object("path", Json.string(path), "version", Json.number(2))));
        Files.writeString(metadata, JsonCodec.print(new Json.JObject(members), true));
    }

    @Test
    void indexWritesWhereTheArraysLinkSaysAndScanFindsThem() throws IOException {
        Path r = records();
        linkStatistics(r, "custom.json");
        backdate(r, 60);
        CliRun index = CliRun.of("index", r);
        assertEquals(0, index.exitCode(), index.err());
        assertTrue(index.out().startsWith("statistics of 2 chunks written to " + r + "/custom.json in "), index.out());
        assertFalse(Files.exists(r.resolve("stride.statistics.json")));
        assertEquals(Json.number(1), json(CliRun.of("scan", r, "--where", "id < 5", "--json").out()).get("chunks_skipped"));
    }

    @Test
    void statisticsOfAnotherByteOrderOrKeyEncodingAreNotTrusted() throws IOException {
        Path r = records();
        assertEquals(0, CliRun.of("index", r).exitCode());
        Path metadata = r.resolve("zarr.json");
        String little = Files.readString(metadata);
        // the same chunk bytes read big-endian: c/1's second id, Long.MIN_VALUE stored little-endian, is 128
        // only zarr.json changes: the chunk files keep the identities their statistics recorded
        Files.writeString(metadata, little.replace("\"endian\": \"little\"", "\"endian\": \"big\""));
        assertEquals(List.of(Json.number(1), Json.number(0)), matchedAndSkipped(r, "id = 128"));
        // keys c.0 and c.1 now, holding the chunks the other way round; c/0 and c/1 stay as they were
        Files.writeString(metadata, little.replace(Fixtures.KEYS, "\"chunk_key_encoding\": {\"name\": \"default\", \"configuration\": {\"separator\": \".\"}}"));
        Files.copy(r.resolve("c/0"), r.resolve("c.1"));
        Files.copy(r.resolve("c/1"), r.resolve("c.0"));
        assertEquals(List.of(Json.number(1), Json.number(0)), matchedAndSkipped(r, "id < 5"));
    }

    @Test
    void aLinkLeavingTheArrayIsRefusedAndNothingIsWrittenThere() throws IOException {
        Path r = records();
        linkStatistics(r, "../outside.json");
        CliRun index = CliRun.of("index", r);
        assertEquals(Failures.UNREADABLE, index.exitCode());
        assertEquals("stride index: " + r + "/zarr.json at /attributes/stride.statistics/path: '../outside.json' is not a"
                + " path inside the array (relative, without empty, '.' or '..' segments)\n", index.err());
        assertFalse(Files.exists(dir.resolve("outside.json")));
    }

    @Test
    void statisticsThatCannotBeWrittenOrAreNoFileAreNamed() throws Exception {
        Path r = records();
        Path missing = dir.resolve("missing").resolve("stats.json");
        CliRun unwritable = CliRun.of("index", r, "--statistics", missing);
        assertEquals(Failures.UNREADABLE, unwritable.exitCode());
        assertEquals("stride index: " + missing + ": cannot write: no such file or directory\n", unwritable.err());
        Path fifo = dir.resolve("stats.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        assertUsage(CliRun.of("index", r, "--statistics", fifo), "stride index: " + fifo + " is not a regular file (a"
                + " directory, a pipe or a device): give the path of a file to write (see 'stride index --help')\n");
    }

    @Test
    void statisticsElsewhereAreNamedWithStatistics() {
        Path r = records();
        Path file = dir.resolve("stats.json");
        assertEquals(0, CliRun.of("index", r, "--statistics", file).exitCode());
        assertTrue(Files.exists(file) && !Files.exists(r.resolve("stride.statistics.json")));
        Json.JObject without = json(CliRun.of("scan", r, "--where", "id < 5", "--json").out());
        Json.JObject with = json(CliRun.of("scan", r, "--where", "id < 5", "--json", "--statistics", file).out());
        assertEquals(Json.number(0), without.get("chunks_skipped"));
        assertEquals(Json.number(1), with.get("chunks_skipped"));
    }

    @Test
    void aCopyCarriesStatisticsOfEveryChunkItStoresUnlessToldNot() throws IOException {
        Path r = records();
        Path copy = dir.resolve("copy");
        CliRun run = CliRun.of("copy", r, copy);
        assertEquals(0, run.exitCode(), run.err());
        Json.JObject doc = (Json.JObject) JsonCodec.parse(Files.readAllBytes(copy.resolve("stride.statistics.json")));
        List<String> keys = ((Json.JArray) doc.get("chunks")).items().stream()
                .map(e -> ((Json.JString) ((Json.JObject) e).get("key")).value()).toList();
        try (Stream<Path> chunks = Files.list(copy.resolve("c"))) {
            assertEquals(chunks.map(c -> "c/" + c.getFileName()).sorted().toList(), keys);
        }
        Json.JObject metadata = (Json.JObject) JsonCodec.parse(Files.readAllBytes(copy.resolve("zarr.json")));
        assertEquals(JsonCodec.parse("{\"path\": \"stride.statistics.json\", \"version\": 2}".getBytes(StandardCharsets.UTF_8)),
                ((Json.JObject) metadata.get("attributes")).get("stride.statistics"));
        assertCat(copy, "id > 9223372036854775808", "{\"id\":18446744073709551615}", "{\"id\":9223372036854775813}");

        Path bare = dir.resolve("bare");
        CliRun without = CliRun.of("copy", r, bare, "--no-statistics");
        assertEquals(0, without.exitCode(), without.err());
        assertFalse(Files.exists(bare.resolve("stride.statistics.json")));
        assertFalse(Files.readString(bare.resolve("zarr.json")).contains("stride.statistics"));
        assertCat(bare, "id > 9223372036854775808", "{\"id\":18446744073709551615}", "{\"id\":9223372036854775813}");
    }

    @Test
    void badConditionsAreUsageErrorsNamingTheColumn() {
        Path r = records();
        assertUsage(CliRun.of("scan", r, "--where", "id >"), "stride scan: --where: cannot read the condition \"id >\" at character 5 (the end): "
                + "expected a value (a number, nan, inf, true, false or a date such as 2026-03-01) (see 'stride scan --help')\n");
        assertUsage(CliRun.of("cat", r, "--where", "speed > 3"),
                "stride cat: " + r + ": no field 'speed'; the fields are [id, when, point.x, point.y, h, z, tag, ok]\n");
        assertUsage(CliRun.of("cat", r, "--where", "z = 1"),
                "stride cat: " + r + ": field 'z' (complex64) cannot be compared: conditions take numbers, bools and times\n");
        assertUsage(CliRun.of("cat", r, "--where", "id = 2026-01-01"), "stride cat: " + r
                + ": field 'id' (uint64) cannot be compared with 2026-01-01T00:00:00Z: dates are for datetime64 fields of a calendar or fixed unit\n");
        assertUsage(CliRun.of("cat", r, "--where", "isnat(point.y)"), "stride cat: " + r
                + ": field 'point.y' (float64) has no NaT: isnat is for datetime64 and timedelta64 fields\n");
        assertUsage(CliRun.of("cat", r, "--statistics", "x.json"), "stride cat: --statistics needs --where (see 'stride cat --help')\n");
        assertUsage(CliRun.of("scan", r, "--where", "ok", "--statistics", dir.resolve("none.json")),
                "stride scan: --where: cannot read the condition \"ok\" at character 3 (the end): expected a comparison (= != < <= > >=), "
                        + "between, in or is after ok (see 'stride scan --help')\n");
    }

    private static void assertUsage(CliRun run, String err) {
        assertEquals(2, run.exitCode(), run.err());
        assertEquals(err, run.err());
    }
}
