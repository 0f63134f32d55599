package dev.stride.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.stream.Stream;

/**
 * Files a local store vouches for at once: their modification time set back, then a wait until their change time,
 * which setting the other moved to now, is past the store's tick (a tenth of a second on file systems with fine times).
 * Statistics trust only values whose times have settled, and tests should not wait the three seconds of a coarse clock.
 */
public final class OldFiles {
    /** Longer than LocalStore's RECENT_FINE_NANOS. */
    private static final long SETTLE_MILLIS = 150;

    private OldFiles() {
    }

    /** Dates every regular file below {@code root} (or {@code root} itself) {@code minutes} back, and waits for them to settle. */
    public static void backdate(Path root, int minutes) {
        FileTime then = FileTime.fromMillis(System.currentTimeMillis() - minutes * 60_000L);
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(f, then);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        settle();
    }

    /** Waits until files changed before this call have settled. */
    public static void settle() {
        try {
            Thread.sleep(SETTLE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while files settle", e);
        }
    }
}
