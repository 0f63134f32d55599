package dev.stride.internal.store;

import dev.stride.model.ZarrException;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The write path of a {@link LocalStore} that no symbolic link can redirect. Every file is created, renamed and
 * deleted relative to a handle of its directory ({@link SecureDirectoryStream}, {@code openat} on Linux), and each
 * handle is opened from its parent's handle with {@code O_NOFOLLOW}, down from the root opened once: a directory of
 * the store swapped for a symbolic link is refused when it is next opened, and a handle already open keeps pointing at
 * the directory it was opened on. Java offers no {@code mkdirat}: a new directory is made by path, only after checking
 * that the path still leads to the parent's handle (else the handles are reopened from the root, which refuses the
 * link), and is then opened through the handle; only a link swapped in within that instant could place an empty
 * directory elsewhere, and no file is ever written through it.
 *
 * <p>Handles of recently used directories are kept (at most {@link #CACHED}), so writing the nodes of a deep hierarchy
 * opens one directory per new node, not one per level. Directories whose entries changed are remembered until
 * {@link #sync}, which fsyncs them, so renamed files survive a crash.
 */
public final class WriteTree implements AutoCloseable {
    static final String TEMP_PREFIX = ".stride-tmp-";
    private static final int CACHED = 64;
    /** CREATE_NEW is O_EXCL: it never follows a link. */
    private static final Set<OpenOption> NEW_FILE = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    private final Path root;
    private final SecureDirectoryStream<Path> rootHandle;
    /** Open directory handles by key prefix ("a/b/"), least recently used first; guarded by {@code this}. */
    private final LinkedHashMap<String, SecureDirectoryStream<Path>> handles = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SecureDirectoryStream<Path>> eldest) {
            if (size() > CACHED) {
                closeQuietly(eldest.getValue());
                return true;
            }
            return false;
        }
    };
    /** Prefixes of directories whose entries changed since the last sync; guarded by {@code this}. */
    private final Set<String> changed = new LinkedHashSet<>();

    private WriteTree(Path root, SecureDirectoryStream<Path> rootHandle) {
        this.root = root;
        this.rootHandle = rootHandle;
    }

    /** The write path of an existing directory, or null where the platform has no directory handles. */
    static WriteTree open(Path root) throws IOException {
        DirectoryStream<Path> dir = Files.newDirectoryStream(root);
        if (dir instanceof SecureDirectoryStream<Path> secure) {
            return new WriteTree(root, secure);
        }
        dir.close();
        return null;
    }

    /** Stores a value through a temporary file, fsynced and renamed over the key within its directory. */
    void write(String key, MemorySegment value) throws IOException {
        int slash = key.lastIndexOf('/');
        String prefix = key.substring(0, slash + 1);
        Path name = Path.of(key.substring(slash + 1));
        Path temp = Path.of(TEMP_PREFIX + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
        SeekableByteChannel ch = createFile(key, prefix, temp);
        boolean moved = false;
        try {
            try (ch) {
                writeDurably(ch, value);
            }
            synchronized (this) {
                SecureDirectoryStream<Path> dir = directory(key, prefix, false);
                dir.move(temp, dir, name);
                changed.add(prefix);
                moved = true;
            }
        } finally {
            if (!moved) {
                deleteFailed(key, prefix, temp);
            }
        }
    }

    /**
     * Stores a value as a new file of the key's name, created exclusively within its directory (no other writer can
     * create it too); false when a file is there. Its bytes follow its name: a reader may find it empty for a moment.
     */
    boolean create(String key, MemorySegment value) throws IOException {
        int slash = key.lastIndexOf('/');
        String prefix = key.substring(0, slash + 1);
        Path name = Path.of(key.substring(slash + 1));
        SeekableByteChannel ch;
        try {
            ch = createFile(key, prefix, name);
        } catch (FileAlreadyExistsException taken) {
            return false;
        }
        boolean written = false;
        try {
            try (ch) {
                writeDurably(ch, value);
            }
            synchronized (this) {
                changed.add(prefix);
            }
            written = true;
            return true;
        } finally {
            if (!written) {
                deleteFailed(key, prefix, name);
            }
        }
    }

    /** Writes all of {@code value} and forces it to the device. */
    static void writeDurably(SeekableByteChannel ch, MemorySegment value) throws IOException {
        var buffer = value.asByteBuffer();
        while (buffer.hasRemaining()) {
            ch.write(buffer);
        }
        if (ch instanceof FileChannel file) {
            file.force(false);
        }
    }

    private synchronized SeekableByteChannel createFile(String key, String prefix, Path temp) throws IOException {
        try {
            return directory(key, prefix, true).newByteChannel(temp, NEW_FILE);
        } catch (NoSuchFileException gone) {
            // the directory was removed since its handle was opened: open it afresh from the root, once
            forgetBelow(prefix);
            return directory(key, prefix, true).newByteChannel(temp, NEW_FILE);
        }
    }

    /** Deletes a file this tree created for a write that failed, quietly: the caller reports the failure. */
    private synchronized void deleteFailed(String key, String prefix, Path file) {
        try {
            directory(key, prefix, false).deleteFile(file);
        } catch (IOException | ZarrException ignored) {
            // the write already failed for a reason the caller reports; a leftover temporary file is skipped by listings
        }
    }

    /**
     * Removes a file, or a directory empty but for the temporary files of writes that never finished (a killed
     * process's: listings skip them, so nothing else would remove them, and the directory would stay for good); nothing
     * when the key does not exist.
     */
    synchronized void delete(String key) throws IOException {
        int slash = key.lastIndexOf('/');
        String prefix = key.substring(0, slash + 1);
        Path name = Path.of(key.substring(slash + 1));
        SecureDirectoryStream<Path> dir;
        try {
            dir = directory(key, prefix, false);
        } catch (NoSuchFileException | ZarrException.StoreFailure notInTheStore) {
            // no directory there, or a link or file in its place: the key holds nothing of the store's to delete
            return;
        }
        try {
            BasicFileAttributes attributes = dir.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes();
            if (attributes.isDirectory()) {
                forgetBelow(key + "/");
                deleteTemporaryFiles(dir, name);
                dir.deleteDirectory(name);
            } else {
                dir.deleteFile(name);
            }
            changed.add(prefix);
        } catch (NoSuchFileException gone) {
            // already absent
        }
    }

    /** Deletes the temporary files directly inside {@code name}, a directory of {@code parent}. */
    private static void deleteTemporaryFiles(SecureDirectoryStream<Path> parent, Path name) throws IOException {
        try (SecureDirectoryStream<Path> inside = parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
            for (Path entry : inside) {
                if (entry.getFileName().toString().startsWith(TEMP_PREFIX)) {
                    inside.deleteFile(entry.getFileName());
                }
            }
        }
    }

    /** Fsyncs every directory whose entries changed since the last call. */
    synchronized void sync() throws IOException {
        for (Iterator<String> it = changed.iterator(); it.hasNext(); ) {
            String prefix = it.next();
            try (SeekableByteChannel self = directory(prefix, prefix, false).newByteChannel(Path.of("."), Set.of(StandardOpenOption.READ))) {
                if (self instanceof FileChannel dir) {
                    dir.force(true);
                }
            } catch (NoSuchFileException | ZarrException.StoreFailure gone) {
                // deleted since, or a link in its place: nothing of the store's left to make durable
            }
            it.remove();
        }
    }

    /**
     * The handle of the directory {@code prefix} ("" for the root, else ending in '/'), opened level by level from the
     * deepest one already open; {@code create} makes missing ones. {@code key} names the failure.
     */
    private SecureDirectoryStream<Path> directory(String key, String prefix, boolean create) throws IOException {
        if (prefix.isEmpty()) {
            return rootHandle;
        }
        try {
            return descend(key, prefix, create);
        } catch (Moved moved) {
            // a directory kept open was moved or replaced: its path leads elsewhere now; walk from the root afresh
            forgetBelow("");
            try {
                return descend(key, prefix, create);
            } catch (Moved again) {
                throw new ZarrException.StoreFailure(key, "not written: " + again.getMessage() + " keeps moving while being written", null);
            }
        }
    }

    private SecureDirectoryStream<Path> descend(String key, String prefix, boolean create) throws IOException {
        String open = prefix;
        SecureDirectoryStream<Path> dir = handles.get(open);
        while (dir == null && !open.isEmpty()) {
            open = open.substring(0, open.lastIndexOf('/', open.length() - 2) + 1);
            dir = open.isEmpty() ? rootHandle : handles.get(open);
        }
        while (open.length() < prefix.length()) {
            int end = prefix.indexOf('/', open.length());
            String next = prefix.substring(0, end + 1);
            dir = child(key, dir, open, next, create);
            handles.put(next, dir);
            open = next;
        }
        return dir;
    }

    private SecureDirectoryStream<Path> child(String key, SecureDirectoryStream<Path> parent, String parentPrefix, String prefix, boolean create)
            throws IOException {
        Path name = Path.of(prefix.substring(parentPrefix.length(), prefix.length() - 1));
        try {
            return parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException missing) {
            if (!create) {
                throw missing;
            }
            // made by path (there is no mkdirat in Java): only while the path still leads to the parent's handle
            Path path = root.resolve(parentPrefix);
            Object here = parent.getFileAttributeView(Path.of("."), BasicFileAttributeView.class).readAttributes().fileKey();
            if (!here.equals(Files.readAttributes(path, BasicFileAttributes.class).fileKey())) {
                throw new Moved(parentPrefix);
            }
            try {
                Files.createDirectory(root.resolve(prefix));
                changed.add(parentPrefix);
            } catch (FileAlreadyExistsException raced) {
                // made by another writer meanwhile, or a link swapped in: opening it tells which
            }
            return opened(key, parent, name, prefix);
        } catch (NotDirectoryException notDirectory) {
            throw refusal(key, parent, name, prefix);
        } catch (FileSystemException loop) {
            throw refusal(key, parent, name, prefix);
        }
    }

    private SecureDirectoryStream<Path> opened(String key, SecureDirectoryStream<Path> parent, Path name, String prefix) throws IOException {
        try {
            return parent.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw e;
        } catch (FileSystemException e) {
            throw refusal(key, parent, name, prefix);
        }
    }

    /** Why {@code prefix} cannot be opened as a directory of the store. */
    private ZarrException refusal(String key, SecureDirectoryStream<Path> parent, Path name, String prefix) throws IOException {
        boolean link = parent.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes().isSymbolicLink();
        String what = prefix.substring(0, prefix.length() - 1);
        return new ZarrException.StoreFailure(key, link
                ? "not written: " + what + " is a symbolic link, and the store writes only into its own directories"
                : "not written: " + what + " is not a directory", null);
    }

    /** Closes and drops the handles of {@code prefix} and every directory below it. */
    private void forgetBelow(String prefix) {
        for (Iterator<Map.Entry<String, SecureDirectoryStream<Path>>> it = handles.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, SecureDirectoryStream<Path>> e = it.next();
            if (e.getKey().startsWith(prefix)) {
                closeQuietly(e.getValue());
                it.remove();
            }
        }
    }

    private static void closeQuietly(SecureDirectoryStream<Path> dir) {
        try {
            dir.close();
        } catch (IOException ignored) {
            // a directory handle holds no data to lose
        }
    }

    /** A directory handle whose path no longer leads to it. */
    private static final class Moved extends IOException {

        private static final long serialVersionUID = 1L;
        Moved(String prefix) {
            super(prefix.isEmpty() ? "the store's root" : prefix.substring(0, prefix.length() - 1));
        }
    }

    @Override
    public synchronized void close() {
        handles.values().forEach(WriteTree::closeQuietly);
        handles.clear();
        closeQuietly(rootHandle);
    }
}
