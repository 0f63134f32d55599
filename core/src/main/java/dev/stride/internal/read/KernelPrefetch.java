package dev.stride.internal.read;

import java.util.Locale;

/**
 * Whether the field kernels read memory ahead of their loops ({@link Kernels}): only when the system property
 * {@value #PROPERTY} is {@code true}. The read pays where memory bounds the loop and costs where the core's own
 * prefetchers already keep up; it is off by default because it gained on some machines and lost on others
 * (bench/results/2026-12-04-kernel-switches.md). Another value is reported (a warning through {@link System.Logger})
 * and the loops do not read ahead.
 */
final class KernelPrefetch {
    static final String PROPERTY = "stride.kernels.readAhead";

    private KernelPrefetch() {
    }

    /** The choice for this JVM, from the property. */
    static boolean enabled() {
        return decide(System.getProperty(PROPERTY));
    }

    /** {@code true} turns reads ahead on; anything else leaves them off. */
    static boolean decide(String property) {
        String set = property == null ? "false" : property.strip().toLowerCase(Locale.ROOT);
        if (!set.equals("true") && !set.equals("false")) {
            // a kernel's static initialiser must not fail: every scan would then fail with NoClassDefFoundError
            System.getLogger(KernelPrefetch.class.getName()).log(System.Logger.Level.WARNING,
                    "system property " + PROPERTY + " is '" + property + "', not true or false; the kernels do not read ahead");
            return false;
        }
        return set.equals("true");
    }
}
