package dev.stride.internal.read;

import java.util.function.LongFunction;

/**
 * Tells the store, {@link #AHEAD} units ahead, which value a reader will read ({@link dev.stride.spi.Store#willRead}):
 * a local store's page cache fills while the units before are decoded, so a scan of files not in the cache waits less.
 * One per reading thread; units of one shard hint their file once.
 */
final class ReadHints {
    static final int AHEAD = 4;
    /**
     * Units smaller than this are not hinted: the hint's system calls (the file mapped to ask mincore, then fadvise)
     * would cost as much as the read.
     */
    private static final long HINT_ABOVE_BYTES = 256 << 10;

    private final ArrayReader array;
    private final boolean enabled;
    private final long count;
    private final LongFunction<long[]> unitAt;
    private String hinted;

    /** Hints for a pass of {@code count} items, item {@code i} being the unit {@code unitAt.apply(i)}. */
    ReadHints(ArrayReader array, long count, LongFunction<long[]> unitAt) {
        this.array = array;
        this.enabled = array.unitBytes() >= HINT_ABOVE_BYTES;
        this.count = count;
        this.unitAt = unitAt;
    }

    /** Called as item {@code item} is read: hints the value holding the item {@link #AHEAD} later. */
    void reading(long item) {
        if (enabled && item + AHEAD < count) {
            String key = array.keyOf(unitAt.apply(item + AHEAD));
            if (!key.equals(hinted)) {
                array.store().willRead(key);
                hinted = key;
            }
        }
    }
}
