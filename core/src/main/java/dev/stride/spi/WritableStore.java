package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * A store that can be written, listed and read. Safe from many threads, as {@link Store} is: writes of different keys
 * may run at once; a write and a read of the same key give the reader the old value or the new one, whole; a reader
 * that read a value before it was replaced reads the new one next time, even with the same {@link Scratch}. Keys are
 * checked as for reading (a key with an empty, {@code .} or {@code ..} segment is refused by name). Where folders are
 * real (directories), no name holds a value and keys below it at once: a write that would make one is refused by
 * name. Core's test-jar checks an implementation with {@code dev.stride.testing.WritableStoreContract}.
 */
public interface WritableStore extends ListableStore {

    /**
     * Stores a value atomically: readers see the old value or the new one, never a part. The store keeps no
     * reference to {@code value} once this returns: the caller may reuse or free it.
     *
     * @param key the key, as the SPI allows keys
     * @param value the bytes, from any arena or the heap, read-only to the store
     * @throws dev.stride.model.ZarrException.StoreFailure naming the key when the value cannot be stored, the old value
     *         (if any) left as it was
     * @throws dev.stride.model.ZarrException.Closed when the store is closed
     */
    void write(String key, MemorySegment value);

    /**
     * Stores a value only if the key holds none yet, in one step no other writer can come between: what claims a
     * key for one writer. False, the value left as it was, when the key holds one. A server that ignores the condition
     * stores the value anyway and answers true, so a caller that must know reads the value back. A store without
     * conditional writes does the same (the default): it writes the value and answers true.
     *
     * @param key the key, as the SPI allows keys
     * @param value the bytes to store
     * @return true when this call stored the value, false when the key held one already
     * @throws dev.stride.model.ZarrException.StoreFailure when the value cannot be stored
     */
    default boolean create(String key, MemorySegment value) {
        write(key, value);
        return true;
    }

    /**
     * Removes a key if present; a key that holds no value is no failure (deleting twice does nothing). Other keys,
     * below or beside it, stay.
     *
     * @param key the key, as the SPI allows keys
     * @throws dev.stride.model.ZarrException.StoreFailure naming the key when it cannot be removed
     * @throws dev.stride.model.ZarrException.Closed when the store is closed
     */
    void delete(String key);

    /**
     * Makes every value written and deleted so far durable (fsyncs what a crash could lose); nothing for a store in
     * memory or one whose writes are durable once acknowledged (S3; the default).
     *
     * @throws dev.stride.model.ZarrException.StoreFailure when the values cannot be made durable
     */
    default void sync() {
    }
}
