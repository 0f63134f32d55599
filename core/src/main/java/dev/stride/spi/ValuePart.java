package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * Part of a stored value and the whole value's size, as one request gives them (an HTTP range answer carries both):
 * what {@link Store#readPrefix} and {@link Store#readSuffix} return.
 *
 * @param bytes the bytes read, valid as a {@link Store#read} result is
 * @param valueSize the size of the whole value in bytes
 */
public record ValuePart(MemorySegment bytes, long valueSize) {
}
