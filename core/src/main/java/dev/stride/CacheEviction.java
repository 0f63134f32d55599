package dev.stride;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Reads through a buffer larger than the processor's last-level cache before tune times a scan, so that the scan finds
 * none of the sample in the cache, as a scan of a whole array larger than the cache finds none of it there: a sample
 * that fits the cache would otherwise scan from it, several times faster than the array scans from memory wherever
 * memory bounds the scan (bench/results/2026-12-06-tune-after-fixes.md). It reads rather than writes because a whole
 * array's scan finds the cache full of clean lines, the records it read last; dirty lines (this buffer's, or those of
 * the candidate tune has just written) would make the timed scan write them back to memory as it reads, a cost the
 * array's scan never pays (bench/results/2026-12-07-tune-eviction.md). An array that fits the cache itself scans from
 * it, so for one no buffer is made and nothing is read.
 */
final class CacheEviction implements AutoCloseable {
    /**
     * Where the system does not say (Linux's sysfs does, where a VM passes it on), the cache is taken to be at least
     * this small for the question whether an array fits it: a larger array's sample would be scanned from a cache that
     * the whole array would not fit (bench/results/2026-12-06-tune-amd.md) ...
     */
    static final long UNKNOWN_CACHE_AT_LEAST = 8L << 20;
    /** ... and at most this large for the size of the buffer that evicts it: more than most processors' last level. */
    static final long UNKNOWN_CACHE_AT_MOST = 128L << 20;
    private static final Path CACHES = Path.of("/sys/devices/system/cpu/cpu0/cache");
    /** The cache line of most processors (some have 128): a word read every this many bytes brings in every line. */
    private static final long LINE_BYTES = 64;

    private final Arena arena;
    /** Filled once, when made, so that every page is its own and not the kernel's shared page of zeros. */
    private final MemorySegment buffer;
    /** What the reads added up to, kept so that the JIT cannot drop them. */
    private long sum;

    private CacheEviction(long bytes) {
        this.arena = bytes > 0 ? Arena.ofConfined() : null;
        this.buffer = bytes > 0 ? arena.allocate(bytes, 4096).fill((byte) 1) : null;
    }

    /**
     * The eviction for an array of {@code records} records of {@code recordSize} bytes: none when they fit the
     * last-level cache, whose size it reads, else a buffer half as large again as that cache.
     */
    static CacheEviction forArray(long records, long recordSize) {
        return forArray(records, recordSize, lastLevelCacheBytes());
    }

    /** As {@link #forArray(long, long)} with the cache size the system names, or none. */
    static CacheEviction forArray(long records, long recordSize, OptionalLong namedCache) {
        long fits = namedCache.orElse(UNKNOWN_CACHE_AT_LEAST);
        long evicts = namedCache.orElse(UNKNOWN_CACHE_AT_MOST);
        return new CacheEviction(records > fits / recordSize ? evicts + evicts / 2 : 0);
    }

    /** {@return the bytes each {@link #run} writes, 0 for none} */
    long bytes() {
        return buffer == null ? 0 : buffer.byteSize();
    }

    /** Replaces what the cache holds with this buffer's lines, a word of each line read. */
    void run() {
        if (buffer == null) {
            return;
        }
        long total = sum;
        for (long at = 0; at < buffer.byteSize(); at += LINE_BYTES) {
            total += buffer.get(ValueLayout.JAVA_LONG, at);
        }
        sum = total;
    }

    /** {@return the largest data or unified cache's size the system names for the first processor, if it names one} */
    static OptionalLong lastLevelCacheBytes() {
        try (Stream<Path> levels = Files.list(CACHES)) {
            return levels.filter(p -> p.getFileName().toString().startsWith("index"))
                    .filter(p -> !read(p.resolve("type")).equals("Instruction"))
                    .mapToLong(p -> sizeOf(read(p.resolve("size"))))
                    .max();
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** A size as sysfs writes it: {@code 48K}, {@code 32M}, or bytes. */
    static long sizeOf(String size) {
        String s = size.toUpperCase(Locale.ROOT);
        long unit = s.endsWith("K") ? 1L << 10 : s.endsWith("M") ? 1L << 20 : s.endsWith("G") ? 1L << 30 : 1;
        return Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1)) * unit;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        if (arena != null) {
            arena.close();
        }
    }
}
