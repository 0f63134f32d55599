package dev.stride.architecture;

import dev.stride.Zarr;
import dev.stride.arrow.ZarrArrowReader;
import dev.stride.azure.AzureStore;
import dev.stride.cli.Main;
import dev.stride.codecs.StrideCodecs;
import dev.stride.http.HttpStore;
import dev.stride.s3.S3Store;
import dev.stride.testing.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layering of core, the codecs, http, s3 and azure plugins, the arrow module and the command line, on their compiled
 * main classes (the spark module checks its own, in its tests).
 */
class ArchitectureTest {
    private static final Architecture STRIDE = new Architecture();

    @BeforeAll
    static void load() {
        STRIDE.addClassesOf(Zarr.class);
        STRIDE.addClassesOf(StrideCodecs.class);
        STRIDE.addClassesOf(HttpStore.class);
        STRIDE.addClassesOf(S3Store.class);
        STRIDE.addClassesOf(AzureStore.class);
        STRIDE.addClassesOf(ZarrArrowReader.class);
        STRIDE.addClassesOf(Main.class);
    }

    @Test
    void everyClassWasRead() {
        assertTrue(STRIDE.size() > 200, "classes read: " + STRIDE.size());
    }

    @Test
    void eachPackageUsesOnlyTheLayersBelowIt() {
        assertEquals(List.of(), STRIDE.layerViolations());
    }

    @Test
    void noPackageCycles() {
        assertEquals(List.of(), STRIDE.packageCycles());
    }

    @Test
    void thePublicApiShowsNoInternalType() {
        assertEquals(List.of(), STRIDE.leaks());
    }

    @Test
    void everyPublicTypeOfTheApiIsReachedFromIt() {
        assertEquals(List.of(), STRIDE.publicForSiblingsOnly());
    }
}
