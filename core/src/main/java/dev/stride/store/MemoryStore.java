package dev.stride.store;

import dev.stride.ZarrException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;

/** A store in heap memory, for tests and round trips. */
public final class MemoryStore implements Store {
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

    @Override
    public long size(String key) {
        byte[] value = get(key);
        return value == null ? -1 : value.length;
    }

    private byte[] get(String key) {
        open();
        return values.get(Keys.check(key));
    }

    @Override
    public boolean canList() {
        return true;
    }

    @Override
    public List<String> list(String prefix) {
        open();
        Keys.checkPrefix(prefix);
        TreeSet<String> names = new TreeSet<>();
        for (String key : values.tailMap(prefix).keySet()) {
            if (!key.startsWith(prefix)) {
                break;
            }
            String rest = key.substring(prefix.length());
            int slash = rest.indexOf('/');
            names.add(slash < 0 ? rest : rest.substring(0, slash));
        }
        return List.copyOf(names);
    }

    @Override
    public void write(String key, MemorySegment value) {
        open();
        values.put(Keys.check(key), value.toArray(ValueLayout.JAVA_BYTE));
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

    @Override
    public boolean writable() {
        return true;
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
