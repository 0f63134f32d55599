import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.arrow.Export;
import dev.stride.arrow.ParquetExport;
import dev.stride.arrow.ParquetExport.Codec;
import dev.stride.arrow.ZarrArrowReader;
import dev.stride.model.Region;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Times Stride's export of fields x and y of the benchmark arrays in one warm JVM (a library user's view): Arrow IPC
 * (file format) and Parquet (zstd and snappy), each written to OUT_DIR and replaced every round. Prints one JSON line
 * per timed round: {"who":"stride","array":..,"format":..,"seconds":..,"bytes":..}. Run by bench/export.sh.
 *
 * usage: java OPTIONS -cp cli/target/stride.jar bench/export/ExportBench.java DATA_DIR OUT_DIR WARMUP ROUNDS
 */
public class ExportBench {
    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int warmup = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        List<String> formats = List.of("arrow", "parquet-zstd", "parquet-snappy");
        try (BufferAllocator allocator = new RootAllocator()) {
            for (String name : List.of("raw", "zstd")) {
                try (Zarr zarr = Zarr.open(data.resolve(name + ".zarr")); ZarrArray array = zarr.array("/")) {
                    for (String format : formats) {
                        Path file = out.resolve(name + "." + format + (format.equals("arrow") ? ".arrow" : ".parquet"));
                        for (int r = 0; r < warmup + rounds; r++) {
                            Files.deleteIfExists(file);
                            long t = System.nanoTime();
                            try (ZarrArrowReader reader = new ZarrArrowReader(allocator, array, List.of("x", "y"), Region.all(array.shape()))) {
                                if (format.equals("arrow")) {
                                    Export.arrowFile(reader, file, (d, n) -> { });
                                } else {
                                    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                                        ParquetExport.write(reader, ch, format.equals("parquet-zstd") ? Codec.ZSTD : Codec.SNAPPY, (d, n) -> { });
                                    }
                                }
                            }
                            double s = (System.nanoTime() - t) / 1e9;
                            if (r >= warmup) {
                                System.out.printf("{\"who\":\"stride\",\"array\":\"%s\",\"format\":\"%s\",\"seconds\":%.4f,\"bytes\":%d}%n",
                                        name, format, s, Files.size(file));
                            }
                        }
                    }
                }
            }
        }
    }
}
