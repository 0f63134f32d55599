import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.Column;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.FloatField;
import dev.stride.model.FieldAccessor.TimeField;
import dev.stride.model.FieldStats;
import dev.stride.model.FloatColumn;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.Selection;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.TimeType;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

public class Example {
    public static void main(String[] args) {
        Path survey = Path.of(args[0]);
        StructType point = StructType.of(new Field("id", CoreType.INT64), new Field("x", CoreType.FLOAT64),
                new Field("position", StructType.of(new Field("lat", CoreType.FLOAT64))),
                new Field("elevation", CoreType.FLOAT32), new Field("flags", CoreType.UINT8),
                new Field("time", new TimeType(true, "ms", 1)));                    // numpy.datetime64[ms]
        try (ZarrWriter out = ZarrWriter.open(survey)) {                            // written whole or not at all
            ArrayWriter points = out.createArray("/points", ArraySpec.of(point, 4).chunks(2)
                    .codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.zstd(3, false)));
            points.write(Region.all(new long[] {4}), Map.of(                        // a Java array per leaf field
                    "id", new long[] {1, 2, 3, 4}, "x", new double[] {0.5, 1.5, 2.5, 3.5},
                    "position.lat", new double[] {48.1, 48.2, 48.3, 48.4},
                    "elevation", new float[] {519.5f, 520f, 518.25f, 530f},
                    "flags", new byte[] {1, 2, (byte) 200, (byte) 255},             // uint8 columns hold raw bits
                    "time", new long[] {0, 1_000, 60_000, 1_764_547_200_000L}));    // counts of the unit
        }
        // README:begin
        try (Zarr zarr = Zarr.open(survey)) {                                       // a hierarchy or an array; URIs too
            ZarrArray points = zarr.array("/points");                               // metadata parsed, layout compiled
            FieldStats x = points.scan("x");                                        // count, sum, min, max, mean, NaNs
            System.out.println("x: " + x.count() + " values, sum " + x.sumAsDouble());
            FieldStats.Integers flags = points.scan("flags").asIntegers();          // exact, typed (uint8 unsigned)
            System.out.println("flags: sum " + flags.sum() + ", max " + flags.maxValue());
            List<FieldStats> both = points.scan(List.of("x", "elevation"), null,    // several fields in one pass:
                    ScanOptions.defaults());                                        // each chunk decoded once for all
            System.out.println("elevation: mean " + both.get(1).mean());
            double[] lat = points.readDoubles("position.lat",                       // one field into a Java array
                    Region.parse("0:2", points.shape()));
            System.out.println("lat " + Arrays.toString(lat));
            FloatColumn heights = points.read("elevation", null).asFloats();        // a column of the field's kind
            System.out.println("elevation " + Arrays.toString(heights.values()));
            FloatField elevation = points.field("elevation", FloatField.class);     // its accessor, of the kind asked
            TimeField time = points.field("time", TimeField.class);
            points.forEachRecord(null, (index, records, i) -> System.out.println(   // records visited in place
                    index + ": " + elevation.get(records, i) + " m at " + time.getInstant(records, i)));
            // several fields at once, each a Column of its own kind (uint8 widened to unsigned values)
            Map<String, Column> cols = points.read(Selection.of(null, "id", "flags"));
            System.out.println("ids " + Arrays.toString(cols.get("id").asLongs().values())
                    + ", flags " + Arrays.toString(cols.get("flags").asBytes().intValues()));
        }
        // README:end
    }
}
