package dev.stride.internal.store;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Which files a local store asks the page cache about before it hints them for read-ahead. Asking (a mapping, and
 * {@code mincore} of sampled pages) cost about 50 µs a file on a 2-core VM, a tenth of a first pass over a cached chunk
 * of 2.75 MB (bench/results/2026-12-07-first-pass.md). So once {@link #RUN} files in a row needed no hint, only every
 * {@link #EVERY}th is asked and the ones between are taken to need none either; a file that needed one sends the store
 * back to asking about each. A guess that costs only speed when wrong: a file taken for cached that is not is read
 * through page faults, as it would be without hints, and at most {@code EVERY - 1} files in a row are so taken.
 */
final class HintSampling {
    /** Files in a row that needed no hint before the store asks about only some. */
    static final int RUN = 8;
    /** Then one file in this many is asked about. */
    static final int EVERY = 8;

    /** Files in a row that needed no hint, or were taken to need none; threads racing on it only shift a guess. */
    private final AtomicLong unhinted = new AtomicLong();

    /** Whether to ask about the next file; when not, it is counted as needing no hint. */
    boolean shouldAsk() {
        long n = unhinted.get();
        if (n < RUN || n % EVERY == 0) {
            return true;
        }
        unhinted.incrementAndGet();
        return false;
    }

    /** What asking about a file found: whether it was hinted (some of it out of the page cache). */
    void asked(boolean hinted) {
        if (hinted) {
            unhinted.set(0);
        } else {
            unhinted.incrementAndGet();
        }
    }
}
