package dev.stride;

import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.net.URI;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Where {@link Tuning} writes its candidates: a fresh hidden directory of its own inside the given location (a local
 * directory, the system's temporary directory, or a prefix of an object store), made writable first so an unusable
 * location fails before any measuring, and removed again on close. A local one is also removed when the JVM is
 * stopped (Ctrl-C) while it exists: the JVM runs its shutdown hooks beside the threads still tuning, so the hook
 * first stops every further write ({@link #checkRunning}), then deletes until nothing comes back.
 *
 * @param where where the scratch hierarchy is opened again for reading
 * @param directory the local directory, or null for a prefix of an object store
 * @param writer the writer of the candidates
 * @param removal the shutdown hook that deletes the local directory, or null
 * @param stopping set once the JVM is stopping: nothing is to be written from then on
 */
record TuningScratch(StoreDescriptor where, Path directory, ZarrWriter writer, Thread removal, AtomicBoolean stopping)
        implements AutoCloseable {
    /** Passes of deleting a local scratch directory while the JVM stops, for the writes in flight to end. */
    private static final int REMOVAL_PASSES = 200;
    private static final long REMOVAL_PAUSE_MILLIS = 10;

    /** A scratch hierarchy inside {@code location} (null: the system's temporary directory). */
    static TuningScratch open(String location) {
        String name = ".stride-tune-" + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36);
        StoreDescriptor given = location == null ? null : StoreDescriptor.parse(location);
        if (given == null || given.localPath() != null) {
            Path directory;
            try {
                directory = given == null ? Files.createTempDirectory(name) : Files.createDirectory(given.localPath().resolve(name));
            } catch (IOException e) {
                throw new ZarrException.StoreFailure(null, "cannot write the candidates under the scratch location "
                        + (location == null ? System.getProperty("java.io.tmpdir") : location) + ": " + IoText.reason(e), e);
            }
            // a candidate's stored bytes and write time are those of its chunks alone
            ZarrWriter writer = ZarrWriter.open(directory).statistics(false);
            AtomicBoolean stopping = new AtomicBoolean();
            Thread removal = Thread.ofPlatform().unstarted(() -> {
                stopping.set(true);
                removeWhileWritesEnd(directory);
            });
            Runtime.getRuntime().addShutdownHook(removal);
            return new TuningScratch(StoreDescriptor.of(directory.toUri()), directory, writer, removal, stopping);
        }
        URI base = given.uri();
        StoreDescriptor inside = new StoreDescriptor(URI.create(base.toString().replaceFirst("/+$", "") + "/" + name), given.options());
        ZarrWriter writer = null;
        try (Arena arena = Arena.ofConfined()) {
            writer = ZarrWriter.open(inside).statistics(false);
            // an unwritable store fails here, before the sample is read
            writer.store().write("probe", arena.allocate(1));
            writer.store().delete("probe");
        } catch (ZarrException e) {
            if (writer != null) {
                writer.close();
            }
            throw new ZarrException.StoreFailure(null, "cannot write the candidates under the scratch location " + location + ": " + e.reason(), e);
        }
        return new TuningScratch(inside, null, writer, null, new AtomicBoolean());
    }

    /** The scratch hierarchy opened for reading, as a new reader would open it. */
    Zarr reopen() {
        return Zarr.open(where);
    }

    /**
     * Refuses to go on writing once the JVM is stopping, so that its shutdown hook can delete the directory.
     *
     * @throws ZarrException.Closed when the JVM is stopping
     */
    void checkRunning() {
        if (stopping.get()) {
            throw new ZarrException.Closed("the scratch location " + where + " (the JVM is stopping)");
        }
    }

    /** Deletes everything written here, then the directory (or prefix) itself. */
    @Override
    public void close() {
        try (writer) {
            if (directory == null) {
                deleteBelow(writer.store(), "");
            }
        } finally {
            if (directory != null) {
                deleteTree(directory);
                try {
                    Runtime.getRuntime().removeShutdownHook(removal);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or about to: it deletes what is left
                }
            }
        }
    }

    private static void deleteBelow(WritableStore store, String prefix) {
        for (String name : store.list(prefix)) {
            if (!store.list(prefix + name + "/").isEmpty()) {
                deleteBelow(store, prefix + name + "/");
            } else {
                store.delete(prefix + name);
            }
        }
    }

    /**
     * Deletes the directory again and again while writes begun before {@link #stopping} was set may still add files,
     * until a pass finds nothing to fail on; quietly, as the JVM is stopping and nobody is there to be told.
     */
    private static void removeWhileWritesEnd(Path directory) {
        for (int pass = 0; pass < REMOVAL_PASSES; pass++) {
            try {
                deleteTree(directory);
                return;
            } catch (ZarrException.StoreFailure writesInFlight) {
                try {
                    Thread.sleep(REMOVAL_PAUSE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Deletes a directory tree, deepest paths first; a link is deleted, never followed. */
    private static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new ZarrException.StoreFailure(null, "cannot remove the scratch directory " + root + ": " + e.getMessage(), e);
        }
    }
}
