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

/** When the kernels run as vectors: lines as Linux's /proc/cpuinfo gives them for its first processor. */
class SimdKernelsTest {
    private static final List<String> VBMI = List.of("processor\t: 0", "vendor_id\t: AuthenticAMD",
            "flags\t\t: fpu sse2 avx2 avx512f avx512dq avx512ifma avx512cd avx512bw avx512vl avx512vbmi avx512_vnni");
    /** AVX-512 without the byte permutes of VBMI. */
    private static final List<String> NO_VBMI = List.of("processor\t: 0", "vendor_id\t: GenuineIntel",
            "flags\t\t: fpu sse2 avx2 avx512f avx512dq avx512cd avx512bw avx512vl");

    @Test
    void vectorsRunWhenAskedWithTheModuleOnACpuWithByteVectorPermutes() {
        assertTrue(SimdKernels.decide("true", true, VBMI));
        assertTrue(SimdKernels.decide(" TRUE ", true, VBMI));
        assertFalse(SimdKernels.decide("true", false, VBMI)); // reported
        assertFalse(SimdKernels.decide("true", true, NO_VBMI));
        assertFalse(SimdKernels.decide("true", true, List.of()));
        assertFalse(SimdKernels.decide("true", true, List.of("processor\t: 0", "Features\t: fp asimd sve")));
    }

    @Test
    void theModuleAloneDoesNotTurnThemOn() {
        assertFalse(SimdKernels.decide(null, true, VBMI));
        assertFalse(SimdKernels.decide("false", true, VBMI));
        assertFalse(SimdKernels.decide("yes", true, VBMI)); // reported
    }

    @Test
    void onlyTheFirstProcessorIsRead(@TempDir Path dir) throws IOException {
        Path info = dir.resolve("cpuinfo");
        Files.writeString(info, String.join("\n", NO_VBMI) + "\n\n" + String.join("\n", VBMI) + "\n");
        List<String> first = SimdKernels.firstProcessor(info);
        assertEquals(NO_VBMI, first);
        assertFalse(SimdKernels.decide("true", true, first));
        assertEquals(List.of(), SimdKernels.firstProcessor(dir.resolve("missing")));
    }

    /** In core's vector run (the module, the property) on a CPU with the flags the kernels are vectors; else not. */
    @Test
    void theKernelsFollowTheRuleForThisJvm() {
        List<String> flags = List.of(SimdKernels.field(SimdKernels.firstProcessor(Path.of("/proc/cpuinfo")), "flags").split(" "));
        boolean able = ModuleLayer.boot().findModule(SimdKernels.MODULE).isPresent()
                && flags.containsAll(List.of("avx512f", "avx512bw", "avx512vl", "avx512vbmi"));
        assertEquals(able && "true".equals(System.getProperty(SimdKernels.PROPERTY)), Kernels.VECTORS);
    }
}
