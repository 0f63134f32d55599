package dev.stride.internal.read;

import java.util.Locale;

/**
 * Whether the field kernels read memory ahead of their loops ({@link Kernels}): yes, unless the system property
 * {@value #PROPERTY} is {@code false}. The read pays where memory bounds the loop and costs where the core's own
 * prefetchers already keep up; it is on by default because it paid on most of the CPUs measured, and the property turns
 * it off where it does not (bench/results/2026-12-04-kernel-switches.md). Another value is reported (a warning through
 * {@link System.Logger}) and the default holds.
 */
final class KernelPrefetch {
    static final String PROPERTY = "stride.kernels.readAhead";

    private KernelPrefetch() {
    }

    /** The choice for this JVM, from the property. */
    static boolean enabled() {
        return decide(System.getProperty(PROPERTY));
    }

    /** {@code false} turns reads ahead off; anything else leaves them on. */
    static boolean decide(String property) {
        String set = property == null ? "true" : property.strip().toLowerCase(Locale.ROOT);
        if (!set.equals("true") && !set.equals("false")) {
            // a kernel's static initialiser must not fail: every scan would then fail with NoClassDefFoundError
            System.getLogger(KernelPrefetch.class.getName()).log(System.Logger.Level.WARNING,
                    "system property " + PROPERTY + " is '" + property + "', not true or false; the kernels read ahead");
            return true;
        }
        return set.equals("true");
    }
}
