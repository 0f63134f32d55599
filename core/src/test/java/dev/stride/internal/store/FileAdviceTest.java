package dev.stride.internal.store;

import dev.stride.model.IoMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The read-ahead hint for local files: given for a file, harmless for anything else, never blocking. */
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
}
