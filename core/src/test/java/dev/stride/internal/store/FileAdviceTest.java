package dev.stride.internal.store;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.IoMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The read-ahead hint for local files: given for a file with any of its sampled pages out of the page cache, harmless
 * for anything else, never blocking, and left out for a file cached at every sample or a value kept mapped whose first
 * page is in memory; never waiting for its calls to be linked. The tests run with native access enabled on Linux, as
 * the command line does; they drop pages from the cache and check which ones are out page by page
 * ({@link MemorySegment#isLoaded}), so that each decision is tested against the pages the hint samples.
 */
class FileAdviceTest {
    private static final int PAGE = 4096;
    private static final int MIB = 1 << 20;

    @Test
    void anythingButAFileIsLeftAloneWithoutBlocking(@TempDir Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0);
        assertFalse(FileAdvice.willNeed(dir.resolve("missing")));
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertFalse(FileAdvice.willNeed(dir.resolve("fifo"))),
                "a FIFO does not block the hint");
        Files.write(dir.resolve("chunk"), new byte[MIB]);
        try (LocalStore store = LocalStore.open(dir, IoMode.AUTO)) {
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                store.willRead("chunk");
                store.willRead("fifo");
                store.willRead("../outside");
                store.willRead("missing/key");
            });
        }
    }

    @Test
    void aFileIsHintedUnlessAllOfItIsInThePageCache(@TempDir Path dir) throws IOException {
        Path chunk = dir.resolve("chunk");
        Files.write(chunk, new byte[MIB + 1]); // one byte on a last page, the last of the pages sampled
        assumeCacheTold(chunk);
        assertFalse(FileAdvice.willNeed(chunk), "just written, so all cached");
        dropFromCache(chunk, MIB);
        assertTrue(FileAdvice.willNeed(chunk), "its last page dropped");
        Files.readAllBytes(chunk);
        assertFalse(FileAdvice.willNeed(chunk), "read again");
        dropFromCache(chunk, 0, 16 * PAGE);
        assumeFalse(inCache(chunk, 0), "the first page dropped");
        assertTrue(FileAdvice.willNeed(chunk), "its first pages dropped");
        dropFromCache(chunk, MIB / 4, MIB / 2);
        assumeFalse(inCache(chunk, 109), "a sampled page in the middle dropped");
        assertTrue(FileAdvice.willNeed(chunk), "half of it dropped from the middle");
    }

    @Test
    void aFewPagesStandForTheWholeFile(@TempDir Path dir) throws IOException {
        Path chunk = dir.resolve("chunk");
        Files.write(chunk, new byte[MIB]);
        assumeCacheTold(chunk);
        // 256 pages, 8 sampled: 0, 36, 72, 109, 145, 182, 218, 255; pages 1-35 are not among them
        dropFromCache(chunk, PAGE, 35 * PAGE);
        assertTrue(inCache(chunk, 0) && inCache(chunk, 36), "the samples around the range kept");
        assertFalse(FileAdvice.willNeed(chunk), "only pages between the samples dropped: taken as cached");
    }

    @Test
    void aFileOfFewPagesIsAskedAboutWhole(@TempDir Path dir) throws IOException {
        Path empty = dir.resolve("empty");
        Files.write(empty, new byte[0]);
        assertFalse(FileAdvice.willNeed(empty), "nothing to read ahead");
        Path small = dir.resolve("small");
        Files.write(small, new byte[8 * PAGE]);
        assumeCacheTold(small);
        assertFalse(FileAdvice.willNeed(small), "just written, so all cached");
        dropFromCache(small, 4 * PAGE);
        assertTrue(FileAdvice.willNeed(small), "its second half dropped");
    }

    @Test
    void aValueKeptMappedInMemoryIsNotHintedAgain(@TempDir Path dir) throws IOException {
        Path chunk = dir.resolve("chunk");
        Files.write(chunk, new byte[MIB]);
        dropFromCache(chunk, PAGE);
        try (LocalStore store = LocalStore.open(dir, IoMode.AUTO)) {
            try (ThreadScratch scratch = new ThreadScratch()) {
                assertTrue(store.hint("chunk"), "a value not read yet");
                store.read("chunk", 0, -1, scratch);
                dropFromCache(chunk, PAGE); // the hint had it all read
                assertTrue(store.hint("chunk"), "read whole once through a passing mapping, so not kept yet");
                // AUTO keeps the mapping of a value once a pass read all of it; only its first page is in memory
                dropFromCache(chunk, PAGE);
                MemorySegment kept = store.read("chunk", 0, -1, scratch);
                assertEquals(0, kept.get(ValueLayout.JAVA_BYTE, 0));
                assertFalse(kept.asSlice(PAGE).isLoaded(), "the pages after the first are still out of the cache");
                assertFalse(store.hint("chunk"), "kept mapped, first page in memory");
                assertFalse(store.hint("other"), "a key not there is not hinted");
            }
            dropFromCache(chunk, PAGE);
            assertTrue(store.hint("chunk"), "the scope that kept it mapped is closed");
        }
    }

    @Test
    void theFirstHintDoesNotWaitForTheCallsToBeLinked(@TempDir Path dir) throws IOException, InterruptedException {
        Path chunk = dir.resolve("chunk");
        Files.write(chunk, new byte[MIB]);
        dropFromCache(chunk, 0);
        Process fresh = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                FirstHints.class.getName(), chunk.toString()).redirectErrorStream(true).start();
        String out = new String(fresh.getInputStream().readAllBytes()).strip();
        assertTrue(fresh.waitFor(60, TimeUnit.SECONDS));
        assertEquals("first false, linked then false, once linked true", out);
    }

    /** In a fresh JVM: a hint asked for at once, then one once the calls are linked. */
    static final class FirstHints {
        public static void main(String[] args) throws Exception {
            Path file = Path.of(args[0]);
            boolean first = FileAdvice.willNeed(file);
            boolean linkedThen = FileAdvice.linking().isDone();
            FileAdvice.linking().get();
            System.out.println("first " + first + ", linked then " + linkedThen + ", once linked " + FileAdvice.willNeed(file));
        }
    }

    /** Skips the test where mincore does not find a page just read in the page cache. */
    private static void assumeCacheTold(Path file) throws IOException {
        Files.readAllBytes(file);
        assumeTrue(inCache(file, 0), "mincore does not tell the page cache here");
    }

    /** Drops the file's pages from {@code from} on out of the page cache; skips the test on tmpfs, which keeps them. */
    private static void dropFromCache(Path file, long from) throws IOException {
        dropFromCache(file, from, 0);
    }

    /** Drops {@code length} bytes' pages from {@code from} (0: to the end) out of the page cache, as above. */
    private static void dropFromCache(Path file, long from, long length) throws IOException {
        assumeFalse(Files.getFileStore(file).type().equals("tmpfs"), "tmpfs keeps its pages in memory");
        Files.readAllBytes(file); // no page still being read in (a page under I/O is not dropped)
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true); // nor dirty
        }
        assertTrue(FileAdvice.dropFromCache(file, from, length), "POSIX_FADV_DONTNEED");
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file)) {
            MemorySegment mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            long end = length == 0 ? ch.size() : from + length;
            // the kernel drops whole folios only: one that reaches past the range keeps its pages
            assumeFalse(mapped.asSlice(from, end - from).isLoaded(), "pages from " + from + " dropped");
            if (end < ch.size()) {
                assertTrue(mapped.asSlice(end, Math.min(PAGE, ch.size() - end)).isLoaded(), "the page after the range kept");
            }
        }
    }

    /** Whether the file's page {@code page} is in the page cache (mincore). */
    private static boolean inCache(Path file, long page) throws IOException {
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, page * PAGE, Math.min(PAGE, ch.size() - page * PAGE), arena).isLoaded();
        }
    }
}
