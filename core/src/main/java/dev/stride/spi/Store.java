package dev.stride.spi;


import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Where the bytes of a hierarchy live: keys like {@code zarr.json} or {@code points/c/0/1} map to values.
 * Implementations must be safe for many reading threads at once.
 *
 * <p>Reads never invent data: a key is <em>missing</em> (null, -1) only when the store says it does not exist (for
 * files: nothing at that path, ENOENT). Anything else that keeps a key from being read is a
 * {@link dev.stride.model.ZarrException.StoreFailure} naming the key: a directory, a FIFO or another special file where the
 * value should be, permission denied, a value where a parent of the key should be (reason
 * {@link #PARENT_NOT_A_DIRECTORY}), a link leading out of the store ({@link #LEADS_OUTSIDE}).
 */
public interface Store extends AutoCloseable {

    /** The reason of a failure to read a key below a name that holds a value (ENOTDIR): that name has no keys below it. */
    String PARENT_NOT_A_DIRECTORY = "a parent of it is a file, not a directory";

    /** The reason of a refusal to read a key that a symbolic link leads out of the store. */
    String LEADS_OUTSIDE = "leads outside the store through a symbolic link";

    /**
     * Bytes {@code [offset, offset + length)} of a key's value ({@code length < 0}: to the end), or null when the
     * key does not exist. The segment is valid until {@code scratch} is next used by this store, or, for a
     * memory-mapped value, until the store closes. A range beyond the value's end is an error.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be read, the range lies beyond its end, or
     *         the key leads outside the store
     * @throws dev.stride.model.ZarrException.Closed when the store is closed
     */
    MemorySegment read(String key, long offset, long length, Scratch scratch);

    /**
     * Size of a key's value in bytes, or -1 when it does not exist; any other failure to find it is an error.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the size cannot be read or the key leads outside the store
     */
    long size(String key);

    /**
     * The names directly below a prefix ({@code ""} for the root, else ending in {@code /}), sorted; none when nothing
     * is at the prefix or a value is; an error when it cannot be listed.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the prefix cannot be listed
     */
    List<String> list(String prefix);

    /**
     * True when {@link #list} shows every key there is, so a reader may take a key it does not list as missing
     * without asking for it (a scan of a huge, mostly unwritten array relies on this).
     */
    default boolean canList() {
        return false;
    }

    /**
     * Stores a value atomically: readers see the old value or the new one, never a part.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the store is read-only or the value cannot be stored
     */
    void write(String key, MemorySegment value);

    /**
     * Removes a key if present.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the store is read-only or the key cannot be removed
     */
    void delete(String key);

    /**
     * Makes every value written and deleted so far durable (fsyncs what a crash could lose); nothing for a store in
     * memory.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the values cannot be made durable
     */
    default void sync() {
    }

    /**
     * A whole small value (metadata) on the heap, or null when missing (the same rules as {@link #read}).
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be read
     */
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
