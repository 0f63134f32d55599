package dev.stride.internal.read;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whether the kernels read ahead: the system property alone decides, whatever the CPU. */
class KernelPrefetchTest {

    @Test
    void theKernelsReadAheadUnlessTheyAreToldNotTo() {
        assertTrue(KernelPrefetch.decide(null));
        assertTrue(KernelPrefetch.decide("true"));
        assertFalse(KernelPrefetch.decide("false"));
        assertFalse(KernelPrefetch.decide(" FALSE "));
    }

    @Test
    void anotherValueIsReportedAndLeavesTheDefault() {
        // never failing the kernels' initialisation
        assertTrue(KernelPrefetch.decide("no"));
        assertTrue(KernelPrefetch.decide(""));
    }

    /** Run with the property set too (core's pom), so that the exact scans check each loop on any machine. */
    @Test
    void theKernelsFollowThisJvmsChoice() {
        String set = System.getProperty(KernelPrefetch.PROPERTY);
        assertEquals(set == null || !set.strip().equalsIgnoreCase("false"), Kernels.READS_AHEAD);
    }
}
