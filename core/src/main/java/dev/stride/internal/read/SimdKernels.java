package dev.stride.internal.read;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether the field kernels run as vectors ({@link VectorKernels}): only when asked, with the system property
 * {@value #PROPERTY} set to {@code true}. They need the incubating module {@code jdk.incubator.vector} in the JVM
 * ({@code --add-modules jdk.incubator.vector}) and a CPU whose byte permutes the JIT makes one instruction each (AVX-512
 * VBMI); elsewhere the Vector API falls back to ordinary code, many times slower than the scalar loops, so those run.
 * Asked, not implied by the module: until C2 has compiled them the vector loops run as objects, ~1 s of a fresh JVM's
 * first scan, which only a long-lived JVM wins back, and Spark's launcher adds the module to every JVM it starts. A
 * property asking where the module is missing, or set to neither {@code true} nor {@code false}, is reported (a warning
 * through {@link System.Logger}) and the scalar loops run.
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

    /** Vectors when {@code property} asks for them, the module is there and the CPU has the flags. */
    static boolean decide(String property, boolean module, List<String> cpuInfo) {
        String set = property == null ? "false" : property.strip().toLowerCase(Locale.ROOT);
        if (!set.equals("true")) {
            if (!set.equals("false")) {
                // a kernel's static initialiser must not fail: every scan would then fail with NoClassDefFoundError
                warn("system property " + PROPERTY + " is '" + property + "', not true or false; the scalar loops run");
            }
            return false;
        }
        if (!module) {
            warn("system property " + PROPERTY + " is true, but the JVM lacks the module " + MODULE
                    + " (--add-modules=" + MODULE + "); the scalar loops run");
            return false;
        }
        List<String> flags = List.of(KernelPrefetch.field(cpuInfo, "flags").split(" "));
        return flags.containsAll(CPU_FLAGS);
    }

    private static void warn(String message) {
        System.getLogger(SimdKernels.class.getName()).log(System.Logger.Level.WARNING, message);
    }
}
