package dev.stride.cli;

import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A hidden directory beside a destination that a command fills and then renames onto the destination in one step,
 * so the destination holds nothing until everything in it is durable, and nothing at all when the command fails or is
 * killed. What is filled lies one level down, in {@value #FILLED}: a destination inside a Zarr hierarchy has the
 * staging directory for a sibling, which readers of that hierarchy would list as a node once it held a
 * {@code zarr.json} (they find children by theirs). Each staging directory has a lock file beside it, locked while its
 * command runs (the lock dies with the process): the next command for the same destination deletes the staging
 * directories whose lock is free.
 */
final class Staging implements AutoCloseable {
    /** The directory inside the staging one that is filled and renamed onto the destination. */
    private static final String FILLED = "filled";
    private final Path destination;
    /** The hidden directory beside the destination. */
    private final Path staging;
    private final Path directory;
    private final Path lockFile;
    private final FileChannel lockChannel;

    private Staging(Path destination, Path staging, Path directory, Path lockFile, FileChannel lockChannel) {
        this.destination = destination;
        this.staging = staging;
        this.directory = directory;
        this.lockFile = lockFile;
        this.lockChannel = lockChannel;
    }

    /** Cleans what killed runs left beside {@code destination}, then makes a locked, empty staging directory there. */
    static Staging beside(Path destination) {
        Path target = destination.toAbsolutePath().normalize();
        Path parent = target.getParent();
        String prefix = ".stride-staging-" + target.getFileName() + "-";
        try {
            Files.createDirectories(parent);
            removeAbandoned(parent, prefix);
            String name = prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
            Path lockFile = parent.resolve(name + ".lock");
            FileChannel lock = FileChannel.open(lockFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Path staging = parent.resolve(name);
            try {
                lock.lock();
                Files.createDirectory(staging);
                return new Staging(target, staging, Files.createDirectory(staging.resolve(FILLED)), lockFile, lock);
            } catch (IOException | RuntimeException e) {
                lock.close();
                Directories.deleteTree(staging);
                Files.deleteIfExists(lockFile);
                throw e;
            }
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(null, "cannot write there: " + IoText.reason(e), e);
        }
    }

    /** Deletes the staging directories of earlier runs for this destination whose process is gone. */
    private static void removeAbandoned(Path parent, String prefix) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, prefix + "*.lock")) {
            for (Path lockFile : entries) {
                try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE); FileLock free = ch.tryLock()) {
                    if (free != null) {
                        String name = lockFile.getFileName().toString();
                        Directories.deleteTree(parent.resolve(name.substring(0, name.length() - ".lock".length())));
                        Files.deleteIfExists(lockFile);
                    }
                } catch (OverlappingFileLockException inUseHere) {
                    // a staging directory of this process: still being filled
                }
            }
        }
    }

    Path directory() {
        return directory;
    }

    /**
     * Makes the filled directory the destination: renamed onto it (an empty directory there is replaced), then
     * fsynced. Refused when something was put at the destination meanwhile: that copy was first.
     */
    void publish() {
        try {
            try {
                Files.move(directory, destination, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!Directories.vacant(destination)) {
                    throw new ZarrException.StoreFailure(null, "was filled by another copy or writer while this copy ran;"
                            + " a copy writes a new hierarchy and never mixes into another, so this one is discarded", e);
                }
                throw e;
            }
            try (FileChannel parent = FileChannel.open(destination.getParent(), StandardOpenOption.READ)) {
                parent.force(true);
            }
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(null, "cannot put the copy in place: " + IoText.reason(e), e);
        }
    }

    /** Deletes the staging directory (only an empty one is left once published), then the lock file. */
    @Override
    public void close() {
        try (lockChannel) {
            Directories.deleteTree(staging);
            Files.deleteIfExists(lockFile);
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(null, "cannot remove " + staging + ": " + IoText.reason(e), e);
        }
    }
}
