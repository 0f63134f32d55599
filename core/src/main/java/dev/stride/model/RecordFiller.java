package dev.stride.model;

import java.lang.foreign.MemorySegment;

/**
 * Sets the fields of each record of a region, in place: the one at hand is number {@code i} of {@code records}
 * (packed, in the array's stored byte order) and starts as the fill value; set its fields with
 * {@link dev.stride.ArrayWriter#field(String)}. {@code index} is the record's C-order position within the region. The segment
 * is only valid during the call.
 */
@FunctionalInterface
public interface RecordFiller {
    void fill(long index, MemorySegment records, long i);
}
