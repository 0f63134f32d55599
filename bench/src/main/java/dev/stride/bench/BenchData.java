package dev.stride.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the benchmark arrays live: the directory named by {@code -Dstride.benchdata=DIR}, holding the
 * {@code NAME.zarr} arrays written by {@code shared/peers/make_bench_data.py} (records of
 * {id: int64, x: float64, y: float32, flags: uint8}).
 */
final class BenchData {
    static final String PROPERTY = "stride.benchdata";
    /** The float64 field that scans sum. */
    static final String X = "x";
    /** The float32 field that record visits add to {@link #X}. */
    static final String Y = "y";
    /** The int64 field. */
    static final String ID = "id";

    private BenchData() {
    }

    /**
     * The directory of array {@code name}, checked to hold a {@code zarr.json} (or a v2 {@code .zarray}: bench/v2.sh makes
     * the {@code v2-*} twins), or for {@code NAME.zip} the zip file
     * {@code NAME.zarr.zip} holding that array (bench/zip.sh makes it); its files read into the page cache.
     */
    static Path array(String name) {
        String dir = System.getProperty(PROPERTY);
        if (dir == null || dir.isBlank()) {
            throw new IllegalStateException("set -D" + PROPERTY + "=DIR to the directory of the benchmark arrays"
                    + " (made by shared/peers/make_bench_data.py DIR; bench/run.sh does both)");
        }
        if (name.endsWith(".zip")) {
            Path zip = Path.of(dir, name.substring(0, name.length() - 4) + ".zarr.zip");
            if (!Files.isRegularFile(zip)) {
                throw new IllegalStateException("no zip " + zip + "; bench/zip.sh " + dir + " makes it");
            }
            readIntoPageCache(zip);
            return zip;
        }
        Path array = Path.of(dir, name + ".zarr");
        if (!Files.isRegularFile(array.resolve("zarr.json")) && !Files.isRegularFile(array.resolve(".zarray"))) {
            throw new IllegalStateException("no array " + array + " (-D" + PROPERTY + "=" + dir
                    + "); make it with shared/peers/make_bench_data.py " + dir);
        }
        readIntoPageCache(array);
        return array;
    }

    /**
     * Reads every file of the array once, so that a benchmark of files "in the page cache" finds them there. On the
     * Zen 3 VM of 2026-12-02 (and perhaps on the project's other VMs) a kernel daemon (DAMON's pageout scheme: pages
     * with no access for 12 aggregation intervals of 5 s) evicted page-cache pages a minute after their last use, with
     * 20 GB of memory free: arrays that other benchmarks left alone for a while were found 36-57% cached
     * ({@code cachestat}), and one passes read the rest from disk. The passes of a trial keep its files in use after
     * this.
     */
    private static void readIntoPageCache(Path array) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        try {
            for (Path file : files(array)) {
                try (FileChannel channel = FileChannel.open(file)) {
                    while (channel.read(buffer.clear()) > 0) {
                        // only the reading matters
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("reading " + array + " into the page cache", e);
        }
    }

    /**
     * The regular files under {@code array}, sorted, walked from its real path so that an array linked from another
     * disk is listed too.
     */
    static List<Path> files(Path array) throws IOException {
        try (Stream<Path> paths = Files.walk(array.toRealPath())) {
            return paths.filter(Files::isRegularFile).sorted().toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
