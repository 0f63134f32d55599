package dev.stride.testing;

import dev.stride.spi.Scratch;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;
import java.util.List;

/** A store that hands every call to another; tests override the calls they watch or break. */
public abstract class ForwardingStore implements Store {
    protected final Store delegate;

    protected ForwardingStore(Store delegate) {
        this.delegate = delegate;
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        return delegate.read(key, offset, length, scratch);
    }

    @Override
    public byte[] readBytes(String key) {
        return delegate.readBytes(key);
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
    public void write(String key, MemorySegment value) {
        delegate.write(key, value);
    }

    @Override
    public void delete(String key) {
        delegate.delete(key);
    }

    @Override
    public void sync() {
        delegate.sync();
    }

    @Override
    public boolean writable() {
        return delegate.writable();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
