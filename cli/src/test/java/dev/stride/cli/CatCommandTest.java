package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class CatCommandTest {
    static final String FILL = """
            {"id":7,"when":"NaT","point":{"x":0.0,"y":0.0},"h":0.0,"z":[0.0,0.0],"tag":[0,0,0],"ok":false}""";

    @TempDir
    Path dir;

    @Test
    void jsonlIsTheFillValueEncodingOfEveryRecord() {
        CliRun run = CliRun.of("cat", Fixtures.records(dir), "--format", "jsonl");
        assertEquals(0, run.exitCode(), run.err());
        assertArrayEquals(new String[] {
                // float32 0.1 stays 0.1 (as a double it would be 0.10000000149011612); float16 0.1 likewise
                """
                {"id":0,"when":0,"point":{"x":0.1,"y":0.1},"h":0.1,"z":[1.5,-2.0],"tag":[1,2,3],"ok":true}""",
                """
                {"id":18446744073709551615,"when":"NaT","point":{"x":"NaN","y":"Infinity"},"h":-0.0,"z":["NaN","Infinity"],"tag":[255,0,128],"ok":false}""",
                """
                {"id":9223372036854775808,"when":1767225600,"point":{"x":"Infinity","y":"-Infinity"},"h":65500.0,"z":[0.0,0.0],"tag":[0,0,0],"ok":true}""",
                """
                {"id":9223372036854775813,"when":-1,"point":{"x":"-Infinity","y":1.0E300},"h":6.0E-8,"z":[3.4028235E38,1.4E-45],"tag":[9,8,7],"ok":false}""",
                FILL, FILL}, run.lines());
        assertEquals("", run.err());
    }

    @Test
    void jsonlIsTheDefaultFormat() {
        Path records = Fixtures.records(dir);
        assertEquals(CliRun.of("cat", records, "--format", "jsonl").out(), CliRun.of("cat", records).out());
    }

    @Test
    void fieldsPickLeavesAndNestedStructsByPathInTheOrderGiven() {
        CliRun run = CliRun.of("cat", Fixtures.records(dir), "--fields", "point.x,id,point", "--limit", "2");
        assertArrayEquals(new String[] {
                """
                {"point.x":0.1,"id":0,"point":{"x":0.1,"y":0.1}}""",
                """
                {"point.x":"NaN","id":18446744073709551615,"point":{"x":"NaN","y":"Infinity"}}"""}, run.lines());
    }

    @Test
    void elementsComeInCOrderAcrossChunks() {
        CliRun run = CliRun.of("cat", Fixtures.grid(dir));
        String[] expected = new String[24];
        for (int i = 0; i < 24; i++) {
            expected[i] = Integer.toString(10 * (i / 6) + i % 6);
        }
        assertArrayEquals(expected, run.lines());
    }

    @Test
    void regionAndLimitSelectElements() {
        Path grid = Fixtures.grid(dir);
        assertArrayEquals(new String[] {"13", "14", "23", "24"}, CliRun.of("cat", grid, "--region", "1:3,3:5").lines());
        assertArrayEquals(new String[] {"30", "31", "32"}, CliRun.of("cat", grid, "--region", "-1", "--limit", "3").lines());
        CliRun none = CliRun.of("cat", grid, "--limit", "0");
        assertEquals(0, none.exitCode());
        assertEquals("", none.out());
    }

    @Test
    void unwrittenShardsReadAsTheFillValue() {
        CliRun run = CliRun.of("cat", Fixtures.sharded(dir));
        assertArrayEquals(new String[] {"1.5", "1.5", "1.5", "1.5", "1.5", "1.5", "1.5", "1.5"}, run.lines());
    }

    @Test
    void csvHasAHeaderOfFieldPathsAndAColumnPerLeaf() {
        CliRun run = CliRun.of("cat", Fixtures.records(dir), "--format", "csv", "--limit", "3");
        assertEquals(0, run.exitCode(), run.err());
        assertArrayEquals(new String[] {
                "id,when,point.x,point.y,h,z,tag,ok",
                "0,1970-01-01T00:00:00Z,0.1,0.1,0.1,1.5-2.0j,0x010203,true",
                "18446744073709551615,NaT,NaN,Infinity,-0.0,NaN+Infinityj,0xff0080,false",
                "9223372036854775808,2026-01-01T00:00:00Z,Infinity,-Infinity,65500.0,0.0+0.0j,0x000000,true"}, run.lines());
    }

    @Test
    void csvOfPlainNumbersHasAValueColumn() {
        CliRun run = CliRun.of("cat", Fixtures.grid(dir), "--format", "csv", "--region", "0,:2");
        assertArrayEquals(new String[] {"value", "0", "1"}, run.lines());
    }

    @Test
    void tableAlignsColumnsAndShowsIndexAndReadableTimes() {
        CliRun run = CliRun.of("cat", Fixtures.records(dir), "--format", "table", "--fields", "when,id", "--limit", "4");
        assertEquals(0, run.exitCode(), run.err());
        assertArrayEquals(new String[] {
                "index  when                                    id",
                "    0  1970-01-01T00:00:00Z                     0",
                "    1  NaT                   18446744073709551615",
                "    2  2026-01-01T00:00:00Z   9223372036854775808",
                "    3  1969-12-31T23:59:59Z   9223372036854775813"}, run.lines());
    }

    @Test
    void tableIndexIsTheElementsCoordinates() {
        CliRun run = CliRun.of("cat", Fixtures.grid(dir), "--format", "table", "--region", "2:,4:");
        assertArrayEquals(new String[] {
                "index  value",
                "  2,4     24",
                "  2,5     25",
                "  3,4     34",
                "  3,5     35"}, run.lines());
    }

    @Test
    void formatNamesIgnoreCase() {
        assertEquals(0, CliRun.of("cat", Fixtures.grid(dir), "--format", "CSV").exitCode());
    }
}
