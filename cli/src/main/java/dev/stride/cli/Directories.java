package dev.stride.cli;

import dev.stride.ZarrException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What the writing commands ask of the file system about a directory. */
final class Directories {
    private Directories() {
    }

    /** True when nothing is there yet, or an empty directory. */
    static boolean vacant(Path dir) {
        if (!Files.isDirectory(dir)) {
            return !Files.exists(dir);
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(null, "cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Bytes of every file below {@code dir}: what a node takes on disk. */
    static long storedBytes(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(Directories::size).sum();
        } catch (IOException | UncheckedIOException e) {
            throw new ZarrException.StoreFailure(null, "cannot measure " + dir + ": " + e.getMessage(), e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
