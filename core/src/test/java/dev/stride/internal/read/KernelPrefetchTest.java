package dev.stride.internal.read;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which CPUs' kernels read ahead: lines as Linux's /proc/cpuinfo gives them for its first processor. */
class KernelPrefetchTest {

    private static List<String> cpu(String vendor, int family, int model) {
        return List.of("processor\t: 0", "vendor_id\t: " + vendor, "cpu family\t: " + family, "model name\t: AMD EPYC 9R14",
                "model\t\t: " + model, "flags\t\t: fpu vme de pse");
    }

    @Test
    void zen4ModelsRunThePlainLoops() {
        assertFalse(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 17))); // EPYC Genoa, measured
        assertFalse(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0x10)));
        assertFalse(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0x1F)));
        assertFalse(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0x60)));
        assertFalse(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0xAF)));
    }

    @Test
    void otherCpusReadAhead() {
        assertTrue(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 1))); // Zen 3 Milan, measured
        assertTrue(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0x0F)));
        assertTrue(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0x20)));
        assertTrue(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0x5F)));
        assertTrue(KernelPrefetch.decide(null, cpu("AuthenticAMD", 25, 0xB0)));
        assertTrue(KernelPrefetch.decide(null, cpu("AuthenticAMD", 26, 2))); // Zen 5, measured
        assertTrue(KernelPrefetch.decide(null, cpu("GenuineIntel", 25, 17))); // family and model mean nothing across vendors
        assertTrue(KernelPrefetch.decide(null, cpu("GenuineIntel", 6, 143)));
    }

    @Test
    void aMachineWithoutTheLinesReadsAhead() {
        assertTrue(KernelPrefetch.decide(null, List.of()));
        assertTrue(KernelPrefetch.decide(null, List.of("processor\t: 0", "BogoMIPS\t: 50.00", "CPU implementer\t: 0x41")));
        assertTrue(KernelPrefetch.decide(null, List.of("vendor_id\t: AuthenticAMD", "cpu family\t: ?", "model\t\t: 17")));
    }

    /** Run with the property set too (core's pom), so that the exact scans check each loop on any machine. */
    @Test
    void theKernelsFollowThisJvmsChoice() {
        String set = System.getProperty(KernelPrefetch.PROPERTY);
        assertEquals(set == null ? KernelPrefetch.enabled() : Boolean.parseBoolean(set), Kernels.READS_AHEAD);
    }

    @Test
    void thePropertyOverridesTheRule() {
        assertTrue(KernelPrefetch.decide("true", cpu("AuthenticAMD", 25, 17)));
        assertFalse(KernelPrefetch.decide("false", cpu("AuthenticAMD", 26, 2)));
        assertTrue(KernelPrefetch.decide(" TRUE ", cpu("AuthenticAMD", 25, 17)));
        // any other value leaves the choice to the rule (with a warning), never failing the kernels' initialisation
        assertFalse(KernelPrefetch.decide("yes", cpu("AuthenticAMD", 25, 17)));
        assertTrue(KernelPrefetch.decide("", cpu("AuthenticAMD", 26, 2)));
    }

    @Test
    void onlyTheFirstProcessorIsRead(@TempDir Path dir) throws IOException {
        Path info = dir.resolve("cpuinfo");
        Files.writeString(info, String.join("\n", cpu("AuthenticAMD", 25, 17)) + "\n\n"
                + String.join("\n", cpu("AuthenticAMD", 25, 1)) + "\n");
        List<String> first = KernelPrefetch.firstProcessor(info);
        assertEquals(cpu("AuthenticAMD", 25, 17), first);
        assertFalse(KernelPrefetch.decide(null, first));
        assertEquals(List.of(), KernelPrefetch.firstProcessor(dir.resolve("missing")));
    }
}
