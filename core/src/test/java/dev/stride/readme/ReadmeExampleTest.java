package dev.stride.readme;

import dev.stride.ArrayWriter;
import dev.stride.RecordLayout;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.Column;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldStats;
import dev.stride.model.FloatColumn;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.Selection;
import dev.stride.model.StructType.Field;
import dev.stride.model.StructType;
import dev.stride.model.TimeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README's library example, verbatim between the markers, against the public API alone (dev.stride and
 * dev.stride.model): it compiles with no casts and runs on a small array written here.
 */
class ReadmeExampleTest {
    private static final int N = 1200;
    private final List<Float> used = new ArrayList<>();

    @Test
    void theReadmeExampleRunsOnASurvey(@TempDir Path dir) {
        Path survey = dir.resolve("survey.zarr");
        writeSurvey(survey);
        example(survey);
        List<Float> want = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            want.add(elevation(i));
        }
        assertEquals(want, used, "every record visited in order with its elevation");
    }

    @Test
    void theReadmeShowsThisExampleVerbatim() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String test = Files.readString(Path.of("src/test/java/dev/stride/readme/ReadmeExampleTest.java"));
        int fence = readme.indexOf("```java\ntry (Zarr zarr = Zarr.open(survey))") + "```java\n".length();
        int marker = test.indexOf("// README begin\n") + "// README begin\n".length();
        assertEquals(unindented(readme.substring(fence, readme.indexOf("```", fence))),
                unindented(test.substring(marker, test.indexOf("        // README end", marker))));
    }

    /** The lines without the first line's indent. */
    private static String unindented(String block) {
        int indent = block.length() - block.stripLeading().length();
        StringBuilder out = new StringBuilder();
        block.lines().forEach(l -> out.append(l, Math.min(indent, l.length() - l.stripLeading().length()), l.length()).append('\n'));
        return out.toString();
    }

    private static float elevation(int i) {
        return 100 + i * 0.25f;
    }

    /** A survey of N points: ids, x/y, a nested position, elevations and times, in chunks of 500. */
    private static void writeSurvey(Path survey) {
        StructType point = StructType.of(new Field("id", CoreType.UINT64), new Field("x", CoreType.FLOAT64),
                new Field("y", CoreType.FLOAT32),
                new Field("position", StructType.of(new Field("lat", CoreType.FLOAT64), new Field("lon", CoreType.FLOAT64))),
                new Field("elevation", CoreType.FLOAT32), new Field("time", new TimeType(true, "s", 1)));
        long[] id = new long[N];
        double[] x = new double[N];
        float[] y = new float[N];
        double[] lat = new double[N];
        float[] elevation = new float[N];
        long[] time = new long[N];
        for (int i = 0; i < N; i++) {
            id[i] = i;
            x[i] = i * 0.5;
            y[i] = -i;
            lat[i] = 45 + i * 1e-3;
            elevation[i] = elevation(i);
            time[i] = 1_700_000_000L + i;
        }
        try (ZarrWriter out = ZarrWriter.open(survey)) {
            ArrayWriter points = out.createArray("/points", ArraySpec.of(point, N).chunks(500));
            points.write(null, Map.of("id", id, "x", x, "y", y, "position.lat", lat, "position.lon", lat,
                    "elevation", elevation, "time", time));
        }
    }

    private void use(float elevation) {
        used.add(elevation);
    }

    private void example(Path survey) {
        // README begin
        try (Zarr zarr = Zarr.open(survey)) {                            // a hierarchy (or an array) on disk
            ZarrArray points = zarr.array("/points");                    // metadata parsed, validated, layout compiled
            RecordLayout layout = points.layout();                       // packed MemoryLayout, one accessor per leaf field
            FieldStats x = points.scan("x");                             // count, sum, min, max, mean, NaN count; exact,
            double total = x.sumAsDouble();                              // the same on any threads; parallel over chunks
            FieldStats.Integers ids = points.scan("id").asIntegers();    // asIntegers, asTimes, asFloats: typed exact values
            BigInteger idSum = ids.sum();                                // (uint64 unsigned, times in ticks + java.time)
            List<FieldStats> xy = points.scan(List.of("x", "y"), null,   // several fields in one pass: each chunk
                    ScanOptions.defaults());                             // decoded once for all of them
            double[] lat = points.readDoubles("position.lat",            // one field projected into a Java array
                    Region.parse("0:1000", points.shape()));
            FloatColumn heights = points.read("elevation", null).asFloats();     // a column of the field's own kind
            FloatField elevation = points.field("elevation", FloatField.class);  // its accessor, of the kind asked
            points.forEachRecord(null, (index, records, i) ->            // visit records in place, no copies
                    use(elevation.get(records, i)));
            Map<String, Column> cols = points.read(Selection.of(null, "id", "time"));  // several fields at once
            long[] ticks = cols.get("time").asTimes().values();          // see Column for how each kind is held
        }
        // README end
    }
}
