package dev.stride.model;

import java.lang.foreign.MemorySegment;

/**
 * Sees each selected record in place: {@code records} holds packed records and the one at hand is number
 * {@code i} in it; read its fields with {@link dev.stride.model.FieldAccessor}s. {@code index} is the record's
 * C-order position within the selection. The segment is only valid during the call.
 */
@FunctionalInterface
public interface RecordVisitor {
    /**
     * Reads one record.
     *
     * @param index the record's C-order position in the region
     * @param records the records the one at hand is in
     * @param i the record's index in {@code records}
     */
    void visit(long index, MemorySegment records, long i);
}
