package dev.stride.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Tells the kernel a file will be read soon ({@code posix_fadvise(POSIX_FADV_WILLNEED)}), so it reads the file into the
 * page cache in the background, at the disk's parallel bandwidth, while the cores decode what came before: a scan of
 * files not in the cache then waits less on page faults. A file already in the page cache (as far as {@code cachestat},
 * Linux 6.5, finds at a few pages) is not hinted: the hint would walk its cached pages for nothing, ~100 us per 21 MB
 * file on AMD Zen 4, and those walks cost a warm one-pass scan ~7%. Where {@code cachestat} does not answer
 * (older kernels, a seccomp filter, a kernel that refuses it for this file) every file is hinted, as before. A hint
 * only: nothing happens where the calls are not there (not Linux, or native access not enabled for this module,
 * which Java would otherwise warn about).
 */
final class FileAdvice {
    /** Read only; not blocking on a FIFO where a file should be; not inherited by child processes. */
    private static final int OPEN_FLAGS = 0 | 04000 | 02000000;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final int SEEK_END = 2;
    private static final int SC_PAGESIZE = 30;
    /** cachestat's number in the system call table, shared by x86-64, arm64 and most architectures (not alpha, MIPS). */
    private static final long SYS_CACHESTAT = 451;
    /** Pages of a file whose presence in the page cache stands for all of its pages ({@link #seemsCached}). */
    private static final int SAMPLES = 8;
    /** {@code struct cachestat_range}: offset and length. */
    private static final MemoryLayout RANGE = MemoryLayout.sequenceLayout(2, JAVA_LONG);
    /** {@code struct cachestat}: nr_cache first, then dirty, writeback, evicted and recently evicted pages. */
    private static final MemoryLayout STAT = MemoryLayout.sequenceLayout(5, JAVA_LONG);
    private static final Calls CALLS = calls();
    private static final CacheTest CACHE_TEST = CALLS == null ? null : cacheTest();

    private record Calls(MethodHandle open, MethodHandle fadvise, MethodHandle close) {
    }

    /** What tells whether a file is in the page cache; absent where cachestat's number is not 451. */
    private record CacheTest(MethodHandle lseek, MethodHandle syscall, long pageBytes) {
    }

    /** What is done with an open file descriptor. */
    private interface FileCall {
        boolean apply(int fd, Arena arena) throws Throwable;
    }

    private FileAdvice() {
    }

    private static Calls calls() {
        if (!FileAdvice.class.getModule().isNativeAccessEnabled() || !System.getProperty("os.name", "").startsWith("Linux")) {
            return null;
        }
        try {
            return new Calls(libc("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    libc("posix_fadvise", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT)),
                    libc("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT)));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static CacheTest cacheTest() {
        String arch = System.getProperty("os.arch", "");
        if (!arch.equals("amd64") && !arch.equals("aarch64")) {
            return null;
        }
        try {
            long pageBytes = (long) libc("sysconf", FunctionDescriptor.of(JAVA_LONG, JAVA_INT)).invokeExact(SC_PAGESIZE);
            // long syscall(long number, ...): the file descriptor, range, result and flags are its variadic part, as longs
            return pageBytes <= 0 ? null : new CacheTest(libc("lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT)),
                    libc("syscall", FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG),
                            Linker.Option.firstVariadicArg(1)),
                    pageBytes);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return null;
        }
    }

    // restricted: called only when native access is enabled for this module, with the C signatures of libc
    @SuppressWarnings("restricted")
    private static MethodHandle libc(String name, FunctionDescriptor signature, Linker.Option... options) {
        Linker linker = Linker.nativeLinker(); // throws on a platform Java cannot call into: then no hints
        return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), signature, options);
    }

    /** Asks for the whole file to be read ahead; false when it seems all cached or the hint could not be given. */
    static boolean willNeed(Path file) {
        return withFile(file, (fd, arena) -> seemsCached(fd, arena) != Boolean.TRUE
                && (int) CALLS.fadvise.invokeExact(fd, 0L, 0L, POSIX_FADV_WILLNEED) == 0);
    }

    /** Whether this machine can tell if the file is in the page cache, and so leaves out hints for such files. */
    static boolean tellsCached(Path file) {
        return withFile(file, (fd, arena) -> seemsCached(fd, arena) != null);
    }

    /** Drops a range's clean pages out of the page cache (for tests of the hints); length 0: to the file's end. */
    static boolean dropFromCache(Path file, long from, long length) {
        return withFile(file, (fd, arena) -> (int) CALLS.fadvise.invokeExact(fd, from, length, POSIX_FADV_DONTNEED) == 0);
    }

    private static boolean withFile(Path file, FileCall call) {
        if (CALLS == null) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            int fd = (int) CALLS.open.invokeExact(arena.allocateFrom(file.toString()), OPEN_FLAGS);
            if (fd < 0) {
                return false;
            }
            try {
                return call.apply(fd, arena);
            } finally {
                int ignored = (int) CALLS.close.invokeExact(fd);
            }
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            return false;
        }
    }

    /**
     * Whether the open file seems all in the page cache: a file of up to {@link #SAMPLES} pages is asked about whole,
     * a longer one at that many pages spread over it, the first and the last among them; null where that cannot be
     * told. A sample, not the whole file: cachestat walks each page of its range, and for a 21 MB file on AMD Zen 4
     * that came to cost more than the hint it spares (bench/results/2026-12-02-issue18-zen4.md, section 9). A file
     * with pages missing only between the samples goes unhinted, and its page faults read them as the scan comes to
     * them: a loss of speed where the guess is wrong, never of data.
     */
    private static Boolean seemsCached(int fd, Arena arena) throws Throwable {
        if (CACHE_TEST == null) {
            return null;
        }
        long size = (long) CACHE_TEST.lseek.invokeExact(fd, 0L, SEEK_END);
        if (size < 0) {
            return null;
        }
        long pageBytes = CACHE_TEST.pageBytes;
        long pages = (size + pageBytes - 1) / pageBytes;
        MemorySegment range = arena.allocate(RANGE);
        MemorySegment stat = arena.allocate(STAT);
        if (pages <= SAMPLES) {
            long all = cachedPages(fd, range, stat, 0, 0); // length 0: to the end of the file
            return all < 0 ? null : all >= pages;
        }
        for (int i = 0; i < SAMPLES; i++) {
            long page = (pages - 1) * i / (SAMPLES - 1);
            long one = cachedPages(fd, range, stat, page * pageBytes, pageBytes);
            if (one <= 0) {
                return one < 0 ? null : Boolean.FALSE;
            }
        }
        return true;
    }

    /** Pages of a range of the open file in the page cache ({@code nr_cache}), or -1 when cachestat fails. */
    private static long cachedPages(int fd, MemorySegment range, MemorySegment stat, long offset, long length) throws Throwable {
        range.setAtIndex(JAVA_LONG, 0, offset);
        range.setAtIndex(JAVA_LONG, 1, length);
        if ((long) CACHE_TEST.syscall.invokeExact(SYS_CACHESTAT, (long) fd, range, stat, 0L) != 0) {
            return -1;
        }
        return stat.get(JAVA_LONG, 0);
    }
}
