package dev.stride.cli;

import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScanCommandTest {
    @TempDir
    Path dir;

    @Test
    void printsStatisticsTimeAndSpeed() {
        CliRun run = CliRun.of("scan", Fixtures.grid(dir), "--threads", "2");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = List.of(run.lines());
        assertEquals(List.of("field            (the array's values)", "count            24", "sum              420",
                "min              0", "max              35", "mean             17.5"), lines.subList(0, 6));
        assertTrue(lines.get(6).matches("time +\\d+\\.\\d{3} s"), lines.get(6));
        assertTrue(lines.get(7).matches("speed +[\\d,]+ records/s"), lines.get(7));
        assertEquals("", run.err(), "no progress bar when stderr is not a terminal");
    }

    @Test
    void jsonIsExactlyOneObjectWithTheAgreedMembers() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir), "--field", "point.y", "--region", "0:1", "--json");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().endsWith("}\n") && run.lines().length == 1, run.out());
        Json.JObject o = assertInstanceOf(Json.JObject.class, JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of("field", "count", "sum", "min", "max", "mean", "seconds", "records_per_second", "nan_count"),
                List.copyOf(o.members().keySet()), "the agreed members first, then what floats add");
        assertEquals(Json.string("point.y"), o.get("field"));
        assertEquals(Json.number(1), o.get("count"));
        assertEquals(0.1, ((Json.JNumber) o.get("mean")).doubleValue());
    }

    @Test
    void severalFieldsGiveOneJsonObjectEachInTheOrderAsked() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir), "--field", "point.y,id", "--region", "0:1", "--json");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(2, run.lines().length, run.out());
        Json.JObject y = (Json.JObject) JsonCodec.parse(run.lines()[0].getBytes(StandardCharsets.UTF_8));
        Json.JObject id = (Json.JObject) JsonCodec.parse(run.lines()[1].getBytes(StandardCharsets.UTF_8));
        assertEquals(Json.string("point.y"), y.get("field"));
        assertEquals(0.1, ((Json.JNumber) y.get("mean")).doubleValue());
        assertEquals(Json.string("id"), id.get("field"));
        assertEquals(Json.number(1), id.get("count"));
        assertEquals(y.get("seconds"), id.get("seconds"), "one pass for both");
    }

    @Test
    void severalFieldsAsTextAreBlocksSeparatedByABlankLine() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir), "--field", "id,point.y", "--region", "0:1");
        assertEquals(0, run.exitCode(), run.err());
        List<String> lines = List.of(run.lines());
        assertEquals(17, lines.size(), run.out());
        assertEquals("field            id", lines.get(0));
        assertEquals("", lines.get(8));
        assertEquals("field            point.y", lines.get(9));
    }

    @Test
    void nonFiniteStatisticsAreStringsInJson() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir), "--field", "point.x", "--json");
        Json.JObject o = (Json.JObject) JsonCodec.parse(run.out().getBytes(StandardCharsets.UTF_8));
        assertEquals(Json.string("NaN"), o.get("sum"));
    }

    @Test
    void datetimeStatisticsAreAlsoShownAsDates() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir), "--field", "when", "--region", "2:3");
        assertTrue(run.out().contains("min              1767225600  (2026-01-01T00:00:00Z)\n"), run.out());
    }

    @Test
    void aFieldThatIsNotANumberIsBadUsage() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir), "--field", "z");
        assertEquals(Failures.USAGE, run.exitCode());
        assertEquals("stride scan: " + dir + ": field 'z' (complex64) is not a real number, time or string\n", run.err());
    }

    @Test
    void aStructNeedsAField() {
        CliRun run = CliRun.of("scan", Fixtures.records(dir));
        assertEquals(Failures.USAGE, run.exitCode());
        assertTrue(run.err().startsWith("stride scan: give --field; the fields are id, when, point.x"), run.err());
    }

    @Test
    void threadsMustBePositive() {
        assertEquals(Failures.USAGE, CliRun.of("scan", Fixtures.grid(dir), "--threads", "0").exitCode());
    }
}
