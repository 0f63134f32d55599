package dev.stride.architecture;

import dev.stride.Zarr;
import dev.stride.spark.ZarrDataSource;
import dev.stride.testing.Architecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The connector is a user of the API: it reaches core's internals only through what core's module-info exports to
 * {@code dev.stride.spark}, though Spark loads it from a class path where nothing enforces that.
 */
class SparkArchitectureTest {
    private static final Architecture STRIDE = new Architecture();

    @BeforeAll
    static void load() {
        STRIDE.addClassesOf(Zarr.class);
        STRIDE.addClassesOf(ZarrDataSource.class);
    }

    @Test
    void theConnectorUsesOnlyTheApiAndWhatCoreExportsToIt() {
        assertEquals(List.of(), STRIDE.layerViolations());
    }

    @Test
    void noPackageCycles() {
        assertEquals(List.of(), STRIDE.packageCycles());
    }

    @Test
    void anInternalPackageNotExportedToTheConnectorIsFound() {
        Architecture a = new Architecture();
        a.addClassesOf(Zarr.class);
        a.add(new Architecture.ClassInfo("dev.stride.spark.Shortcut", true, Set.of("dev.stride.internal.read.FieldScan"), Set.of()));
        assertEquals(List.of("dev.stride.spark.Shortcut uses dev.stride.internal.read (dev.stride.spark may use only"
                + " [dev.stride, dev.stride.internal.claim, dev.stride.internal.memory, dev.stride.internal.text, dev.stride.model, dev.stride.spi])"),
                a.layerViolations().stream().filter(v -> v.startsWith("dev.stride.spark.")).toList());
    }
}
