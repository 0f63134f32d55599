package dev.stride.internal.read;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether the field kernels run as vectors ({@link VectorKernels}). That needs the incubating module
 * {@code jdk.incubator.vector} in the JVM ({@code --add-modules jdk.incubator.vector}) and a CPU whose byte permutes the
 * JIT makes one instruction each (AVX-512 VBMI); elsewhere the Vector API falls back to ordinary code, many times slower
 * than the scalar loops, so those run. The module is left to the user: the JVM names an incubating module in a warning
 * at every start. The system property {@value #PROPERTY} ({@code false}) turns the vectors off; {@code true} cannot turn
 * them on where the module or the CPU lacks them, and another value is reported (a warning through
 * {@link System.Logger}) and the rule holds.
 */
final class SimdKernels {
    static final String PROPERTY = "stride.kernels.vector";
    static final String MODULE = "jdk.incubator.vector";
    private static final List<String> CPU_FLAGS = List.of("avx512f", "avx512bw", "avx512vl", "avx512vbmi");

    private SimdKernels() {
    }

    /** The choice for this JVM: the property, the module and the flags Linux reports for the first processor. */
    static boolean enabled() {
        return decide(System.getProperty(PROPERTY), ModuleLayer.boot().findModule(MODULE).isPresent(),
                KernelPrefetch.firstProcessor(Path.of("/proc/cpuinfo")));
    }

    /** {@code property} may turn the vectors off; otherwise they run when the module is there and the CPU has the flags. */
    static boolean decide(String property, boolean module, List<String> cpuInfo) {
        String set = property == null ? "" : property.strip().toLowerCase(Locale.ROOT);
        if (set.equals("false")) {
            return false;
        }
        if (property != null && !set.equals("true")) {
            // a kernel's static initialiser must not fail: every scan would then fail with NoClassDefFoundError
            System.getLogger(SimdKernels.class.getName()).log(System.Logger.Level.WARNING,
                    "system property " + PROPERTY + " is '" + property + "', not true or false; left to the rule");
        }
        List<String> flags = List.of(KernelPrefetch.field(cpuInfo, "flags").split(" "));
        return module && flags.containsAll(CPU_FLAGS);
    }
}
