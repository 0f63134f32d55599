package dev.stride.cli;

import dev.stride.ChunkStatistics;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.file.WholeFile;
import dev.stride.internal.text.IoText;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

@Command(name = "index",
        description = {"Computes chunk statistics, so that --where reads only the chunks",
                "that can hold a match.",
                "",
                "For every stored chunk (every inner chunk of a sharded array) and",
                "every numeric, bool and time field: count, NaN or NaT count, min and",
                "max, with the chunk's stored size and version (a local file's",
                "modification time and inode). A chunk rewritten since is read, never",
                "skipped. The statistics go beside the array as",
                "stride.statistics.json (in its directory, or its S3 or Azure prefix),",
                "where scan and cat find them, or to --statistics FILE (an array you",
                "cannot write to); see docs/statistics.md.",
                "",
                "Statistics already there are brought up to date: a chunk whose entry",
                "was computed from the value stored now is not read again. What is",
                "done is written every ten seconds, so an index that is stopped or",
                "killed goes on from there when run again."})
final class IndexCommand extends NodeCommand {

    @Option(names = "--statistics", paramLabel = "FILE", description = "Write the statistics to FILE instead of beside the array.")
    Path statistics;

    @Option(names = "--max-chunks", paramLabel = "N", description = "Read at most N chunks in this run; the statistics of those and"
            + " of every chunk indexed before are written, and the next run reads the rest.")
    long maxChunks = Long.MAX_VALUE;

    @Option(names = "--rebuild", description = "Read every chunk again, ignoring the statistics already there.")
    boolean rebuild;

    @Option(names = "--threads", paramLabel = "N", description = "Reading threads (default: one per processor, here ${DEFAULT-VALUE}).")
    int threads = Runtime.getRuntime().availableProcessors();

    /** How often an index writes what it has done. */
    private static final Duration CHECKPOINT_EVERY = Duration.ofSeconds(10);

    @Override
    public Integer call() {
        requireThreads(threads);
        if (maxChunks < 0) {
            throw usageError("--max-chunks must be 0 or more, not " + maxChunks);
        }
        try (Zarr zarr = openHierarchy()) {
            ZarrArray array = openArray(zarr);
            // a local array's sidecar is written as a file: its store was opened for reading
            Path file = statistics != null ? statistics : path != null ? path.resolve(ChunkStatistics.sidecarPath(array)) : null;
            if (statistics != null) {
                refuseOutputInside(statistics.toString(), statistics, "indexed");
            } else if (file == null && !(zarr.store() instanceof WritableStore)) {
                throw usageError(location + " cannot be written to: give --statistics FILE");
            }
            if (file != null) {
                requireFileOutput(file);
            }
            Consumer<ChunkStatistics> save = file != null ? soFar -> write(file, soFar.toJson()) : ChunkStatistics::storeBeside;
            String where = file != null ? file.toString() : location + "/" + ChunkStatistics.sidecarPath(array);
            ProgressBar progress = new ProgressBar(err(), "index " + location, "chunks", Terminal::stderrIsTerminal);
            long started = System.nanoTime();
            ChunkStatistics built = ChunkStatistics.update(array, rebuild ? null : existing(array, file), maxChunks,
                    new ScanOptions(threads, progress), CHECKPOINT_EVERY, save);
            double seconds = (System.nanoTime() - started) / 1e9;
            progress.clear();
            save.accept(built);
            out().write(String.format(Locale.ROOT, "statistics of %,d chunks written to %s in %.3f s (%,d read, %,d unchanged)%n",
                    built.chunks(), TerminalText.of(where), seconds, built.chunksRead(), built.chunksKept()));
        }
        return 0;
    }

    /**
     * The statistics an earlier index wrote to {@code file} (beside the array in its store when null), or null when
     * there are none; ones this Stride cannot read (another layout version, a damaged file) are named in a warning and
     * computed anew.
     */
    private ChunkStatistics existing(ZarrArray array, Path file) {
        try {
            if (file == null) {
                return ChunkStatistics.sidecar(array);
            }
            byte[] json = readIfThere(file);
            return json == null ? null : ChunkStatistics.parse(array, json, file.toString());
        } catch (ZarrException.InvalidMetadata | ZarrException.Unsupported e) {
            err().println(spec.qualifiedName() + ": warning: " + TerminalText.of(e.getMessage()) + "; computing the statistics anew");
            return null;
        }
    }

    private byte[] readIfThere(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw atOutput(file.toString(), new ZarrException.StoreFailure(null, "cannot read: " + IoText.reason(e), e));
        }
    }

    /** Writes the file whole ({@link WholeFile}), so a reader never sees half the statistics. */
    private void write(Path file, byte[] json) {
        try {
            WholeFile.write(file, out -> out.write(ByteBuffer.wrap(json)));
        } catch (IOException e) {
            throw atOutput(file.toString(), new ZarrException.StoreFailure(null, "cannot write: " + IoText.reason(e), e));
        }
    }
}
