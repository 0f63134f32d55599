package dev.stride.testing;

import dev.stride.spi.Scratch;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A store that remembers every ranged read it serves (key, offset, length asked, bytes given). */
public final class RecordingStore extends ForwardingStore {
    public record Read(String key, long offset, long length, long bytes) {
    }

    private final List<Read> reads = Collections.synchronizedList(new ArrayList<>());

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

    public void clear() {
        reads.clear();
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        MemorySegment s = delegate.read(key, offset, length, scratch);
        reads.add(new Read(key, offset, length, s == null ? -1 : s.byteSize()));
        return s;
    }
}
