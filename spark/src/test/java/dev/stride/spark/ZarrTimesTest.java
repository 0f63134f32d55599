package dev.stride.spark;

import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * datetime64 of every kind of unit becomes a timestamp in microseconds, finer units rounded toward the past;
 * timedelta64 stays the stored count of its unit; values a timestamp cannot hold fail the query, naming the column.
 */
class ZarrTimesTest {
    @TempDir
    Path dir;

    private static String time(String kind, String unit, int scale) {
        return "{'name': 'numpy." + kind + "', 'configuration': {'unit': '" + unit + "', 'scale_factor': " + scale + "}}";
    }

    /** One record of one field per unit, the values stored as given. */
    private Path oneRecord(String type, String fill, Enc record) {
        return Tree.array(Doc.array(type, "[1]", "[1]", fill, Doc.BYTES_LE)).put("c/0", record.bytes()).writeTo(dir);
    }

    @Test
    void datetimesOfEveryUnitBecomeMicrosecondTimestamps() {
        String type = Doc.struct(
                Doc.field("years", time("datetime64", "Y", 1)),
                Doc.field("months", time("datetime64", "M", 1)),
                Doc.field("days", time("datetime64", "D", 1)),
                Doc.field("hours", time("datetime64", "h", 1)),
                Doc.field("tens_of_ms", time("datetime64", "ms", 10)),
                Doc.field("micros", time("datetime64", "us", 1)),
                Doc.field("nanos", time("datetime64", "ns", 1)),
                Doc.field("picos", time("datetime64", "ps", 1)));
        String fill = "{'years': 0, 'months': 0, 'days': 0, 'hours': 0, 'tens_of_ms': 0, 'micros': 0, 'nanos': 0, 'picos': 0}";
        Path array = oneRecord(type, fill, Enc.le().i64(30).i64(-1).i64(1).i64(25).i64(15).i64(-1).i64(-1500).i64(1_500_000));
        Row row = Sessions.spark().read().format("zarr").load(array.toString()).collectAsList().getFirst();
        assertEquals(List.of(
                Instant.parse("2000-01-01T00:00:00Z"),
                Instant.parse("1969-12-01T00:00:00Z"),
                Instant.parse("1970-01-02T00:00:00Z"),
                Instant.parse("1970-01-02T01:00:00Z"),
                Instant.parse("1970-01-01T00:00:00.150Z"),
                Instant.parse("1969-12-31T23:59:59.999999Z"),
                // -1.5 us and 1.5 us: rounded down
                Instant.parse("1969-12-31T23:59:59.999998Z"),
                Instant.parse("1970-01-01T00:00:00.000001Z")), List.of(row.get(0), row.get(1), row.get(2), row.get(3),
                row.get(4), row.get(5), row.get(6), row.get(7)));
    }

    @Test
    void timedeltasAreTheStoredCountOfTheirUnit() {
        String type = Doc.struct(Doc.field("ten_seconds", time("timedelta64", "s", 10)), Doc.field("nanos", time("timedelta64", "ns", 1)));
        Path array = oneRecord(type, "{'ten_seconds': 0, 'nanos': 'NaT'}", Enc.le().i64(-3).i64(Long.MIN_VALUE));
        var df = Sessions.spark().read().format("zarr").load(array.toString());
        assertEquals("numpy.timedelta64[10s]", df.schema().apply("ten_seconds").metadata().getString("zarr_type"));
        Row row = df.collectAsList().getFirst();
        assertEquals(-3L, row.get(0));
        assertEquals(null, row.get(1));
    }

    /**
     * A NaT timedelta is null to Spark, and {@code null <=> 5} is false, not unknown: {@code NOT} of it keeps the row.
     * Three chunks: values, a NaT among values, and all NaT (which statistics must not skip).
     */
    @Test
    void notNullSafeEqualKeepsTheNaTTimedeltas() throws java.io.IOException {
        String type = Doc.struct(Doc.field("td", time("timedelta64", "s", 1)));
        long nat = Long.MIN_VALUE;
        Path array = Tree.array(Doc.array(type, "[6]", "[2]", "{'td': 0}", Doc.BYTES_LE))
                .put("c/0", Enc.le().i64(5).i64(6).bytes()).put("c/1", Enc.le().i64(nat).i64(5).bytes())
                .put("c/2", Enc.le().i64(nat).i64(nat).bytes()).writeTo(dir);
        StatisticsBeside.write(array);
        for (String condition : List.of("not (td <=> 5)", "td <=> 5", "not (td <=> 6) and td is null")) {
            var spark = Sessions.spark().read().format("zarr").option("pushFilters", false).load(array.toString()).where(condition);
            var pushed = Sessions.spark().read().format("zarr").load(array.toString()).where(condition);
            assertEquals(spark.count(), pushed.count(), condition);
        }
        assertEquals(4, Sessions.spark().read().format("zarr").load(array.toString()).where("not (td <=> 5)").count());
    }

    @Test
    void aDatetimeBeyondTimestampsFailsNamingTheColumn() {
        Path array = oneRecord(Doc.struct(Doc.field("when", time("datetime64", "s", 1))), "{'when': 0}", Enc.le().i64(Long.MAX_VALUE));
        SparkException e = assertThrows(SparkException.class,
                () -> Sessions.spark().read().format("zarr").load(array.toString()).collectAsList());
        assertTrue(e.getMessage().contains("column 'when' (numpy.datetime64[s]) holds 9223372036854775807, beyond the range of a Spark timestamp"),
                e.getMessage());
    }

    @Test
    void aGenericDatetimeFailsWithStridesReasonNotARangeError() {
        Path array = oneRecord(Doc.struct(Doc.field("when", time("datetime64", "generic", 1))), "{'when': 'NaT'}", Enc.le().i64(5));
        SparkException e = assertThrows(SparkException.class,
                () -> Sessions.spark().read().format("zarr").load(array.toString()).collectAsList());
        assertTrue(e.getMessage().contains("column 'when': numpy.datetime64[generic] has no fixed length in time (unit generic)"),
                e.getMessage());
    }
}
