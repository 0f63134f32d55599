package dev.stride.testing;

import dev.stride.spi.ListableStore;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValueIdentity;
import dev.stride.spi.ValuePart;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.OptionalLong;

/**
 * A store that hands every call to another; tests override the calls they watch or break. It lists and writes when
 * its delegate does (a call the delegate cannot take fails with a ClassCastException).
 */
public abstract class ForwardingStore implements WritableStore {
    protected final Store delegate;

    protected ForwardingStore(Store delegate) {
        this.delegate = delegate;
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        return delegate.read(key, offset, length, scratch);
    }

    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        return delegate.readPrefix(key, length, scratch);
    }

    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        return delegate.readSuffix(key, length, scratch);
    }

    @Override
    public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Scratch scratch) {
        return delegate.readRanges(key, offsets, lengths, scratch);
    }

    @Override
    public byte[] readBytes(String key) {
        return delegate.readBytes(key);
    }

    @Override
    public void willRead(String key) {
        delegate.willRead(key);
    }

    @Override
    public long size(String key) {
        return delegate.size(key);
    }

    @Override
    public ValueIdentity identity(String key) {
        return delegate.identity(key);
    }

    @Override
    public OptionalLong requestsSent() {
        return delegate.requestsSent();
    }

    @Override
    public StoreDescriptor descriptor() {
        return delegate.descriptor();
    }

    @Override
    public List<String> list(String prefix) {
        return ((ListableStore) delegate).list(prefix);
    }

    @Override
    public void write(String key, MemorySegment value) {
        ((WritableStore) delegate).write(key, value);
    }

    @Override
    public boolean create(String key, MemorySegment value) {
        return ((WritableStore) delegate).create(key, value);
    }

    @Override
    public void delete(String key) {
        ((WritableStore) delegate).delete(key);
    }

    @Override
    public void sync() {
        ((WritableStore) delegate).sync();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
