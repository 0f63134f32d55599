package dev.stride.internal.read;

import dev.stride.model.ArrayMetadata;
import dev.stride.model.RecordLayout;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The read side of one open array: where its units are stored, how they decode, the fill unit for those never
 * written, and a pool of per-thread sessions. {@code ZarrArray} is the public face of it; {@link ParallelReader}
 * drives it from several threads.
 */
public final class ArrayReader implements AutoCloseable {
    private final Store store;
    private final String prefix;
    private final ArrayMetadata meta;
    private final RecordLayout layout;
    private final ChunkSource source;
    private final long[] unitShape;
    private final long unitBytes;
    private final byte[] fillElement;
    private final ConcurrentLinkedQueue<ReadSession> idle = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    public ArrayReader(Store store, String prefix, ArrayMetadata meta) {
        this.store = store;
        this.prefix = prefix;
        this.meta = meta;
        this.source = new ChunkSource(store, prefix, meta);
        this.layout = RecordLayout.compile(meta.dataType(), source.arrayOrder());
        this.unitShape = source.unitShape();
        this.unitBytes = source.unitPipeline().spec().byteSize();
        this.fillElement = meta.fillValue().bytes(layout.order());
    }

    public String path() {
        return meta.path();
    }

    public ArrayMetadata metadata() {
        return meta;
    }

    public RecordLayout layout() {
        return layout;
    }

    public Store store() {
        return store;
    }

    public String prefix() {
        return prefix;
    }

    /** Shape of the units reads work on: the chunk shape, or the inner chunk shape of a sharded array. */
    public long[] unitShape() {
        return unitShape;
    }

    /** One record of fill values in the stored byte order. */
    public byte[] fillElement() {
        return fillElement;
    }

    /** Decodes a unit, or gives null for one never written. */
    public MemorySegment storedUnit(long[] coords, ReadSession session) {
        ensureOpen();
        return source.decode(coords, session);
    }

    /** A unit of fill values, what a unit never written holds. */
    public MemorySegment fillUnit(ReadSession session) {
        return session.fill(unitBytes, fillElement);
    }

    public String keyOf(long[] unit) {
        return source.keyOf(unit);
    }

    public ReadSession acquire() {
        ensureOpen();
        ReadSession s = idle.poll();
        return s != null ? s : new ReadSession(source.shardLevels());
    }

    public void release(ReadSession s) {
        s.reset();
        if (closed) {
            s.close();
        } else {
            idle.add(s);
            // close() may have drained the pool between the test above and the add: take the session back out
            if (closed && idle.remove(s)) {
                s.close();
            }
        }
    }

    public boolean isClosed() {
        return closed;
    }

    public void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("array " + path());
        }
    }

    /** Ends reading: later calls fail with {@link ZarrException.Closed}; reads in progress stop with it. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (ReadSession s; (s = idle.poll()) != null; ) {
            s.close();
        }
    }
}
