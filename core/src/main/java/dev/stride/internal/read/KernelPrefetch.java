package dev.stride.internal.read;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the field kernels read memory ahead of their loops ({@link Kernels}). That read is a load the core must wait
 * for before it retires what follows, so it pays only where memory, not the core, bounds the loop. Measured over
 * memory against the same loops without it, each CPU on a 2-core KVM guest ({@code PairedBuilds}): AMD Zen 5 gained
 * (int64 on 1 thread 0.80 -> 0.92-0.98 of mappedSum), and so did Zen 3 (int64 1T 0.75 -> 0.82, measured with another
 * change of the same range, the hints left out for kept mappings); AMD Zen 4, whose guest streams 25 GB/s to one core,
 * lost on every field and thread count (float64 1T 0.85-0.87 -> 0.99 without it, int64 1T 0.74-0.79 -> 0.88-0.91). So
 * Zen 4 runs the plain loops; other CPUs, Intel's unmeasured, read ahead. The system property {@value #PROPERTY}
 * ({@code true} or {@code false}) overrides the rule; another value is reported (a warning through
 * {@link System.Logger}) and the rule holds.
 */
final class KernelPrefetch {
    static final String PROPERTY = "stride.kernels.readAhead";
    private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

    private KernelPrefetch() {
    }

    /** The choice for this JVM: the property if set, else the rule for the CPU Linux reports. */
    static boolean enabled() {
        return decide(System.getProperty(PROPERTY), firstProcessor(CPU_INFO));
    }

    /** {@code property} overrides; otherwise reads ahead unless {@code cpuInfo} (lines of /proc/cpuinfo) names a Zen 4. */
    static boolean decide(String property, List<String> cpuInfo) {
        String set = property == null ? "" : property.strip().toLowerCase(Locale.ROOT);
        if (set.equals("true") || set.equals("false")) {
            return set.equals("true");
        }
        if (property != null) {
            // a kernel's static initialiser must not fail: every scan would then fail with NoClassDefFoundError
            System.getLogger(KernelPrefetch.class.getName()).log(System.Logger.Level.WARNING,
                    "system property " + PROPERTY + " is '" + property + "', not true or false; left to the CPU rule");
        }
        return !(field(cpuInfo, "vendor_id").equals("AuthenticAMD") && zen4(number(cpuInfo, "cpu family"), number(cpuInfo, "model")));
    }

    /** Linux's list of Zen 4 models: family 0x19, models 0x10-0x1F and 0x60-0xAF. */
    private static boolean zen4(int family, int model) {
        return family == 0x19 && (model >= 0x10 && model <= 0x1F || model >= 0x60 && model <= 0xAF);
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

    private static int number(List<String> cpuInfo, String name) {
        try {
            return Integer.parseInt(field(cpuInfo, name));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
