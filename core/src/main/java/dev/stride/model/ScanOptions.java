package dev.stride.model;

/**
 * How to run a parallel pass: the number of threads, and a progress callback told (chunks done, chunks in all)
 * after each chunk, from the reading threads.
 */
public record ScanOptions(int threads, Progress progress) {

    @FunctionalInterface
    public interface Progress {
        void update(long done, long total);

        /** {@code progress}, or one that reports nowhere when it is null. */
        static Progress orNone(Progress progress) {
            return progress != null ? progress : (done, total) -> { };
        }
    }

    public ScanOptions {
        if (threads < 1) {
            throw new ZarrException.BadRequest(null, "threads must be at least 1");
        }
        progress = Progress.orNone(progress);
    }

    /** One thread per available processor, no progress reports. */
    public static ScanOptions defaults() {
        return new ScanOptions(Runtime.getRuntime().availableProcessors(), null);
    }

    public static ScanOptions threads(int threads) {
        return new ScanOptions(threads, null);
    }

    public ScanOptions withProgress(Progress p) {
        return new ScanOptions(threads, p);
    }
}
