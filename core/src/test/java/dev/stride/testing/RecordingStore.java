package dev.stride.testing;

import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A store that remembers every ranged read it serves (key, offset, length asked, bytes given; a suffix read at the
 * offset it landed on) and every key asked for its size.
 */
public final class RecordingStore extends ForwardingStore {
    public record Read(String key, long offset, long length, long bytes) {
    }

    private final List<Read> reads = Collections.synchronizedList(new ArrayList<>());
    private final List<String> sizes = Collections.synchronizedList(new ArrayList<>());

    public RecordingStore(Store delegate) {
        super(delegate);
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

    /** The keys asked for their size, in order. */
    public List<String> sizesAsked() {
        synchronized (sizes) {
            return List.copyOf(sizes);
        }
    }

    public void clear() {
        reads.clear();
        sizes.clear();
    }

    @Override
    public long size(String key) {
        sizes.add(key);
        return delegate.size(key);
    }

    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        ValuePart p = delegate.readPrefix(key, length, scratch);
        reads.add(new Read(key, 0, length, p == null ? -1 : p.bytes().byteSize()));
        return p;
    }

    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        ValuePart p = delegate.readSuffix(key, length, scratch);
        reads.add(p == null ? new Read(key, -1, length, -1) : new Read(key, p.valueSize() - p.bytes().byteSize(), length, p.bytes().byteSize()));
        return p;
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        MemorySegment s = delegate.read(key, offset, length, scratch);
        reads.add(new Read(key, offset, length, s == null ? -1 : s.byteSize()));
        return s;
    }
}
