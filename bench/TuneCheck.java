import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.ScanOptions;

import java.util.List;

/**
 * bench/tune.sh's check of a tuned copy: scans the array at PATH as stride tune scans a candidate, so the figures
 * compare. One pass first warms the JIT (tune's candidates after the first find it warm); then a freshly opened reader
 * scans the fields once (tune's first scan) and five times more, the fastest counting (its warm scan). Prints one JSON
 * object: records, first_seconds, warm_seconds.
 *
 * usage: java -cp cli/target/stride.jar bench/TuneCheck.java PATH FIELD[,FIELD...]
 */
public class TuneCheck {
    public static void main(String[] args) {
        List<String> fields = List.of(args[1].split(","));
        ScanOptions options = ScanOptions.defaults();
        try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
            array.scan(fields, null, options);
        }
        try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
            double first = seconds(() -> array.scan(fields, null, options));
            double warm = Double.MAX_VALUE;
            for (int i = 0; i < 5; i++) {
                warm = Math.min(warm, seconds(() -> array.scan(fields, null, options)));
            }
            System.out.printf("{\"records\": %d, \"first_seconds\": %.6f, \"warm_seconds\": %.6f}%n", array.metadata().size(), first, warm);
        }
    }

    private static double seconds(Runnable pass) {
        long started = System.nanoTime();
        pass.run();
        return (System.nanoTime() - started) / 1e9;
    }
}
