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
    /**
     * Sets the fields of one record.
     *
     * @param index the record's C-order position in the region
     * @param records the records the one at hand is in
     * @param i the record's index in {@code records}
     */
    void fill(long index, MemorySegment records, long i);
}
