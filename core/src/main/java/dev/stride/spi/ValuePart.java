package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * Part of a stored value and the whole value's size, as one request gives them (an HTTP range answer carries both):
 * what {@link Store#readPrefix} and {@link Store#readSuffix} return, with the version of the value they were read from
 * when the store can tell one, for the reads of the same value that follow ({@link Store#read(String, long, long,
 * Object, Scratch)}).
 *
 * @param bytes the bytes read, valid as a {@link Store#read} result is
 * @param valueSize the size of the whole value in bytes
 * @param version the store's token of the value's version (an HTTP ETag, a file's identity), or null when it has none
 */
public record ValuePart(MemorySegment bytes, long valueSize, Object version) {
    /** A part of a value whose version is not known. */
    public ValuePart(MemorySegment bytes, long valueSize) {
        this(bytes, valueSize, null);
    }
}
