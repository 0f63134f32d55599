package dev.stride.bench;

import dev.stride.model.IoMode;
import dev.stride.model.ScanOptions;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A field kernel against the loop that only streams the same bytes, measured in pairs: each round runs the kernel's
 * pass once and the baseline's pass once, back to back in one JVM, so a slow phase of the machine (a busy neighbour
 * on the host, a change of clock) falls on both. The ratio printed is the median of the rounds' ratios. JMH runs the
 * forks of one benchmark after another, so on a machine whose speed drifts over tens of seconds, a ratio of two JMH
 * scores carries that drift; on this project's AMD EPYC VM it moved float64's unchanged kernel from 1.04x to 0.79x of
 * {@code mappedSum} between two runs.
 *
 * <p>Two pairs per field: an open-array scan ({@link FieldScans#open}) against {@link Baselines#mappedSum}, and a one
 * pass ({@link FieldScans#onePass}) against {@link Baselines#mappedOnePass}, with the same code as those benchmarks.
 * Each pair alternates which pass goes first. Run one JVM per field and thread count, as JMH forks do, so one kind's
 * profile does not shape another's machine code.
 *
 * <pre>usage: java -Dstride.benchdata=DIR -cp benchmarks.jar dev.stride.bench.PairedRatios TYPE THREADS ROUNDS</pre>
 * TYPE is float64, float32, int64 or int32 (as {@link OpenArray.OfField}); ROUNDS open-array pairs are timed after a
 * quarter as many untimed ones, and half as many one-pass pairs: one passes spread more (10th to 90th percentile of
 * the ratios 0.66-1.05 for int64 on one Zen 4 thread), and with a fifth as many the median moved by ~4% from run to
 * run, near the 0.9x it is held to. Prints one line per pair for {@code report.py}.
 */
public final class PairedRatios {
    private static final Object[] SINK = new Object[1];

    private PairedRatios() {
    }

    /** One pass over the whole array; what it returns is kept, so the JIT cannot drop the work. */
    @FunctionalInterface
    interface Pass {
        Object run() throws IOException;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: PairedRatios TYPE THREADS ROUNDS (TYPE: float64, float32, int64, int32)");
        }
        String type = args[0];
        int threads = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);

        OpenArray.OfField array = new OpenArray.OfField();
        array.type = type;
        array.io = IoMode.AUTO;
        array.base = OpenArray.LOCAL;
        array.open();
        ChunkFiles files = new ChunkFiles();
        files.open(array.path(), array.records(), threads);
        try {
            String key = "type=" + type + " threads=" + threads;
            long records = array.records();
            pair(key + " pass=open", records, rounds,
                    () -> array.array().scan(array.field(), null, ScanOptions.threads(threads)),
                    "mappedSum", () -> apart(threads, files.count(), files::sumMapped));
            pair(key + " pass=onePass", records, Math.max(5, rounds / 2),
                    () -> OnePassScan.once(array.path(), IoMode.AUTO, array.field(), threads, new Counters()),
                    "mappedOnePass", () -> apart(threads, files.count(), files::mapAndSum));
        } finally {
            files.close();
            array.close();
        }
    }

    /** A file of a baseline pass. */
    @FunctionalInterface
    interface FileSum {
        long sum(int file) throws IOException;
    }

    /**
     * Runs a baseline over {@code count} files on threads of its own. Not through Stride's workers, as
     * {@link Workers} does, so the baseline shares no code, and no JIT profile, with the scan it is measured against
     * (through Stride's workers, int64 on 1 thread read a median 0.87x of mappedSum in six JVMs, against 0.93x).
     */
    static long apart(int threads, int count, FileSum item) throws IOException {
        AtomicInteger next = new AtomicInteger();
        AtomicLong total = new AtomicLong();
        AtomicReference<IOException> failure = new AtomicReference<>();
        Runnable work = () -> {
            long sum = 0;
            try {
                for (int i; (i = next.getAndIncrement()) < count; ) {
                    sum += item.sum(i);
                }
            } catch (IOException e) {
                failure.set(e);
            }
            total.addAndGet(sum);
        };
        Thread[] started = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            started[t] = Thread.ofPlatform().start(work);
        }
        for (Thread t : started) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return total.get();
    }

    private static void pair(String key, long records, int rounds, Pass kernel, String baselineName, Pass baseline) throws IOException {
        double[] kernelRates = new double[rounds];
        double[] baselineRates = new double[rounds];
        double[] ratios = new double[rounds];
        for (int r = -Math.max(3, rounds / 4); r < rounds; r++) {
            boolean kernelFirst = (r & 1) == 0;
            double first = rate(records, kernelFirst ? kernel : baseline);
            double second = rate(records, kernelFirst ? baseline : kernel);
            if (r >= 0) {
                kernelRates[r] = kernelFirst ? first : second;
                baselineRates[r] = kernelFirst ? second : first;
                ratios[r] = kernelRates[r] / baselineRates[r];
            }
        }
        System.out.printf(Locale.ROOT, "paired %s rounds=%d kernel=%.1f %s=%.1f ratio=%.3f p10=%.3f p90=%.3f%n", key, rounds,
                median(kernelRates), baselineName, median(baselineRates), median(ratios), quantile(ratios, 0.1), quantile(ratios, 0.9));
    }

    /** Mrecords/s of one pass. */
    static double rate(long records, Pass pass) throws IOException {
        long start = System.nanoTime();
        SINK[0] = pass.run();
        return records / ((System.nanoTime() - start) / 1e9) / 1e6;
    }

    static double median(double[] values) {
        return quantile(values, 0.5);
    }

    static double quantile(double[] values, double q) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    }
}
