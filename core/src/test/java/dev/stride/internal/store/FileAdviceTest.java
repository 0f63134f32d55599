package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.spi.Scratch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The read-ahead hint for local files: given for a file, harmless for anything else, never blocking, and left out for
 * a value kept mapped whose pages are in memory.
 */
class FileAdviceTest {

    @Test
    void aFileIsHintedAndNothingElseIs(@TempDir Path dir) throws IOException, InterruptedException {
        Files.write(dir.resolve("chunk"), new byte[1 << 20]);
        Process p = new ProcessBuilder("mkfifo", dir.resolve("fifo").toString()).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0);
        // the tests run with native access enabled on Linux, as the command line does
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
    void aValueKeptMappedInMemoryIsNotHintedAgain(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("chunk"), new byte[1 << 20]);
        try (LocalStore store = LocalStore.open(dir, IoMode.AUTO)) {
            try (Scratch scratch = new Scratch()) {
                assertTrue(store.hint("chunk"), "a value not read yet");
                store.read("chunk", 0, -1, scratch);
                assertTrue(store.hint("chunk"), "read whole once through a passing mapping, so not kept yet");
                // AUTO keeps the mapping of a value once a pass read all of it
                MemorySegment kept = store.read("chunk", 0, -1, scratch);
                long sum = 0;
                for (long at = 0; at < kept.byteSize(); at += 4096) {
                    sum += kept.get(ValueLayout.JAVA_BYTE, at);
                }
                assertEquals(0, sum);
                assertFalse(store.hint("chunk"), "kept mapped, every page read");
                assertFalse(store.hint("other"), "a key not there is not hinted");
            }
            assertTrue(store.hint("chunk"), "the scope that kept it mapped is closed");
        }
    }
}
