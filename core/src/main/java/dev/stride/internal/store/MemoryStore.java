package dev.stride.internal.store;

import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.ValuePart;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;

/** A store in heap memory, for tests and round trips; a key is a file, its prefixes directories, as in a {@link LocalStore}. */
public final class MemoryStore implements WritableStore {
    private final ConcurrentSkipListMap<String, byte[]> values = new ConcurrentSkipListMap<>();
    private volatile boolean closed;

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        byte[] value = get(key);
        if (value == null) {
            return null;
        }
        long end = length < 0 ? value.length : offset + length;
        if (offset < 0 || end > value.length || end < offset) {
            throw new ZarrException.StoreFailure(key, "range [" + offset + ", " + end + ") is outside the value's " + value.length + " bytes", null);
        }
        return MemorySegment.ofArray(value).asSlice(offset, end - offset).asReadOnly();
    }

    /** From one version of the value, where asking its size and then reading could meet two (a write in between). */
    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        byte[] value = get(key);
        return value == null ? null : part(value, 0, Math.min(length, value.length));
    }

    /** As {@link #readPrefix}, from the value's end. */
    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        byte[] value = get(key);
        if (value == null) {
            return null;
        }
        long n = Math.min(length, value.length);
        return part(value, value.length - n, n);
    }

    private static ValuePart part(byte[] value, long offset, long length) {
        return new ValuePart(MemorySegment.ofArray(value).asSlice(offset, length).asReadOnly(), value.length);
    }

    @Override
    public long size(String key) {
        byte[] value = get(key);
        return value == null ? -1 : value.length;
    }

    /** A key's value, or null when it does not exist; keys below a value, or with values below them, fail as on disk. */
    private byte[] get(String key) {
        open();
        byte[] value = values.get(Keys.check(key));
        if (value == null) {
            SortedKeys.refuseFolderOrBelowValue(values, key, key);
        }
        return value;
    }

    @Override
    public List<String> list(String prefix) {
        open();
        return SortedKeys.namesBelow(values, Keys.checkPrefix(prefix));
    }

    /** Stores a value; refused, as on disk, where other keys are below the key or a value is above it. */
    @Override
    public void write(String key, MemorySegment value) {
        get(key);
        values.put(key, value.toArray(ValueLayout.JAVA_BYTE));
    }

    /** Stores bytes as they are, for tests that lay out chunks by hand. */
    public MemoryStore put(String key, byte[] value) {
        values.put(Keys.check(key), value.clone());
        return this;
    }

    @Override
    public void delete(String key) {
        open();
        values.remove(Keys.check(key));
    }

    private void open() {
        if (closed) {
            throw new ZarrException.Closed("the memory store");
        }
    }

    @Override
    public void close() {
        closed = true;
    }
}
