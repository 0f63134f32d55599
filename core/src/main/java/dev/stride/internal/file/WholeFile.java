package dev.stride.internal.file;

import dev.stride.model.ZarrException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file whole or not at all: what is written goes to a hidden file beside it, renamed over it only once
 * complete, so a reader (or a failed write) never sees half a file, and a file already there stays as it was until
 * the new one replaces it. The hidden file names the process writing it, so that the next write of the same file
 * removes what a killed one left. The arrow module's exports and the command line write files this way.
 */
public final class WholeFile {
    private WholeFile() {
    }

    /**
     * What fills the file, from its start; returns what the write returns.
     *
     * @param <T> what the write returns
     */
    @FunctionalInterface
    public interface Contents<T> {
        /**
         * Writes the file's contents.
         *
         * @param out the hidden file, positioned at its start
         * @return what the write returns
         * @throws IOException when writing fails (the file is then left as it was)
         */
        T writeTo(FileChannel out) throws IOException;
    }

    /**
     * Writes {@code file} with {@code contents}: into a new hidden file in the same directory (made as any new file is,
     * with the umask's permissions), forced to the disk and then renamed over {@code file}. When {@code contents} or
     * any step fails, the hidden file is deleted and {@code file} is as it was. Hidden files of {@code file} left by
     * processes of this host that are gone are deleted first. A symbolic link is followed to the file it names, which is
     * written, the link kept, as a shell's {@code >} does.
     *
     * @param file the file to write
     * @param contents what fills it
     * @param <T> what the write returns
     * @return what {@code contents} returned
     * @throws ZarrException.BadRequest when {@code file} is null, a directory, or anything else that is not a regular
     *         file (a pipe, a device, a socket): renaming over it would put a file where it was
     * @throws IOException when writing, forcing or renaming fails
     */
    public static <T> T write(Path file, Contents<T> contents) throws IOException {
        ZarrException.BadRequest.requireNonNull(contents, "contents");
        Path target = RealPath.of(ZarrException.BadRequest.requireNonNull(file, "file"));
        if (Files.isDirectory(target)) {
            throw new ZarrException.BadRequest(null, "'" + file + "' is a directory; give the file to write");
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            throw new ZarrException.BadRequest(null, "'" + file + "' is not a regular file (a pipe, a device or a socket);"
                    + " give the path of a file to write");
        }
        PartialFile.removeAbandoned(target);
        Path partial = PartialFile.beside(target);
        try {
            T result;
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                result = contents.writeTo(out);
            }
            // through a handle of its own, as writers (Arrow's) may close the channel they were given
            try (FileChannel sync = FileChannel.open(partial, StandardOpenOption.WRITE)) {
                sync.force(true);
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return result;
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
