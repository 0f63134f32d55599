package dev.stride.architecture;

import dev.stride.Zarr;
import dev.stride.cli.Main;
import dev.stride.codecs.StrideCodecs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The layering of core, the codecs plugin and the command line, on their compiled main classes. */
class ArchitectureTest {
    private static final Architecture STRIDE = new Architecture();

    @BeforeAll
    static void load() {
        STRIDE.addClassesOf(Zarr.class);
        STRIDE.addClassesOf(StrideCodecs.class);
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
}
