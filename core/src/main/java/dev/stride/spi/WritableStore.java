package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * A store that can be written, listed and read. Safe from many threads, as {@link Store} is: writes of different keys
 * may run at once; a write and a read of the same key give the reader the old value or the new one.
 */
public interface WritableStore extends ListableStore {

    /**
     * Stores a value atomically: readers see the old value or the new one, never a part.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be stored
     */
    void write(String key, MemorySegment value);

    /**
     * Stores a value only if the key holds none yet, in one step no other writer can come between: what claims a
     * key for one writer. False, the value left as it was, when the key holds one. A server that ignores the condition
     * stores the value anyway and answers true, so a caller that must know reads the value back. A store without
     * conditional writes does the same (the default): it writes the value and answers true.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be stored
     */
    default boolean create(String key, MemorySegment value) {
        write(key, value);
        return true;
    }

    /**
     * Removes a key if present.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the key cannot be removed
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
}
