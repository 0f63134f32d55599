package dev.stride.internal.store;

import dev.stride.model.ZarrException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static dev.stride.spi.Store.LEADS_OUTSIDE;

/**
 * The file a key names below a store's root ({@code a/b} at {@code root/a/b}), kept inside it: keys and symbolic
 * links that lead out of the root are refused, and anything at a key's path that is no regular file is refused
 * without being opened, so an open never blocks on a FIFO.
 */
final class KeyFiles {
    private final Path root;
    private final Path realRoot;
    /** Key prefixes of real directories inside the root, checked by {@link #requireDirectoryInside}. */
    private final Set<String> checkedDirectories = ConcurrentHashMap.newKeySet();

    KeyFiles(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.realRoot = this.root.toRealPath();
    }

    Path root() {
        return root;
    }

    Path realRoot() {
        return realRoot;
    }

    /** A key's regular file with its size, as found before it is opened. */
    record Found(Path path, BasicFileAttributes attributes) {
        long size() {
            return attributes.size();
        }
    }

    /** What a read does with the open channel of a key's file. */
    interface ChannelRead<T> {
        T apply(FileChannel ch, Found file) throws IOException;
    }

    /** Opens a key's regular file and reads it, or null when the key does not exist. */
    <T> T withChannel(String key, ChannelRead<T> read) {
        Found file = find(key);
        if (file == null) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file.path(), StandardOpenOption.READ)) {
            return read.apply(ch, file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, file.path(), e);
        }
    }

    /**
     * The regular file of a key, or null when nothing is there; anything else at its path (a directory, a FIFO, a link
     * out of the root) is refused without being opened.
     */
    Found find(String key) {
        Path p = root.resolve(Keys.check(key));
        try {
            requireDirectoryInside(key);
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, p, e);
        }
        // one lstat for a plain file; a link is resolved and checked, then what it leads to looked at
        BasicFileAttributes attributes = RegularFiles.stat(key, root, p, LinkOption.NOFOLLOW_LINKS);
        if (attributes != null && attributes.isSymbolicLink()) {
            attributes = followed(key, p);
        }
        if (attributes == null) {
            return null;
        }
        RegularFiles.requireRegular(key, p, attributes);
        return new Found(p, attributes);
    }

    /**
     * The file of a key, for deleting it where the platform has no directory handles; refuses keys and symbolic links
     * that lead outside the root.
     */
    Path file(String key) throws IOException {
        Path p = root.resolve(Keys.check(key));
        requireDirectoryInside(key);
        if (Files.isSymbolicLink(p) && Files.exists(p) && !p.toRealPath().startsWith(realRoot)) {
            throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
        }
        return p;
    }

    /** What the link at {@code p} leads to, or null when nothing; refused when that lies outside the root. */
    private BasicFileAttributes followed(String key, Path p) {
        try {
            if (!p.toRealPath().startsWith(realRoot)) {
                throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
            }
        } catch (NoSuchFileException dangling) {
            return null;
        } catch (IOException e) {
            throw RegularFiles.failure(key, root, p, e);
        }
        return RegularFiles.stat(key, root, p);
    }

    /**
     * Refuses a key whose directory is reached through a link out of the root. Each directory on the way is checked
     * once, component by component, and then trusted while the store is open: a full real-path resolution per key
     * costs time quadratic in the depth, and a hierarchy thousands of groups deep would take hours to list.
     */
    private void requireDirectoryInside(String key) throws IOException {
        if (!directoryInside(key.substring(0, key.lastIndexOf('/') + 1))) {
            throw new ZarrException.StoreFailure(key, LEADS_OUTSIDE, null);
        }
    }

    /** False when the directory {@code prefix} ("" or ending in '/') is reached through a link out of the root. */
    private boolean directoryInside(String prefix) throws IOException {
        String checked = prefix;
        while (!checked.isEmpty() && !checkedDirectories.contains(checked)) {
            checked = checked.substring(0, checked.lastIndexOf('/', checked.length() - 2) + 1);
        }
        while (checked.length() < prefix.length()) {
            checked = prefix.substring(0, prefix.indexOf('/', checked.length()) + 1);
            Path dir = root.resolve(checked);
            if (Files.isSymbolicLink(dir)) {
                // a link is followed each time anew, with every component after it
                Path whole = root.resolve(prefix);
                return !Files.exists(whole) || whole.toRealPath().startsWith(realRoot);
            }
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return true;
            }
            checkedDirectories.add(checked);
        }
        return true;
    }
}
