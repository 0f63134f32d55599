package dev.stride.write;

import dev.stride.store.Scratch;
import dev.stride.store.Store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** A store that fails its {@code n}-th write (counting from 1; 0: none) the way a full disk would, before touching the key. */
final class FailingStore implements Store {
    private final Store delegate;
    private final int failingWrite;
    private int writes;

    FailingStore(Store delegate, int failingWrite) {
        this.delegate = delegate;
        this.failingWrite = failingWrite;
    }

    /** Writes asked for so far, the failing one included. */
    int writes() {
        return writes;
    }

    @Override
    public void write(String key, MemorySegment value) {
        if (++writes == failingWrite) {
            throw new UncheckedIOException(new IOException("No space left on device (injected)"));
        }
        delegate.write(key, value);
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        return delegate.read(key, offset, length, scratch);
    }

    @Override
    public long size(String key) {
        return delegate.size(key);
    }

    @Override
    public List<String> list(String prefix) {
        return delegate.list(prefix);
    }

    @Override
    public void delete(String key) {
        delegate.delete(key);
    }

    @Override
    public boolean writable() {
        return true;
    }

    @Override
    public void close() {
        delegate.close();
    }
}
