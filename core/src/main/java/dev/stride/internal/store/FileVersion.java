package dev.stride.internal.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A file's version as a stat shows it: its inode ({@code fileKey}), size and modification time. A file replaced by a
 * rename has another inode, one rewritten in place another time, so the reads of a value in parts (a shard's index,
 * then its inner chunks) can tell that they all read the one file.
 */
record FileVersion(Object fileKey, long size, long modified) {
    /** A version no file has: the reads that carry it see the value as changed and start again. */
    static final FileVersion UNKNOWN = new FileVersion(new Object(), -1, -1);

    static FileVersion of(BasicFileAttributes a) {
        return new FileVersion(a.fileKey(), a.size(), a.lastModifiedTime().toMillis());
    }

    /** The version of the file now at {@code path}, or {@link #UNKNOWN} when it cannot be looked at (gone). */
    static FileVersion at(Path path) {
        try {
            return of(Files.readAttributes(path, BasicFileAttributes.class));
        } catch (IOException gone) {
            return UNKNOWN;
        }
    }

    /**
     * The version of what a channel opened at {@code path} reads: the file there before and after the open, when that
     * is one file; otherwise {@link #UNKNOWN}, since the open may have found either.
     */
    static FileVersion opened(BasicFileAttributes before, Path path) {
        FileVersion v = of(before);
        return v.equals(at(path)) ? v : UNKNOWN;
    }
}
