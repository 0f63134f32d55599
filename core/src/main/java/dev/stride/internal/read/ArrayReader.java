package dev.stride.internal.read;

import dev.stride.internal.memory.CountedScope;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The read side of one open array: where its units are stored, how they decode, the fill unit for those never
 * written, and a pool of per-thread sessions. {@code ZarrArray} is the public face of it; {@link ParallelReader}
 * drives it from several threads.
 *
 * <p>What its reads keep mapped belongs to its {@link CountedScope}: each session in use holds a reference and the array
 * another, so closing the array frees that memory once the last read in progress has stopped, and no sooner.
 */
public final class ArrayReader implements AutoCloseable {
    private final Store store;
    private final String prefix;
    private final ArrayMetadata meta;
    private final ChunkSource source;
    private final long[] unitShape;
    private final long unitBytes;
    private final byte[] fillElement;
    /**
     * Idle sessions of decoders and of read-ahead fetches, pooled apart: a session keeps the buffers of the role it
     * played, and one that alternated would grow (and zero) buffers for both roles, pass after pass
     * (bench/results/2026-12-06-scratch-zeroing.md).
     */
    private final ConcurrentLinkedQueue<ReadSession> idle = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<ReadSession> idleFetching = new ConcurrentLinkedQueue<>();
    private final CountedScope scope;
    private volatile boolean closed;

    public ArrayReader(Store store, String prefix, ArrayMetadata meta) {
        this.store = store;
        this.prefix = prefix;
        this.meta = meta;
        this.source = new ChunkSource(store, prefix, meta);
        this.unitShape = source.unitShape();
        this.unitBytes = source.unitPipeline().spec().byteSize();
        this.fillElement = meta.fillValue().bytes(source.arrayOrder());
        this.scope = new CountedScope("array " + meta.path());
    }

    /** The scope the array's kept mappings live in. */
    public CountedScope scope() {
        return scope;
    }

    public String path() {
        return meta.path();
    }

    public ArrayMetadata metadata() {
        return meta;
    }

    /** The byte order of the records reads give: that of the stored chunks. */
    public ByteOrder order() {
        return source.arrayOrder();
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

    /** Where the units are stored and how they decode. */
    public ChunkSource source() {
        return source;
    }

    /** Bytes of one decoded unit. */
    public long unitBytes() {
        return unitBytes;
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

    /**
     * A session for one reading thread, holding a reference to the array's scope until {@link #release}.
     *
     * @throws ZarrException.Closed when the array is closed
     */
    public ReadSession acquire() {
        return acquire(idle, false);
    }

    /** A session for the fetches of a read-ahead slot, as {@link #acquire} otherwise. */
    ReadSession acquireForFetching() {
        return acquire(idleFetching, true);
    }

    private ReadSession acquire(ConcurrentLinkedQueue<ReadSession> pool, boolean fetching) {
        ensureOpen();
        scope.acquire();
        ReadSession s = pool.poll();
        return s != null ? s : new ReadSession(source.shardLevels(), scope, fetching);
    }

    /** Takes a session back, on the thread that read with it; the last one out after a close frees the scope. */
    public void release(ReadSession s) {
        try {
            s.reset();
            ConcurrentLinkedQueue<ReadSession> pool = s.fetching() ? idleFetching : idle;
            if (closed) {
                s.close();
            } else {
                pool.add(s);
                // close() may have drained the pool between the test above and the add: take the session back out
                if (closed && pool.remove(s)) {
                    s.close();
                }
            }
        } finally {
            scope.release();
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

    /**
     * Ends reading: later calls fail with {@link ZarrException.Closed}; reads in progress stop with it, and the array's
     * mappings are freed when the last of them has.
     *
     * @throws ZarrException.StoreFailure when the mappings cannot be freed
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (ConcurrentLinkedQueue<ReadSession> pool : List.of(idle, idleFetching)) {
            for (ReadSession s; (s = pool.poll()) != null; ) {
                s.close();
            }
        }
        scope.close();
    }
}
