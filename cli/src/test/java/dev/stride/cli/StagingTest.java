package dev.stride.cli;

import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Two copies to one local destination: the one that publishes second is refused with the reason, and leaves nothing. */
class StagingTest {
    @TempDir
    Path dir;

    @Test
    void aDestinationFilledMeanwhileRefusesThePublicationAndSaysWhy() throws Exception {
        Path destination = dir.resolve("x.zarr");
        ZarrException e;
        try (Staging staging = Staging.beside(destination)) {
            Files.writeString(staging.directory().resolve("zarr.json"), "{\"mine\": true}");
            Files.createDirectory(destination);
            Files.writeString(destination.resolve("zarr.json"), "{\"first\": true}");
            e = assertThrows(ZarrException.StoreFailure.class, staging::publish);
        }
        assertEquals("was filled by another copy or writer while this copy ran; a copy writes a new hierarchy and never"
                + " mixes into another, so this one is discarded", e.reason());
        assertEquals("{\"first\": true}", Files.readString(destination.resolve("zarr.json")));
        try (var left = Files.list(dir)) {
            assertFalse(left.anyMatch(p -> p.getFileName().toString().startsWith(".stride-staging-")), "the staging is gone");
        }
    }
}
