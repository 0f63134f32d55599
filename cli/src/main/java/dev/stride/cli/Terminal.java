package dev.stride.cli;

import java.io.Console;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

import static java.lang.foreign.ValueLayout.JAVA_INT;

/** Whether stderr is a terminal. System.console() only knows about stdin and stdout, so ask the C library's isatty. */
final class Terminal {
    private static final int STDERR = 2;

    private Terminal() {
    }

    @SuppressWarnings("restricted") // one call of libc's isatty; the launcher runs the JVM with native access enabled
    static boolean stderrIsTerminal() {
        Linker linker = Linker.nativeLinker();
        Optional<MemorySegment> isatty = linker.defaultLookup().find("isatty");
        if (isatty.isEmpty()) {
            Console console = System.console();
            return console != null && console.isTerminal();
        }
        MethodHandle call = linker.downcallHandle(isatty.get(), FunctionDescriptor.of(JAVA_INT, JAVA_INT));
        try {
            return (int) call.invokeExact(STDERR) == 1;
        } catch (Throwable t) {
            // isatty itself cannot fail; invokeExact only declares Throwable
            throw new IllegalStateException(t);
        }
    }
}
