package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * Part of a stored value and the whole value's size, as one request gives them (an HTTP range answer carries both):
 * what {@link Store#readPrefix} and {@link Store#readSuffix} return, with the version of the value they were read from
 * when the store can tell one, for the reads of the same value that follow ({@link Store#read(String, long, long,
 * Object, Scratch)}).
 *
 * @param bytes the bytes read, valid as a {@link Store#read} result is; an empty segment (possibly
 *        {@link MemorySegment#NULL}) when no bytes were asked for or the value is empty
 * @param valueSize the size of the whole value in bytes, at least {@code bytes.byteSize()}
 * @param version the store's token of the value's version (an HTTP ETag, a file's identity), or null when it has none:
 *        opaque to the caller, who only hands it back to the store that gave it; equal tokens mean the same version
 */
public record ValuePart(MemorySegment bytes, long valueSize, Object version) {
    /**
     * A part of a value whose version is not known: {@code version} null.
     *
     * @param bytes the bytes read
     * @param valueSize the size of the whole value in bytes
     */
    public ValuePart(MemorySegment bytes, long valueSize) {
        this(bytes, valueSize, null);
    }
}
