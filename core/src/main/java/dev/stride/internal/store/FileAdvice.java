package dev.stride.internal.store;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Tells the kernel a file will be read soon ({@code posix_fadvise(POSIX_FADV_WILLNEED)}), so it reads the file into the
 * page cache in the background while the cores decode what came before, and a scan of files not in the cache waits
 * less on page faults. A file that seems cached ({@link #worthHinting}) is not hinted, since the kernel would walk its
 * cached pages for nothing (bench/results/2026-12-02-issue18-readahead.md, section 1). Linux tells {@code mincore} about
 * the page cache only for files the process owns or may write and calls every page of any other file resident, so a
 * dataset the process may only read is never hinted: Linux offers no cheaper question for such a file
 * ({@code cachestat} refuses it, and {@code preadv2} with {@code RWF_NOWAIT} starts the readahead it probes for). A hint
 * only: nothing happens where the calls are not there (not Linux, or native access not enabled for this module, which
 * Java would otherwise warn about), nor before they are linked ({@link Linked}).
 */
final class FileAdvice {
    /** Read only; not blocking on a FIFO where a file should be; not inherited by child processes. */
    private static final int OPEN_FLAGS = 0 | 04000 | 02000000;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int POSIX_FADV_DONTNEED = 4;
    /** Pages of a file whose presence in the page cache stands for all of its pages ({@link #worthHinting}). */
    private static final int SAMPLES = 8;
    /** The bytes of one sample: within one page whatever the page size (4 KiB and more on Linux). */
    private static final long SAMPLE_BYTES = 4096;
    private static final boolean CALLS_ALLOWED = FileAdvice.class.getModule().isNativeAccessEnabled()
            && System.getProperty("os.name", "").startsWith("Linux");

    /**
     * The libc calls, linked on a thread of their own from the first file found worth a hint, because linking is slow
     * in a fresh JVM and a scan of cached files never needs it (bench/results/2026-12-02-issue18-zen4.md, section 11).
     * Until then no file is hinted.
     */
    private static final class Linked {
        static final CompletableFuture<Libc> LIBC = CALLS_ALLOWED
                ? CompletableFuture.supplyAsync(FileAdvice::link, Thread.ofPlatform().daemon().name("stride-file-advice")::start)
                : CompletableFuture.completedFuture(null);
    }

    private record Libc(MethodHandle open, MethodHandle fadvise, MethodHandle close) {
    }

    private FileAdvice() {
    }

    private static Libc link() {
        try {
            Linker linker = Linker.nativeLinker(); // throws on a platform Java cannot call into: then no hints
            return new Libc(downcall(linker, "open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    downcall(linker, "posix_fadvise", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT)),
                    downcall(linker, "close", FunctionDescriptor.of(JAVA_INT, JAVA_INT)));
        } catch (RuntimeException e) {
            return null;
        }
    }

    // restricted: called only when native access is enabled for this module, with the C signatures of libc
    @SuppressWarnings("restricted")
    private static MethodHandle downcall(Linker linker, String name, FunctionDescriptor signature) {
        return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), signature);
    }

    /**
     * Asks for the whole file to be read ahead; false when it seems all cached, is no regular file, the calls are not
     * linked yet, or the hint could not be given. Never waits for the linking.
     */
    static boolean willNeed(Path file) {
        if (!CALLS_ALLOWED || !worthHinting(file)) {
            return false;
        }
        Future<Libc> linking = Linked.LIBC;
        return fadvise(linking.state() == Future.State.SUCCESS ? linking.resultNow() : null, file, 0, 0, POSIX_FADV_WILLNEED);
    }

    /** Drops a range's clean pages out of the page cache (for tests of the hints); length 0: to the file's end. */
    static boolean dropFromCache(Path file, long from, long length) {
        return fadvise(Linked.LIBC.join(), file, from, length, POSIX_FADV_DONTNEED);
    }

    /** The linking of the calls, started by the first file worth a hint (for tests). */
    static Future<?> linking() {
        return Linked.LIBC;
    }

    private static boolean fadvise(Libc libc, Path file, long from, long length, int advice) {
        if (libc == null) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            int fd = (int) libc.open.invokeExact(arena.allocateFrom(file.toString()), OPEN_FLAGS);
            if (fd < 0) {
                return false;
            }
            try {
                return (int) libc.fadvise.invokeExact(fd, from, length, advice) == 0;
            } finally {
                int ignored = (int) libc.close.invokeExact(fd);
            }
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            return false;
        }
    }

    /**
     * Whether the file is a regular file, not empty, with pages out of the page cache: a file of up to {@link #SAMPLES}
     * pages is asked about whole, a longer one at that many pages spread over it, the first and the last among them.
     * A sample, not the whole file, since the kernel walks each page asked about and for a large file that costs more
     * than the hint it spares (bench/results/2026-12-02-issue18-zen4.md, section 9). A file with pages missing only
     * between the samples goes unhinted, and its page faults read them as the scan comes to them: a loss of speed where
     * the guess is wrong, never of data. The mapping is never touched, so it costs no page fault.
     */
    private static boolean worthHinting(Path file) {
        try {
            if (!Files.readAttributes(file, BasicFileAttributes.class).isRegularFile()) {
                return false; // a FIFO is not opened: that would block
            }
            try (Arena arena = Arena.ofConfined(); FileChannel channel = FileChannel.open(file)) {
                long size = channel.size();
                if (size == 0) {
                    return false;
                }
                MemorySegment mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
                if (size <= SAMPLES * SAMPLE_BYTES) {
                    return !mapped.isLoaded();
                }
                long last = (size - 1) / SAMPLE_BYTES;
                for (int i = 0; i < SAMPLES; i++) {
                    long at = last * i / (SAMPLES - 1) * SAMPLE_BYTES;
                    if (!mapped.asSlice(at, Math.min(SAMPLE_BYTES, size - at)).isLoaded()) {
                        return true;
                    }
                }
                return false;
            }
        } catch (IOException | RuntimeException e) {
            return false; // gone, unreadable or changed under us: a hint would not help
        }
    }
}
