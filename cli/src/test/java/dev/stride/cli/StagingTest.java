package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Two copies to one local destination: the one that publishes second is refused with the reason, and leaves nothing;
 * a copy into a hierarchy is not a node of it before it is published.
 */
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

    @Test
    void aCopyIntoAHierarchyIsNoNodeOfItUntilPublished() throws Exception {
        Path host = dir.resolve("host.zarr");
        Files.createDirectories(host);
        Files.writeString(host.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        try (Staging staging = Staging.beside(host.resolve("sub"))) {
            Files.writeString(staging.directory().resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
            try (Zarr zarr = Zarr.open(host)) {
                assertEquals(List.of(), zarr.children("/"), "a reader of the host lists no staging directory");
            }
            staging.publish();
        }
        try (Zarr zarr = Zarr.open(host)) {
            assertEquals(List.of("sub"), zarr.children("/"));
        }
        try (var left = Files.list(host)) {
            assertEquals(List.of(host.resolve("sub"), host.resolve("zarr.json")), left.sorted().toList(), "nothing else is left");
        }
    }
}
