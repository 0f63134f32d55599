package dev.stride.internal.read;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whether the kernels read ahead: the system property alone decides, whatever the CPU. */
class KernelPrefetchTest {

    @Test
    void theKernelsReadAheadOnlyWhenAsked() {
        assertFalse(KernelPrefetch.decide(null));
        assertTrue(KernelPrefetch.decide("true"));
        assertTrue(KernelPrefetch.decide(" TRUE "));
        assertFalse(KernelPrefetch.decide("false"));
    }

    @Test
    void anotherValueIsReportedAndLeavesTheDefault() {
        // never failing the kernels' initialisation
        assertFalse(KernelPrefetch.decide("yes"));
        assertFalse(KernelPrefetch.decide(""));
    }

    /** Run with the property set too (core's pom), so that the exact scans check each loop on any machine. */
    @Test
    void theKernelsFollowThisJvmsChoice() {
        String set = System.getProperty(KernelPrefetch.PROPERTY);
        assertEquals(set != null && set.strip().equalsIgnoreCase("true"), Kernels.READS_AHEAD);
    }
}
