package dev.stride.cli;

import java.lang.foreign.MemorySegment;

/** Prints the elements cat reads, one after the other in C order. */
interface ElementWriter {

    /** Element {@code i} of the packed {@code records}; {@code position} is its C-order position in the region. */
    void write(MemorySegment records, long i, long position);

    /** After the last element. */
    default void finish() {
    }
}
