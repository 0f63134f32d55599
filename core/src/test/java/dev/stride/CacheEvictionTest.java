package dev.stride;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tune's cache eviction: sized from the system's last-level cache, and made only for arrays larger than it. */
class CacheEvictionTest {

    @Test
    void sysfsSizesAreRead() {
        assertEquals(48L << 10, CacheEviction.sizeOf("48K"));
        assertEquals(300L << 20, CacheEviction.sizeOf("307200K"));
        assertEquals(32L << 20, CacheEviction.sizeOf("32M"));
        assertEquals(4096, CacheEviction.sizeOf("4096"));
    }

    @Test
    void anArrayThatFitsTheCacheGetsNoBuffer() {
        long cache = CacheEviction.lastLevelCacheBytes();
        assertTrue(cache >= 1 << 20, "last-level cache " + cache);
        try (CacheEviction none = CacheEviction.forArray(cache / 24, 24)) {
            assertEquals(0, none.bytes());
            none.run();
        }
    }

    @Test
    void anArrayLargerThanTheCacheGetsABufferHalfAsLargeAgain() {
        long cache = CacheEviction.lastLevelCacheBytes();
        try (CacheEviction eviction = CacheEviction.forArray(Long.MAX_VALUE / 2, 24)) {
            assertEquals(cache + cache / 2, eviction.bytes());
            eviction.run();
        }
    }
}
