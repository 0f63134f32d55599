package dev.stride.cli;

import dev.stride.ChunkStatistics;
import dev.stride.FilteredArray;
import dev.stride.ZarrArray;
import dev.stride.internal.text.IoText;
import dev.stride.model.Predicate;
import dev.stride.model.ZarrException;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The records a command keeps ({@code --where}) and the chunk statistics it may skip chunks by ({@code --statistics}):
 * options scan and cat share as a picocli mixin.
 */
final class WhereChoice {
    @Option(names = "--where", paramLabel = "EXPR",
            description = {"Only the records for which EXPR is true, e.g. \"speed > 30 and time >= 2026-03-01\"",
                    "(see docs/cli.md for the grammar). Chunks whose statistics rule EXPR out are not read."})
    String where;

    @Option(names = "--statistics", paramLabel = "FILE",
            description = "Chunk statistics written by 'stride index --statistics FILE' (default: those beside the array, if any).")
    Path statistics;

    /** Whether a filter was asked for. */
    boolean active() {
        return where != null;
    }

    /**
     * The array's records that EXPR keeps, with the statistics named or found beside it; null without {@code --where}.
     * {@code usage} turns a message into the command's usage error.
     */
    FilteredArray filter(ZarrArray array, Function<String, RuntimeException> usage) {
        if (where == null) {
            if (statistics != null) {
                throw usage.apply("--statistics needs --where");
            }
            return null;
        }
        Predicate predicate;
        try {
            predicate = Predicate.parse(where);
        } catch (ZarrException.BadRequest e) {
            throw usage.apply("--where: " + e.reason());
        }
        FilteredArray filtered = array.where(predicate);
        return statistics == null ? filtered : filtered.withStatistics(read(array, statistics, usage));
    }

    private static ChunkStatistics read(ZarrArray array, Path file, Function<String, RuntimeException> usage) {
        try {
            return ChunkStatistics.parse(array, Files.readAllBytes(file), file.toString());
        } catch (NoSuchFileException e) {
            throw usage.apply("--statistics " + file + ": no such file");
        } catch (IOException e) {
            throw usage.apply("--statistics " + file + ": " + IoText.reason(e));
        }
    }
}
