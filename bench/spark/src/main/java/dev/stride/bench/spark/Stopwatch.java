package dev.stride.bench.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Times one run of a query together with what else the machine did meanwhile, so a report can set aside runs that
 * other processes or a slow host disturbed: the CPU time of other processes (from /proc) and, just before the run, the
 * time of a fixed piece of arithmetic (this VM's host sometimes runs it 2-3x slower for a few seconds while nothing else
 * here is busy).
 */
final class Stopwatch {
    /** Where the canary's result goes, so the JIT keeps its loop. */
    static volatile long canarySink;

    /**
     * One timed run.
     *
     * @param seconds the run's wall time
     * @param otherCpuSeconds CPU seconds of other processes during it
     * @param canaryMillis the canary's time just before it
     */
    record Timed(double seconds, double otherCpuSeconds, double canaryMillis) {
    }

    private Stopwatch() {
    }

    static Timed time(Runnable r) {
        double canary = canary();
        long busy = busyTicks();
        long own = ownTicks();
        long t = System.nanoTime();
        r.run();
        double seconds = (System.nanoTime() - t) / 1e9;
        double other = Math.max(0, (busyTicks() - busy) - (ownTicks() - own)) / 100.0;
        return new Timed(seconds, other, canary);
    }

    private static double canary() {
        long t = System.nanoTime();
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < 20_000_000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        canarySink = x;
        return (System.nanoTime() - t) / 1e6;
    }

    /** KiB read from block devices since boot (pgpgin), or 0 without /proc: a timed run should read none. */
    static long diskKiB() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/vmstat"))) {
            return lines.filter(l -> l.startsWith("pgpgin ")).mapToLong(l -> Long.parseLong(l.substring(7).trim())).sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Busy clock ticks of all CPUs (user, nice, system, irq, softirq, steal), or 0 without /proc. */
    private static long busyTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).getFirst().trim().split("\\s+");
            long n = 0;
            for (int i : new int[]{1, 2, 3, 6, 7, 8}) {
                n += Long.parseLong(f[i]);
            }
            return n;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** This JVM's clock ticks (user and system), or 0 without /proc. */
    private static long ownTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
