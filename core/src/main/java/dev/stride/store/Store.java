package dev.stride.store;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Where the bytes of a hierarchy live: keys like {@code zarr.json} or {@code points/c/0/1} map to values.
 * Implementations must be safe for many reading threads at once.
 */
public interface Store extends AutoCloseable {

    /**
     * Bytes {@code [offset, offset + length)} of a key's value ({@code length < 0}: to the end), or null when the
     * key does not exist. The segment is valid until {@code scratch} is next used by this store, or, for a
     * memory-mapped value, until the store closes. A range beyond the value's end is an error.
     */
    MemorySegment read(String key, long offset, long length, Scratch scratch);

    /** Size of a key's value in bytes, or -1 when it does not exist. */
    long size(String key);

    /** The names directly below a prefix ({@code ""} for the root, else ending in {@code /}), sorted. */
    List<String> list(String prefix);

    /**
     * True when {@link #list} shows every key there is, so a reader may take a key it does not list as missing
     * without asking for it (a scan of a huge, mostly unwritten array relies on this).
     */
    default boolean canList() {
        return false;
    }

    /** Stores a value atomically: readers see the old value or the new one, never a part. */
    void write(String key, MemorySegment value);

    /** Removes a key if present. */
    void delete(String key);

    /** A whole small value (metadata) on the heap, or null when missing. */
    default byte[] readBytes(String key) {
        try (Scratch scratch = new Scratch()) {
            MemorySegment s = read(key, 0, -1, scratch);
            return s == null ? null : s.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        }
    }

    /** True when the store can be written. */
    boolean writable();

    @Override
    void close();
}
