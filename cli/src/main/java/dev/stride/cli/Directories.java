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
    /** Links followed at most while resolving a path, as Linux does (ELOOP beyond). */
    private static final int MAX_LINKS = 40;

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

    /**
     * The real path {@code p} has or would have: its deepest existing ancestor with every link resolved, links
     * left dangling followed to where they point, then the names that do not exist yet.
     */
    static Path real(Path p) throws IOException {
        Path at = p.toAbsolutePath();
        for (int links = 0; links < MAX_LINKS; links++) {
            Path existing = at;
            while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return at.normalize();
            }
            Path rest = existing.relativize(at);
            if (Files.isSymbolicLink(existing) && !Files.exists(existing)) {
                at = existing.resolveSibling(Files.readSymbolicLink(existing)).resolve(rest);
            } else {
                return existing.toRealPath().resolve(rest).normalize();
            }
        }
        throw new IOException(p + ": too many levels of symbolic links");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
