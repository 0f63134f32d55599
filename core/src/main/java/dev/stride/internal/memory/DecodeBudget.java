package dev.stride.internal.memory;

import dev.stride.model.ZarrException;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of off-heap reading and decoding buffers ({@link ThreadScratch}) may exist at once. A buffer is counted
 * when it is allocated or grows and uncounted when it is freed, so the check costs nothing per chunk: buffers are
 * reused from chunk to chunk. A growth the budget cannot cover fails with {@link ZarrException.OverBudget} instead
 * of allocating; it does not wait, because every reading thread keeps its buffers for its whole pass (and an open
 * array keeps them for its next pass), so waiting for another thread's buffers could wait forever.
 *
 * <p>The process shares one budget, {@link #shared()}: system property {@value #PROPERTY} (bytes, or with a
 * {@code k}, {@code m} or {@code g} suffix, e.g. {@code -Dstride.decode.budget=2g}; with the command line
 * {@code STRIDE_JAVA_OPTS=-Dstride.decode.budget=2g}), by default a quarter of the physical memory and at least
 * {@value #MIN_DEFAULT} bytes. {@link #limit(long)} changes it at run time. File mappings are not counted: they are
 * the page cache's memory, not the reader's.
 */
public final class DecodeBudget {
    public static final String PROPERTY = "stride.decode.budget";
    static final long MIN_DEFAULT = 256L << 20;

    private final AtomicLong used = new AtomicLong();
    private volatile long limit;

    public DecodeBudget(long limit) {
        limit(limit);
    }

    /** The budget of every {@link ThreadScratch} made without one; a malformed {@value #PROPERTY} is a {@link ZarrException.BadRequest}. */
    public static DecodeBudget shared() {
        if (Shared.CONFIGURED.failure() != null) {
            throw new ZarrException.BadRequest(null, Shared.CONFIGURED.failure());
        }
        return Shared.CONFIGURED.budget();
    }

    /** The process's budget, or why the property could not be read (then every use of it fails, saying so). */
    private record Configured(DecodeBudget budget, String failure) {
    }

    private static final class Shared {
        private static final Configured CONFIGURED = configured();

        private static Configured configured() {
            String value = System.getProperty(PROPERTY);
            if (value == null) {
                return new Configured(new DecodeBudget(defaultLimit()), null);
            }
            try {
                return new Configured(new DecodeBudget(parse(value)), null);
            } catch (IllegalArgumentException e) {
                return new Configured(null, "system property " + PROPERTY + "=" + value
                        + " is not a size in bytes (e.g. 1073741824, 512m or 2g)");
            }
        }
    }

    /** A quarter of the physical memory (of the container, when in one), at least {@link #MIN_DEFAULT}. */
    static long defaultLimit() {
        long physical = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class).getTotalMemorySize();
        return Math.max(MIN_DEFAULT, physical / 4);
    }

    /** Bytes from {@code 1073741824}, {@code 1024k}, {@code 512m} or {@code 2g}. */
    static long parse(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        int shift = switch (s.isEmpty() ? ' ' : s.charAt(s.length() - 1)) {
            case 'k' -> 10;
            case 'm' -> 20;
            case 'g' -> 30;
            default -> 0;
        };
        long n = Long.parseLong(shift == 0 ? s : s.substring(0, s.length() - 1));
        if (n < 0 || n > Long.MAX_VALUE >> shift) {
            throw new IllegalArgumentException(text);
        }
        return n << shift;
    }

    public long limit() {
        return limit;
    }

    /** Sets the limit; buffers already held stay, a later growth must fit. */
    public void limit(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("a decode budget of " + bytes + " bytes");
        }
        this.limit = bytes;
    }

    /** Bytes of buffers counted now. */
    public long used() {
        return used.get();
    }

    /** Counts {@code bytes} more if they fit under the limit. */
    boolean tryReserve(long bytes) {
        long current;
        do {
            current = used.get();
            if (bytes > limit - current) {
                return false;
            }
        } while (!used.compareAndSet(current, current + bytes));
        return true;
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }
}
