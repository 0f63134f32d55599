package dev.stride.bench;

import java.nio.file.Files;
import java.nio.file.Path;

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

    /** The directory of array {@code name}, checked to hold a {@code zarr.json}. */
    static Path array(String name) {
        String dir = System.getProperty(PROPERTY);
        if (dir == null || dir.isBlank()) {
            throw new IllegalStateException("set -D" + PROPERTY + "=DIR to the directory of the benchmark arrays"
                    + " (made by shared/peers/make_bench_data.py DIR; bench/run.sh does both)");
        }
        Path array = Path.of(dir, name + ".zarr");
        if (!Files.isRegularFile(array.resolve("zarr.json"))) {
            throw new IllegalStateException("no array " + array + " (-D" + PROPERTY + "=" + dir
                    + "); make it with shared/peers/make_bench_data.py " + dir);
        }
        return array;
    }
}
