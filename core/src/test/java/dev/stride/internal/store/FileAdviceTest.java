package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.spi.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The read-ahead hint for local files: given for a file not all in the page cache, harmless for anything else, never
 * blocking, and left out for a file all cached or a value kept mapped whose first page is in memory. The tests run with
 * native access enabled on Linux, as the command line does; they drop pages from the cache with posix_fadvise and
 * check that with mincore, so the hint's own test of the cache (cachestat) is not its own judge.
 */
class FileAdviceTest {
    private static final int PAGE = 4096;

    @Test
    void aFileIsHintedAndNothingElseIs(@TempDir Path dir) throws Throwable {
        writeAndDropFromCache(dir.resolve("chunk"), 0);
        Process p = new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0);
        assertTrue(FileAdvice.willNeed(dir.resolve("chunk")));
        assertFalse(FileAdvice.willNeed(dir.resolve("missing")));
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> FileAdvice.willNeed(dir.resolve("fifo")), "a FIFO does not block the hint");
        try (LocalStore store = LocalStore.open(dir, IoMode.AUTO)) {
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                store.willRead("chunk");
                store.willRead("fifo");
                store.willRead("../outside");
                store.willRead("missing/key");
            });
        }
    }

    @Test
    void aFileAllInThePageCacheIsNotHinted(@TempDir Path dir) throws Throwable {
        Path chunk = dir.resolve("chunk");
        Files.write(chunk, new byte[1 << 20]);
        assertFalse(FileAdvice.willNeed(chunk), "just written, so all cached");
        writeAndDropFromCache(chunk, 1 << 19);
        assertTrue(FileAdvice.willNeed(chunk), "its second half dropped");
        Files.readAllBytes(chunk);
        assertFalse(FileAdvice.willNeed(chunk), "read again");
    }

    @Test
    void aValueKeptMappedInMemoryIsNotHintedAgain(@TempDir Path dir) throws Throwable {
        Path chunk = dir.resolve("chunk");
        writeAndDropFromCache(chunk, PAGE);
        try (LocalStore store = LocalStore.open(dir, IoMode.AUTO)) {
            try (Scratch scratch = new Scratch()) {
                assertTrue(store.hint("chunk"), "a value not read yet");
                store.read("chunk", 0, -1, scratch);
                writeAndDropFromCache(chunk, PAGE); // the hint had it all read
                assertTrue(store.hint("chunk"), "read whole once through a passing mapping, so not kept yet");
                // AUTO keeps the mapping of a value once a pass read all of it; only its first page is in memory
                writeAndDropFromCache(chunk, PAGE);
                MemorySegment kept = store.read("chunk", 0, -1, scratch);
                assertEquals(0, kept.get(ValueLayout.JAVA_BYTE, 0));
                assertFalse(kept.asSlice(PAGE).isLoaded(), "the pages after the first are still out of the cache");
                assertFalse(store.hint("chunk"), "kept mapped, first page in memory");
                assertFalse(store.hint("other"), "a key not there is not hinted");
            }
            writeAndDropFromCache(chunk, PAGE);
            assertTrue(store.hint("chunk"), "the scope that kept it mapped is closed");
        }
    }

    /**
     * Writes 1 MiB of zeros to {@code file} (unless there) and drops its pages from {@code from} on out of the page
     * cache; skips the test where the file system keeps them (tmpfs).
     */
    private static void writeAndDropFromCache(Path file, long from) throws Throwable {
        if (!Files.exists(file)) {
            Files.write(file, new byte[1 << 20]);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true); // dirty pages stay in the cache
        }
        try (Arena arena = Arena.ofConfined()) {
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            int fd = (int) linker.downcallHandle(libc.find("open").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT))
                    .invokeExact(arena.allocateFrom(file.toString()), 0);
            assertTrue(fd >= 0, "open " + file);
            int dropped = (int) linker.downcallHandle(libc.find("posix_fadvise").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT)).invokeExact(fd, from, 0L, 4);
            int closed = (int) linker.downcallHandle(libc.find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT))
                    .invokeExact(fd);
            assertEquals(0, dropped | closed, "POSIX_FADV_DONTNEED");
            try (FileChannel ch = FileChannel.open(file)) {
                MemorySegment mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
                assumeFalse(mapped.asSlice(ch.size() - PAGE).isLoaded(), "this file system keeps the pages in memory");
            }
        }
    }
}
