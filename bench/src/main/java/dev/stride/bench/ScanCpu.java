package dev.stride.bench;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.FieldStats;
import dev.stride.model.ScanOptions;

import java.time.Duration;
import java.util.Locale;

/**
 * One reader process of bench/remote.sh's CPU table: opens an array once and sums one field again and again, printing
 * per scan its wall time and the CPU time the whole process spent on it, every thread counted (the kernel's figures
 * for the process, as getrusage(RUSAGE_SELF) gives them), so that the warm scans can be told from the first one,
 * which also pays for class loading and the JIT. TensorStore's side ({@code bench/tensorstore_scan.py}) prints the same.
 *
 * <pre>usage: java -cp benchmarks.jar dev.stride.bench.ScanCpu PATH_OR_URI FIELD SCANS THREADS</pre>
 * Prints per scan: {@code stride sum=S seconds=T Mrecords/s=R cpu=C}.
 */
public final class ScanCpu {
    private ScanCpu() {
    }

    public static void main(String[] args) {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: ScanCpu PATH_OR_URI FIELD SCANS THREADS");
        }
        int scans = Integer.parseInt(args[2]);
        ScanOptions options = ScanOptions.threads(Integer.parseInt(args[3]));
        try (Zarr zarr = Zarr.open(args[0]); ZarrArray array = zarr.array("/")) {
            for (int i = 0; i < scans; i++) {
                Duration cpuBefore = processCpu();
                long start = System.nanoTime();
                FieldStats stats = array.scan(args[1], null, options);
                double seconds = (System.nanoTime() - start) / 1e9;
                double cpu = processCpu().minus(cpuBefore).toNanos() / 1e9;
                System.out.printf(Locale.ROOT, "stride sum=%s seconds=%.4f Mrecords/s=%.1f cpu=%.3f%n", stats.sumAsDouble(), seconds,
                        array.metadata().size() / seconds / 1e6, cpu);
            }
        }
    }

    /** User and system time of every thread of this process so far. */
    private static Duration processCpu() {
        return ProcessHandle.current().info().totalCpuDuration()
                .orElseThrow(() -> new IllegalStateException("this system reports no CPU time of a process"));
    }
}
