package dev.stride.architecture;

import dev.stride.Zarr;
import dev.stride.arrow.ZarrArrowReader;
import dev.stride.cli.Main;
import dev.stride.codecs.StrideCodecs;
import dev.stride.http.HttpStore;
import dev.stride.s3.S3Store;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The layering of core, the codecs, http and s3 plugins, the arrow module and the command line, on their compiled main classes. */
class ArchitectureTest {
    private static final Architecture STRIDE = new Architecture();

    @BeforeAll
    static void load() {
        STRIDE.addClassesOf(Zarr.class);
        STRIDE.addClassesOf(StrideCodecs.class);
        STRIDE.addClassesOf(HttpStore.class);
        STRIDE.addClassesOf(S3Store.class);
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
