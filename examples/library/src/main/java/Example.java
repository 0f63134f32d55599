import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.FieldAccessor.ByteField;
import dev.stride.model.FieldAccessor.TimeField;
import dev.stride.model.FieldStats;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;
import dev.stride.model.TimeType;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

public class Example {
    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        StructType point = StructType.of(new Field("x", CoreType.FLOAT64), new Field("flags", CoreType.UINT8),
                new Field("time", new TimeType(true, "ms", 1)));                     // numpy.datetime64[ms]
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter points = out.createArray("/points", ArraySpec.of(point, 4).chunks(2)
                    .codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN), CodecChain.zstd(3, false)));
            points.write(Region.all(new long[] {4}), Map.of(
                    "x", new double[] {0.5, 1.5, 2.5, 3.5},
                    "flags", new byte[] {1, 2, (byte) 200, (byte) 255},                // uint8 columns hold raw bits
                    "time", new long[] {0, 1_000, 60_000, 1_764_547_200_000L}));       // counts of the unit
        }
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray points = zarr.array("/points");
            FieldStats x = points.scan("x");
            System.out.println("x: " + x.count() + " values, sum " + x.sumAsDouble());
            FieldStats.Integers flagStats = points.scan("flags").asIntegers();      // exact, in the field's type
            System.out.println("flags: sum " + flagStats.sum() + ", max " + flagStats.maxValue());
            ByteField flags = points.field("flags", ByteField.class);
            TimeField time = points.field("time", TimeField.class);
            points.forEachRecord(null, (index, records, i) -> System.out.println(
                    index + ": flags " + flags.getInt(records, i) + ", time " + time.getInstant(records, i)));
            int[] all = points.read("flags", null).asBytes().intValues();            // unsigned values, widened
            System.out.println("flags " + Arrays.toString(all));
        }
    }
}
