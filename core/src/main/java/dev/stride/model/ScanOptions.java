package dev.stride.model;

/**
 * How to run a parallel pass: the number of threads, and a progress callback told (chunks done, chunks in all)
 * after each chunk, from the reading threads.
 *
 * @param threads how many threads read chunks, at least 1
 * @param progress told (chunks done, chunks in all) after each chunk, or null for none
 */
public record ScanOptions(int threads, Progress progress) {

    /** Told how far a pass has come, from the reading threads. */
    @FunctionalInterface
    public interface Progress {
        /**
         * Called after each chunk.
         *
         * @param done chunks done so far
         * @param total chunks in the pass
         */
        void update(long done, long total);

        /**
         * {@code progress}, or one that reports nowhere when it is null.
         *
         * @param progress a callback, or null
         * @return the callback, never null
         */
        static Progress orNone(Progress progress) {
            return progress != null ? progress : (done, total) -> { };
        }
    }

    /**
     * Options, with no progress reports for a null {@code progress}.
     *
     * @throws ZarrException.BadRequest when {@code threads} is below 1
     */
    public ScanOptions {
        if (threads < 1) {
            throw new ZarrException.BadRequest(null, "threads must be at least 1");
        }
        progress = Progress.orNone(progress);
    }

    /**
     * One thread per available processor, no progress reports.
     *
     * @return the default options
     */
    public static ScanOptions defaults() {
        return new ScanOptions(Runtime.getRuntime().availableProcessors(), null);
    }

    /**
     * Reads on {@code threads} threads without progress reports.
     *
     * @param threads how many threads, at least 1
     * @return the options
     * @throws ZarrException.BadRequest when {@code threads} is below 1
     */
    public static ScanOptions threads(int threads) {
        return new ScanOptions(threads, null);
    }

    /**
     * The same options with a progress callback.
     *
     * @param p told (chunks done, chunks in all) after each chunk, or null for none
     * @return the options
     */
    public ScanOptions withProgress(Progress p) {
        return new ScanOptions(threads, p);
    }
}
