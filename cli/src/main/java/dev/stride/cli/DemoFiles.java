package dev.stride.cli;

import dev.stride.ChunkStatistics;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The files an earlier demo wrote into a directory: its root {@code zarr.json}, {@code tracks/zarr.json} and the
 * statistics beside it, the shards {@code tracks/c/N} and temporary files a killed run left. Anything else there (a
 * file of the user's, a link, a folder) belongs to someone else: the demo then touches nothing and names it.
 */
final class DemoFiles {
    private static final String TEMP_PREFIX = ".stride-tmp-";

    private DemoFiles() {
    }

    /** The demo's files and folders below {@code dir}, deepest first (the order to delete them in); throws naming a stranger. */
    static List<Path> owned(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        collect(dir, dir, name -> name.equals("zarr.json"), "tracks", out);
        Path tracks = dir.resolve("tracks");
        if (Files.isDirectory(tracks, LinkOption.NOFOLLOW_LINKS)) {
            collect(dir, tracks, name -> name.equals("zarr.json") || name.equals(ChunkStatistics.SIDECAR), "c", out);
            Path shards = tracks.resolve("c");
            if (Files.isDirectory(shards, LinkOption.NOFOLLOW_LINKS)) {
                collect(dir, shards, name -> name.matches("[0-9]+"), null, out);
                out.add(shards);
            }
            out.add(tracks);
        }
        return out;
    }

    /** Adds the demo's regular files in {@code folder}; the only folder allowed there is {@code subfolder}. */
    private static void collect(Path dir, Path folder, Predicate<String> demoFile, String subfolder, List<Path> out) throws IOException {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                boolean file = Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS);
                boolean isSubfolder = name.equals(subfolder) && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS);
                if (file && (demoFile.test(name) || name.startsWith(TEMP_PREFIX))) {
                    out.addFirst(entry);
                } else if (!isSubfolder) {
                    throw new Stranger(dir.relativize(entry).toString());
                }
            }
        }
    }

    /** An entry the demo did not write. */
    static final class Stranger extends IOException {
        private static final long serialVersionUID = 1L;

        final String entry;

        Stranger(String entry) {
            super(entry);
            this.entry = entry;
        }
    }
}
