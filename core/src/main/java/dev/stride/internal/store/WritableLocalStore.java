package dev.stride.internal.store;

import dev.stride.model.IoMode;
import dev.stride.internal.text.IoText;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/** A {@link LocalStore} that also writes: what {@link LocalStore#openWritable} opens. */
public final class WritableLocalStore extends LocalStore implements WritableStore {
    private static final String TEMP_PREFIX = WriteTree.TEMP_PREFIX;

    /** The write path through directory handles; null where the platform has none. */
    private final WriteTree writeTree;

    WritableLocalStore(Path root, IoMode mode) throws IOException {
        super(root, mode);
        this.writeTree = WriteTree.open(root());
    }

    /**
     * Stores a value through a temporary file in the key's directory, fsynced, then renamed over the key. Files and
     * directories are created through directory handles opened without following links ({@link WriteTree}), so a
     * symbolic link swapped into the store while writing cannot redirect a write out of it.
     */
    @Override
    public void write(String key, MemorySegment value) {
        ensureOpen();
        try {
            Keys.check(key);
            if (writeTree != null) {
                writeTree.write(key, value);
            } else {
                writeByPath(key, value);
            }
            forget(key);
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(key, "cannot write: " + IoText.reason(e), e);
        }
    }

    /** Where the platform has no directory handles: the real path of the key's directory is checked before writing. */
    private void writeByPath(String key, MemorySegment value) throws IOException {
        Path target = checkedTarget(key);
        // not Files.createTempFile, whose files only their owner may read: a new file takes the umask's permissions
        Path temp = Files.createFile(target.resolveSibling(TEMP_PREFIX + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)));
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                WriteTree.writeDurably(ch, value);
            }
            moveIntoPlace(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Stores a value as a new file of the key's name, created exclusively (O_EXCL), so that of two writers racing for
     * one key (a writer's claim) one wins; false when a file is there. Its bytes follow its name, so a reader may find
     * it empty for a moment, which a claim allows (any content there holds it). Through directory handles like
     * {@link #write}, else by path with the directory's real path checked first.
     */
    @Override
    public boolean create(String key, MemorySegment value) {
        ensureOpen();
        try {
            Keys.check(key);
            boolean created = writeTree != null ? writeTree.create(key, value) : createByPath(key, value);
            if (created) {
                forget(key);
            }
            return created;
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(key, "cannot write: " + IoText.reason(e), e);
        }
    }

    private boolean createByPath(String key, MemorySegment value) throws IOException {
        Path target = checkedTarget(key);
        FileChannel ch;
        try {
            ch = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (FileAlreadyExistsException taken) {
            return false;
        }
        try (ch) {
            WriteTree.writeDurably(ch, value);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(target);
            throw e;
        }
        return true;
    }

    /** The key's file, its directory made and checked to lie inside the store (no link leads out of it). */
    private Path checkedTarget(String key) throws IOException {
        Path target = root().resolve(key);
        Files.createDirectories(target.getParent());
        if (!target.getParent().toRealPath().startsWith(realRoot()) || Files.isSymbolicLink(target)) {
            throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
        }
        return target;
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Removes a file, or a directory empty but for the temporary files of writes that never finished, through directory
     * handles like {@link #write}.
     */
    @Override
    public void delete(String key) {
        ensureOpen();
        try {
            Keys.check(key);
            if (writeTree != null) {
                writeTree.delete(key);
            } else {
                deleteWithoutHandles(file(key));
            }
            forget(key);
        } catch (IOException e) {
            throw new ZarrException.StoreFailure(key, "cannot delete: " + IoText.reason(e), e);
        }
    }

    /** {@link WriteTree#delete}'s rule by path: a directory's leftover temporary files go with it. */
    private static void deleteWithoutHandles(Path p) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(p, TEMP_PREFIX + "*")) {
                for (Path leftover : leftovers) {
                    Files.deleteIfExists(leftover);
                }
            }
        }
        Files.deleteIfExists(p);
    }

    /** Fsyncs the directories whose entries changed, so the files renamed into them survive a crash. */
    @Override
    public void sync() {
        ensureOpen();
        if (writeTree != null) {
            try {
                writeTree.sync();
            } catch (IOException e) {
                throw new ZarrException.StoreFailure(null, "cannot sync the directories written: " + IoText.reason(e), e);
            }
        }
    }

    @Override
    public void close() {
        super.close();
        if (writeTree != null) {
            writeTree.close();
        }
    }
}
