package dev.stride.internal.read;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the field kernels run as vectors ({@link VectorKernels}): only when asked, with the system property
 * {@value #PROPERTY} set to {@code true}. They need the incubating module {@code jdk.incubator.vector} in the JVM
 * ({@code --add-modules jdk.incubator.vector}), a CPU with AVX-512 VBMI (one instruction for each byte permute, as Linux's
 * /proc/cpuinfo reports) and a JIT making 512-bit vectors; elsewhere the Vector API falls back to ordinary code, many
 * times slower than the scalar loops, so those run. (Without C2, as with {@code -Xint}, it is slow too: not detected.)
 * Asked, not implied by the module, because the vector loops run as objects until C2 has compiled them, which slows a
 * fresh JVM's first scan and pays only in a long-lived JVM, and Spark's launcher adds the module to every JVM it starts
 * (bench/results/2026-12-02-issue18-zen4.md, section 14). A property asking where the module is missing, or set to
 * neither {@code true} nor {@code false}, is reported (a warning through {@link System.Logger}) and the scalar loops run.
 */
final class SimdKernels {
    static final String PROPERTY = "stride.kernels.vector";
    static final String MODULE = "jdk.incubator.vector";
    private static final List<String> CPU_FLAGS = List.of("avx512f", "avx512bw", "avx512vl", "avx512vbmi");

    private SimdKernels() {
    }

    /**
     * The choice for this JVM: the property, the module, the flags Linux reports for the first processor (read only
     * when asked) and the vector width the JIT will use.
     */
    static boolean enabled() {
        String property = System.getProperty(PROPERTY);
        boolean module = ModuleLayer.boot().findModule(MODULE).isPresent();
        List<String> cpuInfo = property == null ? List.of() : firstProcessor(Path.of("/proc/cpuinfo"));
        if (!decide(property, module, cpuInfo)) {
            return false;
        }
        if (!VectorKernels.fullWidth()) {
            inform("the JIT makes vectors narrower than 512 bits here (-XX:UseAVX or -XX:MaxVectorSize)");
            return false;
        }
        return true;
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
        List<String> flags = List.of(field(cpuInfo, "flags").split(" "));
        if (!flags.containsAll(CPU_FLAGS)) {
            inform("the CPU's flags in /proc/cpuinfo do not name all of " + CPU_FLAGS);
            return false;
        }
        return true;
    }

    /** The lines describing the first processor (up to the first blank line); none where the file cannot be read. */
    static List<String> firstProcessor(Path cpuInfo) {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(cpuInfo)) {
            for (String line; (line = in.readLine()) != null && !line.isBlank(); ) {
                lines.add(line);
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return lines;
    }

    /** The value of the first line naming {@code name}, or an empty string. */
    static String field(List<String> cpuInfo, String name) {
        for (String line : cpuInfo) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals(name)) {
                return line.substring(colon + 1).strip();
            }
        }
        return "";
    }

    private static void warn(String message) {
        System.getLogger(SimdKernels.class.getName()).log(System.Logger.Level.WARNING, message);
    }

    /** Why vectors asked for do not run where they cannot: the CPU's, not the user's doing. */
    private static void inform(String why) {
        System.getLogger(SimdKernels.class.getName()).log(System.Logger.Level.INFO,
                "system property " + PROPERTY + " is true, but " + why + "; the scalar loops run");
    }
}
