package dev.stride.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Tells the kernel a file will be read soon ({@code posix_fadvise(POSIX_FADV_WILLNEED)}), so it reads the file into the
 * page cache in the background, at the disk's parallel bandwidth, while the cores decode what came before: a scan of
 * files not in the cache then waits less on page faults. A hint only: nothing happens where the call is not there
 * (not Linux, or native access not enabled for this module, which Java would otherwise warn about).
 */
final class FileAdvice {
    /** Read only; not blocking on a FIFO where a file should be; not inherited by child processes. */
    private static final int OPEN_FLAGS = 0 | 04000 | 02000000;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final Calls CALLS = calls();

    private record Calls(MethodHandle open, MethodHandle fadvise, MethodHandle close) {
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
            return new Calls(
                    linker.downcallHandle(libc.find("open").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    linker.downcallHandle(libc.find("posix_fadvise").orElseThrow(),
                            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT)),
                    linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT)));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Asks for the whole file to be read ahead; false when the hint could not be given. */
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
                return (int) CALLS.fadvise.invokeExact(fd, 0L, 0L, POSIX_FADV_WILLNEED) == 0;
            } finally {
                int ignored = (int) CALLS.close.invokeExact(fd);
            }
        } catch (Throwable t) {
            return false;
        }
    }
}
