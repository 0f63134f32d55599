package dev.stride.cli;

import dev.stride.model.ZarrException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
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

    /** True for a directory on another file store than its parent's (a mount point), which no rename can replace. */
    static boolean mountPoint(Path dir) {
        Path parent = dir.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try {
            return parent == null || !Files.getFileStore(dir).equals(Files.getFileStore(parent));
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(null, "cannot tell which file system " + dir + " is on: " + e.getMessage(), e);
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

    /** Deletes a directory and everything in it, links themselves rather than what they point at; nothing if absent. */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
