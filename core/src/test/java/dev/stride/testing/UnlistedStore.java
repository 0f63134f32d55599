package dev.stride.testing;

import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;

import java.lang.foreign.MemorySegment;

/** The read side of a store alone, as HTTP gives it: no listing, no writing. */
public final class UnlistedStore implements Store {
    private final Store store;
    private final StoreDescriptor descriptor;

    public UnlistedStore(Store store) {
        this(store, null);
    }

    /** The same, naming itself {@code descriptor} (as a store opened by a URI does). */
    public UnlistedStore(Store store, StoreDescriptor descriptor) {
        this.store = store;
        this.descriptor = descriptor;
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        return store.read(key, offset, length, scratch);
    }

    @Override
    public long size(String key) {
        return store.size(key);
    }

    @Override
    public StoreDescriptor descriptor() {
        return descriptor;
    }

    @Override
    public void close() {
        store.close();
    }
}
