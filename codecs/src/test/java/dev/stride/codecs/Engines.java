package dev.stride.codecs;

import org.junit.jupiter.api.Assumptions;

/** The blosc engines of this machine, loaded once; a test of one that is missing is skipped, not failed. */
final class Engines {
    private static final BloscEngine NATIVE = loadOrNull("native");
    private static final BloscEngine JAVA = loadOrNull("java");

    private Engines() {
    }

    private static BloscEngine loadOrNull(String mode) {
        try {
            return BloscEngines.choose(mode);
        } catch (IllegalStateException e) {
            return null;
        }
    }

    static BloscEngine nativeBlosc() {
        Assumptions.assumeTrue(NATIVE != null, "libblosc1 is not installed");
        return NATIVE;
    }

    static BloscEngine javaBlosc() {
        Assumptions.assumeTrue(JAVA != null, "blosc-java has no library for this platform");
        return JAVA;
    }
}
