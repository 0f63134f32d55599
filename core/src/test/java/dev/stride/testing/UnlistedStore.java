package dev.stride.testing;

import dev.stride.spi.Scratch;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;

/** The read side of a store alone, as HTTP gives it: no listing, no writing. */
public final class UnlistedStore implements Store {
    private final Store store;

    public UnlistedStore(Store store) {
        this.store = store;
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
    public void close() {
        store.close();
    }
}
