package dev.stride.internal.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Where a path leads once every symbolic link on it is followed, also for a path not there yet: what an output must
 * be checked and written as, since renaming onto a link (or onto {@code .}) would replace the link, not write where it
 * leads.
 */
public final class RealPath {
    /** Links followed at most while resolving a path, as Linux does (ELOOP beyond). */
    private static final int MAX_LINKS = 40;

    private RealPath() {
    }

    /**
     * The real path {@code p} has or would have: its deepest existing ancestor with every link resolved, links
     * left dangling followed to where they point, then the names that do not exist yet.
     *
     * @throws IOException when a link cannot be read, or links lead on more than 40 times (a loop)
     */
    public static Path of(Path p) throws IOException {
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
}
