package dev.stride.cli;

import dev.stride.ChunkStatistics;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.text.IoText;
import dev.stride.model.ScanOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.UUID;

@Command(name = "index",
        description = {"Computes chunk statistics, so that --where reads only the chunks",
                "that can hold a match.",
                "",
                "For every stored chunk (every inner chunk of a sharded array) and",
                "every numeric, bool and time field: count, NaN or NaT count, min and",
                "max, with the chunk's stored size and version (a local file's",
                "modification time and inode). A chunk rewritten since is read, never",
                "skipped. The statistics go beside the array as",
                "stride.statistics.json, where scan and cat find them, or to --statistics",
                "FILE (an array you cannot write to); see docs/statistics.md."})
final class IndexCommand extends NodeCommand {

    @Option(names = "--statistics", paramLabel = "FILE", description = "Write the statistics to FILE instead of beside the array.")
    Path statistics;

    @Option(names = "--threads", paramLabel = "N", description = "Reading threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() {
        requireThreads(threads);
        try (Zarr zarr = openHierarchy()) {
            ZarrArray array = openArray(zarr);
            Path file = statistics != null ? statistics : beside();
            if (statistics != null) {
                refuseOutputInside(statistics.toString(), statistics, "indexed");
            }
            ProgressBar progress = new ProgressBar(err(), "index " + location, "chunks", Terminal::stderrIsTerminal);
            long started = System.nanoTime();
            ChunkStatistics built = ChunkStatistics.build(array, new ScanOptions(threads, progress));
            double seconds = (System.nanoTime() - started) / 1e9;
            progress.clear();
            write(file, built.toJson());
            out().write(String.format(Locale.ROOT, "statistics of %,d chunks written to %s in %.3f s%n", built.chunks(),
                    TerminalText.of(file.toString()), seconds));
        }
        return 0;
    }

    /** Beside the array: only a local array has a directory to write into. */
    private Path beside() {
        if (path == null) {
            throw usageError(location + " is not a local directory: give --statistics FILE");
        }
        return path.resolve(ChunkStatistics.SIDECAR);
    }

    /** Writes through a temporary file renamed into place, so a reader never sees half the statistics. */
    private void write(Path file, byte[] json) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            // a name of its own rather than createTempFile's, whose file only its owner may read
            Path temp = dir.resolve(".stride-statistics-" + UUID.randomUUID() + ".json");
            try {
                Files.write(temp, json, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw usageError("cannot write " + file + ": " + IoText.reason(e));
        }
    }
}
