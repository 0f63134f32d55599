package dev.stride;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

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
    void anArrayThatFitsTheNamedCacheGetsNoBuffer() {
        try (CacheEviction none = CacheEviction.forArray((32 << 20) / 24, 24, OptionalLong.of(32 << 20))) {
            assertEquals(0, none.bytes());
            none.run();
        }
    }

    @Test
    void anArrayLargerThanTheNamedCacheGetsABufferHalfAsLargeAgain() {
        try (CacheEviction eviction = CacheEviction.forArray((32 << 20) / 24 + 1, 24, OptionalLong.of(32 << 20))) {
            assertEquals(48 << 20, eviction.bytes());
            eviction.run();
        }
    }

    /**
     * Where the system names no cache, an array fits it only when it is smaller than the least a processor has, and
     * one that does not is evicted with a buffer larger than most have.
     */
    @Test
    void withoutANamedCacheOnlyATinyArrayIsTakenToFitIt() {
        try (CacheEviction none = CacheEviction.forArray(CacheEviction.UNKNOWN_CACHE_AT_LEAST / 24, 24, OptionalLong.empty());
             CacheEviction eviction = CacheEviction.forArray((100L << 20) / 24, 24, OptionalLong.empty())) {
            assertEquals(0, none.bytes());
            assertEquals(CacheEviction.UNKNOWN_CACHE_AT_MOST * 3 / 2, eviction.bytes());
        }
    }
}
