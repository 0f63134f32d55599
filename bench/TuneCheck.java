import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;

import java.util.List;

/**
 * bench/tune.sh's check of a tuned copy: scans the array at PATH as stride tune scans a candidate, so the figures
 * compare. One pass first warms the JIT (tune's candidates after the first find it warm); then a freshly opened reader
 * reads the first read unit (shard or chunk) untimed and scans the rest once, timed and scaled to the whole array
 * (tune's first scan, less the reader's opening), then scans all of it five times more, the fastest counting (its warm
 * scan). Prints one JSON object: records, first_seconds, warm_seconds.
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
            long[] shape = array.shape();
            long unit = array.metadata().chunkShape()[0];
            long[] split = new long[shape.length];
            split[0] = Math.min(unit, shape[0] - 1);
            long[] firstStop = shape.clone();
            firstStop[0] = split[0];
            array.scan(fields, new Region(new long[shape.length], firstStop), options);
            double rest = seconds(() -> array.scan(fields, new Region(split, shape.clone()), options));
            double first = rest * shape[0] / (shape[0] - split[0]);
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
