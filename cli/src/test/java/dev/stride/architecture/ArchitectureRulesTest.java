package dev.stride.architecture;

import dev.stride.cli.ReachesIntoInternals;
import dev.stride.testing.Architecture;
import dev.stride.testing.Architecture.ClassInfo;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The architecture test catches what it is there to catch: each rule broken once, on purpose. */
class ArchitectureRulesTest {

    private static ClassInfo info(String name, Set<String> uses) {
        return new ClassInfo(name, true, uses, Set.of());
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
    void aValueOfTheApiReachingIntoAnyInternalPackageIsFound() {
        Architecture a = new Architecture();
        a.add(info("dev.stride.model.Region", Set.of("dev.stride.internal.read.UnitGrid", "dev.stride.internal.base.Reads")));
        assertEquals(List.of("dev.stride.model.Region uses dev.stride.internal.base (dev.stride.model may use only [])",
                "dev.stride.model.Region uses dev.stride.internal.read (dev.stride.model may use only [])"), a.layerViolations());
    }

    @Test
    void aPluginContractReachingIntoTheInternalsIsFound() {
        Architecture a = new Architecture();
        a.add(info("dev.stride.spi.DecodedSize", Set.of("dev.stride.model.ZarrException", "dev.stride.internal.codec.CodecPipeline")));
        assertEquals(List.of("dev.stride.spi.DecodedSize uses dev.stride.internal.codec (dev.stride.spi may use only [dev.stride.model])"),
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
    void aSiblingMayUseOnlyTheInternalPackagesExportedToIt() {
        Architecture a = new Architecture();
        a.exportsTo("dev.stride.cli", "dev.stride.internal.text");
        a.exportsTo("dev.stride.arrow", "dev.stride.internal.json");
        a.add(info("dev.stride.cli.TerminalText", Set.of("dev.stride.internal.text.ControlCharacters")));
        a.add(info("dev.stride.arrow.Export", Set.of("dev.stride.internal.json.JsonCodec", "dev.stride.internal.text.IoText")));
        a.add(info("dev.stride.codecs.ZstdCodec", Set.of("dev.stride.internal.text.IoText")));
        assertEquals(List.of("dev.stride.arrow.Export uses dev.stride.internal.text"
                        + " (dev.stride.arrow may use only [dev.stride, dev.stride.internal.json, dev.stride.model, dev.stride.spi])",
                "dev.stride.codecs.ZstdCodec uses dev.stride.internal.text (dev.stride.codecs may use only [dev.stride.model, dev.stride.spi])"),
                a.layerViolations());
    }

    @Test
    void theQualifiedExportsAreReadFromACompiledModuleInfo() {
        Architecture a = new Architecture();
        a.addClassesOf(dev.stride.Zarr.class);
        a.add(info("dev.stride.cli.UsesEveryExport", Set.of("dev.stride.internal.file.WholeFile", "dev.stride.internal.json.JsonCodec",
                "dev.stride.internal.region.COrderBlocks", "dev.stride.internal.text.IoText", "dev.stride.internal.read.FieldScan")));
        assertEquals(List.of("dev.stride.cli.UsesEveryExport uses dev.stride.internal.read (dev.stride.cli may use only [dev.stride,"
                + " dev.stride.arrow, dev.stride.internal.claim, dev.stride.internal.file, dev.stride.internal.json, dev.stride.internal.region,"
                + " dev.stride.internal.text, dev.stride.model, dev.stride.spi])"), a.layerViolations().stream()
                .filter(v -> v.startsWith("dev.stride.cli.")).toList());
    }

    @Test
    void anInternalTypeInAPublicSignatureIsFound() {
        Architecture a = new Architecture();
        a.add(new ClassInfo("dev.stride.ZarrArray", true, Set.of("dev.stride.internal.read.ArrayReader"),
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

    @Test
    void aPublicTypeNoSignatureOfTheApiReachesIsFound() {
        Architecture a = new Architecture();
        a.add(new ClassInfo("dev.stride.ZarrArray", true, Set.of(), Set.of("dev.stride.model.Region", "dev.stride.model.Json")));
        a.add(new ClassInfo("dev.stride.model.Region", true, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.model.Json", true, Set.of(), Set.of("dev.stride.model.Json$JObject")));
        a.add(new ClassInfo("dev.stride.model.Json$JObject", true, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.spi.StoreProvider", true, Set.of(), Set.of("dev.stride.spi.Store")));
        a.add(new ClassInfo("dev.stride.spi.Store", true, Set.of(), Set.of()));
        // used by the arrow module only: public for its sake
        a.add(new ClassInfo("dev.stride.model.COrderBlocks", true, Set.of("dev.stride.model.Region"), Set.of("dev.stride.model.Region")));
        a.add(new ClassInfo("dev.stride.spi.Scratch", true, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.model.Columns", false, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.internal.json.JsonCodec", true, Set.of("dev.stride.model.Json"), Set.of("dev.stride.model.Json")));
        assertEquals(List.of("dev.stride.model.COrderBlocks is public, but no public signature of the API reaches it",
                "dev.stride.spi.Scratch is public, but no public signature of the API reaches it"), a.publicForSiblingsOnly());
    }

    /** A nested kind users ask for by class ({@code field(path, TimeField.class)}) is API through its outer type. */
    @Test
    void aPublicMemberTypeOfAReachedTypeIsReached() {
        Architecture a = new Architecture();
        a.add(new ClassInfo("dev.stride.ZarrArray", true, Set.of(), Set.of("dev.stride.model.FieldAccessor")));
        a.add(new ClassInfo("dev.stride.model.FieldAccessor", true, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.model.FieldAccessor$TimeField", true, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.model.FieldAccessor$TimeField$Unit", true, Set.of(), Set.of()));
        a.add(new ClassInfo("dev.stride.model.Other$Nested", true, Set.of(), Set.of()));
        assertEquals(List.of("dev.stride.model.Other$Nested is public, but no public signature of the API reaches it"),
                a.publicForSiblingsOnly());
    }

    @Test
    void aCompiledSealedFamilyAndAThrownTypeAreReached() throws IOException {
        ClassInfo c;
        try (InputStream in = ReachesIntoInternals.class.getResourceAsStream("ReachesIntoInternals.class")) {
            c = Architecture.read(in.readAllBytes());
        }
        assertTrue(c.isPublic());
        ClassInfo family;
        try (InputStream in = Sealed.class.getResourceAsStream("ArchitectureRulesTest$Sealed.class")) {
            family = Architecture.read(in.readAllBytes());
        }
        assertEquals(Set.of("java.lang.Object", "dev.stride.architecture.ArchitectureRulesTest$Sealed$Kind",
                "java.io.IOException"), family.exposes());
    }

    /** A public sealed type whose one public method throws: its permitted kind and the thrown type are in its signatures. */
    public sealed interface Sealed permits Sealed.Kind {
        void run() throws IOException;

        /** The one kind. */
        final class Kind implements Sealed {
            @Override
            public void run() {
            }
        }
    }
}
