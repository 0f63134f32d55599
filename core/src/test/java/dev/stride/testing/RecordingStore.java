package dev.stride.testing;

import dev.stride.store.Scratch;
import dev.stride.store.Store;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A store that remembers every ranged read it serves (key, offset, length asked, bytes given). */
public final class RecordingStore implements Store {
    public record Read(String key, long offset, long length, long bytes) {
    }

    private final Store delegate;
    private final List<Read> reads = Collections.synchronizedList(new ArrayList<>());

    public RecordingStore(Store delegate) {
        this.delegate = delegate;
    }

    public List<Read> reads() {
        synchronized (reads) {
            return List.copyOf(reads);
        }
    }

    /** Reads of keys other than metadata documents. */
    public List<Read> chunkReads() {
        return reads().stream().filter(r -> !r.key().endsWith("zarr.json")).toList();
    }

    public void clear() {
        reads.clear();
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        MemorySegment s = delegate.read(key, offset, length, scratch);
        reads.add(new Read(key, offset, length, s == null ? -1 : s.byteSize()));
        return s;
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
    public boolean writable() {
        return delegate.writable();
    }

    @Override
    public void close() {
        delegate.close();
    }
}
