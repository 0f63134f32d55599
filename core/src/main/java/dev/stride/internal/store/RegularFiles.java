package dev.stride.internal.store;

import dev.stride.model.ZarrException;
import dev.stride.spi.Store;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The read side's rules for what a key's path may be: a key is missing only when the file system says nothing is
 * there (ENOENT); a regular file is read; anything else is a {@link ZarrException.StoreFailure} naming the key in
 * plain words. Paths are stat'ed before they are opened, so a FIFO or a device is refused without an {@code open}
 * that could block.
 */
public final class RegularFiles {
    // st_mode file types (POSIX), to tell the kinds of "other" files apart
    private static final int TYPE_MASK = 0170000;
    private static final int FIFO = 0010000;
    private static final int SOCKET = 0140000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;

    private RegularFiles() {
    }

    /** The attributes of what is at {@code path} (links followed unless {@code options} say not), or null when nothing is there. */
    static BasicFileAttributes stat(String key, Path root, Path path, LinkOption... options) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class, options);
        } catch (NoSuchFileException e) {
            // stat reports ENOTDIR as NoSuchFileException too (open and realpath as a FileSystemException)
            if (hasNonDirectoryParent(root, path)) {
                throw new ZarrException.StoreFailure(key, Store.PARENT_NOT_A_DIRECTORY, e);
            }
            return null;
        } catch (IOException e) {
            throw failure(key, root, path, e);
        }
    }

    /** Refuses anything but a regular file, unopened. */
    static void requireRegular(String key, Path path, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            throw new ZarrException.StoreFailure(key, "is a directory, not a file", null);
        }
        if (!attributes.isRegularFile()) {
            throw new ZarrException.StoreFailure(key, "is " + special(path) + ", not a regular file", null);
        }
    }

    /** Refuses to list a FIFO or the like: opening one as a directory stream would block. */
    static void refuseSpecial(String prefix, Path path, BasicFileAttributes attributes) {
        if (attributes.isOther()) {
            throw new ZarrException.StoreFailure(prefix, "is " + special(path) + ", not a directory", null);
        }
    }

    /** What a failure to stat, open or read a key's path means, in words. */
    static ZarrException.StoreFailure failure(String key, Path root, Path path, IOException e) {
        if (e instanceof AccessDeniedException) {
            return new ZarrException.StoreFailure(key, "permission denied", e);
        }
        if (hasNonDirectoryParent(root, path)) {
            return new ZarrException.StoreFailure(key, Store.PARENT_NOT_A_DIRECTORY, e);
        }
        return new ZarrException.StoreFailure(key, "cannot read: " + e, e);
    }

    /**
     * ENOTDIR: the nearest parent of the path that is there is no directory. Java names it in no exception type (and
     * the message is in the C library's language), so the parents are looked at instead: for a missing key that is
     * one more stat, two when its folder is missing too.
     */
    private static boolean hasNonDirectoryParent(Path root, Path path) {
        for (Path p = path.getParent(); p != null && p.startsWith(root) && !p.equals(root); p = p.getParent()) {
            try {
                return !Files.readAttributes(p, BasicFileAttributes.class).isDirectory();
            } catch (NoSuchFileException missing) {
                // look further up
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }

    /** What a file that is neither a regular file nor a directory is. */
    private static String special(Path path) {
        return switch (mode(path) & TYPE_MASK) {
            case FIFO -> "a FIFO";
            case SOCKET -> "a socket";
            case CHARACTER_DEVICE, BLOCK_DEVICE -> "a device";
            default -> "a special file";
        };
    }

    /**
     * The st_mode of a path, or 0 (the kind left unnamed) on a file system without the "unix" view or when the file
     * is gone by now.
     */
    private static int mode(Path path) {
        if (!path.getFileSystem().supportedFileAttributeViews().contains("unix")) {
            return 0;
        }
        try {
            return (Integer) Files.getAttribute(path, "unix:mode");
        } catch (IOException vanished) {
            return 0;
        }
    }
}
