package dev.stride.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher's training run: every command it runs succeeds, over arrays stored in each kind it claims. */
class AotTrainingTest {
    @TempDir
    Path dir;

    @Test
    void everyCommandRunsOverEveryKind() throws IOException {
        for (List<String> command : AotTraining.commands(dir)) {
            CliRun run = CliRun.of(command.toArray());
            assertEquals(0, run.exitCode(), String.join(" ", command) + ": " + run.err());
        }
        Map<String, String> codecs = Map.of("raw", "\"bytes\"", "zstd", "\"zstd\"", "blosc", "\"blosc\"",
                "sharded", "\"sharding_indexed\"");
        for (List<String> kind : AotTraining.KINDS) {
            String name = kind.getFirst();
            String metadata = Files.readString(dir.resolve(name + ".zarr/zarr.json"));
            assertTrue(metadata.contains(codecs.get(name)), name + ": " + metadata);
            if (name.equals("raw")) {
                assertFalse(metadata.contains("zstd") || metadata.contains("blosc"), metadata);
            }
            assertTrue(Files.size(dir.resolve(name + ".arrow")) > 0, name);
            assertTrue(Files.size(dir.resolve(name + ".parquet")) > 0, name);
        }
    }
}
