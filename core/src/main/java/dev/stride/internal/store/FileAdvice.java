package dev.stride.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Tells the kernel a file will be read soon ({@code posix_fadvise(POSIX_FADV_WILLNEED)}), so it reads the file into the
 * page cache in the background, at the disk's parallel bandwidth, while the cores decode what came before: a scan of
 * files not in the cache then waits less on page faults. A file already all in the page cache ({@code cachestat},
 * Linux 6.5) is not hinted: the hint would walk its cached pages for nothing, ~100 us per 21 MB file on AMD Zen 4
 * where the test costs ~10, and those walks cost a warm one-pass scan ~7%. A hint only: nothing happens where the
 * call is not there (not Linux, or native access not enabled for this module, which Java would otherwise warn about).
 */
final class FileAdvice {
    /** Read only; not blocking on a FIFO where a file should be; not inherited by child processes. */
    private static final int OPEN_FLAGS = 0 | 04000 | 02000000;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int SEEK_END = 2;
    private static final int SC_PAGESIZE = 30;
    /** The same number on every Linux architecture (new system calls share one table). */
    private static final long SYS_CACHESTAT = 451;
    /** {@code struct cachestat_range}: offset and length, 0 for the whole file. */
    private static final MemoryLayout RANGE = MemoryLayout.sequenceLayout(2, JAVA_LONG);
    /** {@code struct cachestat}: nr_cache first, then dirty, writeback, evicted and recently evicted pages. */
    private static final MemoryLayout STAT = MemoryLayout.sequenceLayout(5, JAVA_LONG);
    private static final Calls CALLS = calls();

    private record Calls(MethodHandle open, MethodHandle fadvise, MethodHandle close, MethodHandle size, MethodHandle cachestat,
                         long pageBytes) {
    }

    private FileAdvice() {
    }

    // restricted: called only when native access is enabled for this module, with the C signatures of libc
    @SuppressWarnings("restricted")
    private static Calls calls() {
        if (!FileAdvice.class.getModule().isNativeAccessEnabled() || !System.getProperty("os.name", "").startsWith("Linux")) {
            return null;
        }
        try {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            MethodHandle sysconf = linker.downcallHandle(libc.find("sysconf").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, JAVA_INT));
            return new Calls(
                    linker.downcallHandle(libc.find("open").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    linker.downcallHandle(libc.find("posix_fadvise").orElseThrow(),
                            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT)),
                    linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT)),
                    linker.downcallHandle(libc.find("lseek").orElseThrow(), FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT)),
                    // long syscall(long number, ...): the file descriptor, range, result and flags are its variadic part
                    linker.downcallHandle(libc.find("syscall").orElseThrow(),
                            FunctionDescriptor.of(JAVA_LONG, JAVA_LONG, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT), Linker.Option.firstVariadicArg(1)),
                    (long) sysconf.invokeExact(SC_PAGESIZE));
        } catch (Throwable e) {
            return null;
        }
    }

    /** Asks for the whole file to be read ahead; false when it is all in the page cache or the hint could not be given. */
    static boolean willNeed(Path file) {
        if (CALLS == null) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            int fd = (int) CALLS.open.invokeExact(arena.allocateFrom(file.toString()), OPEN_FLAGS);
            if (fd < 0) {
                return false;
            }
            try {
                return !allCached(fd, arena) && (int) CALLS.fadvise.invokeExact(fd, 0L, 0L, POSIX_FADV_WILLNEED) == 0;
            } finally {
                int ignored = (int) CALLS.close.invokeExact(fd);
            }
        } catch (Throwable t) {
            return false;
        }
    }

    /** Whether every page of the open file is in the page cache; false where that cannot be told (before Linux 6.5). */
    private static boolean allCached(int fd, Arena arena) throws Throwable {
        long size = (long) CALLS.size.invokeExact(fd, 0L, SEEK_END);
        MemorySegment stat = arena.allocate(STAT);
        if (size <= 0 || (long) CALLS.cachestat.invokeExact(SYS_CACHESTAT, fd, arena.allocate(RANGE), stat, 0) != 0) {
            return false;
        }
        return stat.get(JAVA_LONG, 0) >= (size + CALLS.pageBytes - 1) / CALLS.pageBytes;
    }
}
