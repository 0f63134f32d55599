package dev.stride.architecture;

import dev.stride.architecture.Architecture.ClassInfo;
import dev.stride.cli.ReachesIntoInternals;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The architecture test catches what it is there to catch: each rule broken once, on purpose. */
class ArchitectureRulesTest {

    private static ClassInfo info(String name, Set<String> uses) {
        return new ClassInfo(name, uses, Set.of());
    }

    @Test
    void aCycleBetweenTwoInternalPackagesIsFound() {
        Architecture a = new Architecture();
        a.add(info("dev.stride.internal.read.A", Set.of("dev.stride.internal.codec.B")));
        a.add(info("dev.stride.internal.codec.B", Set.of("dev.stride.internal.store.C")));
        a.add(info("dev.stride.internal.store.C", Set.of("dev.stride.internal.read.A")));
        a.add(info("dev.stride.internal.write.D", Set.of("dev.stride.internal.read.A")));
        assertEquals(List.of(Set.of("dev.stride.internal.read", "dev.stride.internal.codec", "dev.stride.internal.store")), a.packageCycles());
        assertEquals(List.of(), a.layerViolations());
    }

    @Test
    void aValueOfTheApiReachingIntoTheInternalsIsFound() {
        Architecture a = new Architecture();
        a.add(info("dev.stride.model.Region", Set.of("dev.stride.internal.read.UnitGrid", "dev.stride.internal.base.Reads")));
        assertEquals(List.of("dev.stride.model.Region uses dev.stride.internal.read (dev.stride.model may use only [dev.stride.internal.base])"),
                a.layerViolations());
    }

    @Test
    void anInternalPackageUsingTheEntryPointsIsFound() {
        Architecture a = new Architecture();
        a.add(info("dev.stride.internal.read.ParallelReader", Set.of("dev.stride.ZarrArray")));
        assertEquals(1, a.layerViolations().size());
    }

    @Test
    void aCompiledCommandLineClassReachingIntoTheInternalsIsFound() throws IOException {
        Architecture a = new Architecture();
        try (InputStream in = ReachesIntoInternals.class.getResourceAsStream("ReachesIntoInternals.class")) {
            a.add(Architecture.read(in.readAllBytes()));
        }
        assertEquals(List.of("dev.stride.cli.ReachesIntoInternals uses dev.stride.internal.store"
                + " (dev.stride.cli may use only [dev.stride, dev.stride.arrow, dev.stride.model, dev.stride.spi])"), a.layerViolations());
    }

    @Test
    void anInternalTypeInAPublicSignatureIsFound() {
        Architecture a = new Architecture();
        a.add(new ClassInfo("dev.stride.ZarrArray", Set.of("dev.stride.internal.read.ArrayReader"),
                Set.of("dev.stride.internal.read.ArrayReader", "dev.stride.model.Region")));
        assertEquals(List.of("dev.stride.ZarrArray shows internal type dev.stride.internal.read.ArrayReader in its public signatures"), a.leaks());
        assertEquals(List.of(), a.layerViolations());
    }

    @Test
    void aCompiledPublicSignatureIsRead() throws IOException {
        try (InputStream in = ReachesIntoInternals.class.getResourceAsStream("ReachesIntoInternals.class")) {
            ClassInfo c = Architecture.read(in.readAllBytes());
            assertEquals(Set.of("dev.stride.internal.store.MemoryStore", "java.lang.Object"), c.exposes());
        }
    }
}
