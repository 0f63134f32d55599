import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.arrow.Export;
import dev.stride.arrow.ParquetExport;
import dev.stride.arrow.ZarrArrowReader;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.StructType.Field;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

public class ArrowExample {
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        StructType point = StructType.of(new Field("x", CoreType.FLOAT64), new Field("count", CoreType.INT32));
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter points = out.createArray("/points", ArraySpec.of(point, 5).chunks(2));
            points.write(Region.all(new long[] {5}), Map.of(
                    "x", new double[] {0.5, 1.5, 2.5, 3.5, 4.5},
                    "count", new int[] {10, 20, 30, 40, 50}));
        }
        try (Zarr zarr = Zarr.open(dir)) {
            ZarrArray points = zarr.array("/points");
            Region all = Region.all(points.shape());
            // a table with a row per record and a column per field (all of them: List.of()), as a file
            long rows = Export.write(Export.Format.PARQUET, points, List.of(), all, Path.of("points.parquet"),
                    ParquetExport.Codec.ZSTD, (done, total) -> { });
            System.out.println("points.parquet: " + rows + " rows");
            rows = Export.write(Export.Format.ARROW, points, List.of(), all, Path.of("points.arrow"), null,
                    (done, total) -> { });
            System.out.println("points.arrow: " + rows + " rows");
            // or as Arrow record batches in this JVM, for a library that takes Arrow
            try (BufferAllocator allocator = new RootAllocator();
                 ZarrArrowReader batches = new ZarrArrowReader(allocator, points, List.of("count", "x"), all)) {
                while (batches.loadNextBatch()) {
                    System.out.print(batches.getVectorSchemaRoot().contentToTSVString());
                }
            }
        }
    }
}
