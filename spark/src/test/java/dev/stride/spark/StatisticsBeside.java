package dev.stride.spark;

import dev.stride.ChunkStatistics;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.testing.OldFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Chunk statistics of an array just laid out, stored beside it, as {@code stride index} would. */
final class StatisticsBeside {
    private StatisticsBeside() {
    }

    /** Dates the array's files an hour back, then writes the statistics of every chunk into the array's directory. */
    static void write(Path dir) throws IOException {
        // files this recent have no version tag a statistic may trust (a rewrite could share their time)
        OldFiles.backdate(dir, 60);
        try (Zarr zarr = Zarr.open(dir.toString()); ZarrArray array = zarr.array("/")) {
            Files.write(dir.resolve(ChunkStatistics.SIDECAR), ChunkStatistics.build(array, null).toJson());
        }
    }
}
