import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;

import java.util.List;

/**
 * bench/tune.sh's check of a tuned copy: scans the array at PATH much as stride tune scans a candidate, so the figures
 * compare (it scales by records where tune scales by rounds of a chunk per thread, the same on a whole array of many
 * chunks; it opens with a shard or chunk per thread where tune opens with as few shards as give each thread a chunk).
 * Five passes first warm the JIT (tune's candidates after the first find it warm); then a freshly opened reader reads a
 * read unit (shard or chunk) per thread untimed and scans the rest once, timed and scaled to the whole array (tune's
 * first scan, less the reader's opening), then scans all of it five times more, the fastest counting (its warm scan).
 * The first scan is repeated in three fresh readers, the median counting, as tune does. Prints one JSON object:
 * records, first_seconds, warm_seconds.
 *
 * usage: java -cp cli/target/stride.jar bench/TuneCheck.java PATH FIELD[,FIELD...]
 */
public class TuneCheck {
    /** Passes before any is timed: after one, a fresh reader's first scan still ran at half its later speed (C2 at work). */
    private static final int WARM_UP_PASSES = 5;

    public static void main(String[] args) {
        List<String> fields = List.of(args[1].split(","));
        ScanOptions options = ScanOptions.defaults();
        try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
            for (int i = 0; i < WARM_UP_PASSES; i++) {
                array.scan(fields, null, options);
            }
        }
        double[] firsts = new double[3];
        for (int i = 0; i < firsts.length; i++) {
            try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
                firsts[i] = firstAfterOpening(array, fields, options);
            }
        }
        java.util.Arrays.sort(firsts);
        try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
            double first = firsts[1];
            double warm = Double.MAX_VALUE;
            for (int i = 0; i < 5; i++) {
                warm = Math.min(warm, seconds(() -> array.scan(fields, null, options)));
            }
            System.out.printf("{\"records\": %d, \"first_seconds\": %.6f, \"warm_seconds\": %.6f}%n", array.metadata().size(), first, warm);
        }
    }

    /**
     * A fresh reader's first scan: a read unit per thread untimed (one where the array has no more), the rest timed
     * and scaled to the whole array.
     */
    private static double firstAfterOpening(ZarrArray array, List<String> fields, ScanOptions options) {
        long[] shape = array.shape();
        long unit = array.metadata().chunkShape()[0];
        long opening = shape[0] > unit * options.threads() ? unit * options.threads() : unit;
        long[] split = new long[shape.length];
        split[0] = Math.min(opening, shape[0] - 1);
        long[] firstStop = shape.clone();
        firstStop[0] = split[0];
        array.scan(fields, new Region(new long[shape.length], firstStop), options);
        double rest = seconds(() -> array.scan(fields, new Region(split, shape.clone()), options));
        return rest * shape[0] / (shape[0] - split[0]);
    }

    private static double seconds(Runnable pass) {
        long started = System.nanoTime();
        pass.run();
        return (System.nanoTime() - started) / 1e9;
    }
}
