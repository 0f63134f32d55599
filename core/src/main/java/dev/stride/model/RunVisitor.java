package dev.stride.model;

import java.lang.foreign.MemorySegment;

/**
 * Receives a run of {@code count} consecutive records (along the last dimension) of a decoded unit: they start at
 * record {@code first} of {@code unit}, and {@code out} is the C-order index of the run's first record within the
 * region read. The segment is only valid during the call.
 */
@FunctionalInterface
public interface RunVisitor {
    /**
     * Receives one run.
     *
     * @param unit the decoded unit
     * @param first the run's first record in {@code unit}
     * @param count how many records the run holds
     * @param out the C-order index of its first record in the region
     */
    void run(MemorySegment unit, long first, long count, long out);
}
