package dev.stride.bench;

import dev.stride.model.IoMode;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Builds of Stride against each other, each timed in pairs with {@link Baselines#mappedSum} in one JVM: every round
 * scans a field of an open array once with each build, each scan followed by a mappedSum pass, the order of builds
 * turned by one each round. A change that moves a scan by 5% is lost in this VM's drift between JMH forks, and in the
 * spread between JVMs (int64 on one thread: 0.64-1.04x of mappedSum in single JVMs of two builds); here every build
 * meets the same phases of the machine. Each build is a {@code benchmarks.jar}, loaded by a class loader of its own,
 * so its classes and machine code are its own; a jar may be named twice, to see the spread within one JVM.
 *
 * <pre>usage: java -Dstride.benchdata=DIR --enable-native-access=ALL-UNNAMED -cp benchmarks.jar \
 *     dev.stride.bench.PairedBuilds TYPE THREADS ROUNDS JAR...</pre>
 * TYPE is float64, float32, int64 or int32 (as {@link OpenArray.OfField}); ROUNDS rounds are timed after a quarter as
 * many untimed ones (at least 3). Prints one line per build, in the order given, and one for the baseline.
 */
public final class PairedBuilds {
    private PairedBuilds() {
    }

    /** One build's scan of the field, through its own classes. */
    private record Build(String jar, URLClassLoader loader, AutoCloseable zarr, Object array, Method scan, Object field, Object options)
            implements AutoCloseable {
        Object run() throws IOException {
            try {
                return scan.invoke(array, field, null, options);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IOException(jar + ": the scan failed", e);
            }
        }

        @Override
        public void close() throws IOException {
            try (loader) {
                zarr.close();
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(jar + ": closing the array failed", e);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            throw new IllegalArgumentException("usage: PairedBuilds TYPE THREADS ROUNDS JAR... (TYPE: float64, float32, int64, int32)");
        }
        int threads = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        if (threads < 1 || rounds < 1) {
            throw new IllegalArgumentException("THREADS and ROUNDS must be 1 or more: " + threads + ", " + rounds);
        }
        OpenArray.OfField array = new OpenArray.OfField();
        array.type = args[0];
        array.io = IoMode.AUTO;
        array.base = OpenArray.LOCAL;
        array.open();
        long records = array.records();
        Path path = array.path();
        String field = array.field();
        array.close();

        Build[] builds = new Build[args.length - 3];
        ChunkFiles files = new ChunkFiles();
        try {
            for (int b = 0; b < builds.length; b++) {
                builds[b] = load(args[3 + b], path, field, threads);
            }
            files.open(path, records, threads);
            double[][] ratios = new double[builds.length][rounds];
            double[][] rates = new double[builds.length][rounds];
            double[] baselines = new double[rounds * builds.length];
            for (int r = -Math.max(3, rounds / 4); r < rounds; r++) {
                for (int k = 0; k < builds.length; k++) {
                    int b = Math.floorMod(r + k, builds.length);
                    double scan = PairedRatios.rate(records, builds[b]::run);
                    double baseline = PairedRatios.rate(records, () -> PairedRatios.apart(threads, files.count(), files::sumMapped));
                    if (r >= 0) {
                        rates[b][r] = scan;
                        baselines[r * builds.length + k] = baseline;
                        ratios[b][r] = scan / baseline;
                    }
                }
            }
            String key = "type=" + args[0] + " threads=" + threads + " rounds=" + rounds;
            for (int b = 0; b < builds.length; b++) {
                System.out.printf(Locale.ROOT, "build %s %s scan=%.1f ratio=%.3f p10=%.3f p90=%.3f%n", builds[b].jar(), key,
                        PairedRatios.median(rates[b]), PairedRatios.median(ratios[b]),
                        PairedRatios.quantile(ratios[b], 0.1), PairedRatios.quantile(ratios[b], 0.9));
            }
            System.out.printf(Locale.ROOT, "baseline mappedSum %s rate=%.1f%n", key, PairedRatios.median(baselines));
        } finally {
            files.close();
            for (Build b : builds) {
                if (b != null) {
                    b.close();
                }
            }
        }
    }

    /** Opens the array with the Stride of {@code jar}: {@code Zarr.open(path).array("/")} and its scan, by reflection. */
    private static Build load(String jar, Path path, String field, int threads) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        Class<?> zarr = loader.loadClass("dev.stride.Zarr");
        Class<?> options = loader.loadClass("dev.stride.model.ScanOptions");
        Class<?> region = loader.loadClass("dev.stride.model.Region");
        Object opened = zarr.getMethod("open", Path.class).invoke(null, path);
        Object array = zarr.getMethod("array", String.class).invoke(opened, "/");
        Method scan = array.getClass().getMethod("scan", String.class, region, options);
        return new Build(jar, loader, (AutoCloseable) opened, array, scan, field, options.getMethod("threads", int.class).invoke(null, threads));
    }
}
