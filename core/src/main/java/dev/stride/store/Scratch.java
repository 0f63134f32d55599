package dev.stride.store;

import dev.stride.ZarrException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Off-heap buffers owned by one reading thread and reused from chunk to chunk: each owner (a store, a codec)
 * keeps one buffer that grows to the largest size asked and is never freed before {@link #close()}.
 * Not thread-safe: one per thread.
 */
public final class Scratch implements AutoCloseable {
    /** No single buffer is larger: a size above it comes from a corrupt header, not from real data. */
    public static final long MAX_BUFFER = Integer.MAX_VALUE;

    private final Arena arena = Arena.ofShared();
    private final Map<Object, MemorySegment> buffers = new IdentityHashMap<>();
    private final Map<Object, Arena> held = new IdentityHashMap<>();
    private boolean closed;

    /** A buffer of exactly {@code size} bytes for {@code owner}; its contents are undefined. */
    public MemorySegment buffer(Object owner, long size) {
        if (closed) {
            throw new ZarrException.Closed("the reading buffers");
        }
        if (size < 0 || size > MAX_BUFFER) {
            throw new IllegalArgumentException("buffer size " + size + " is outside [0, 2^31)");
        }
        MemorySegment b = buffers.get(owner);
        if (b == null || b.byteSize() < size) {
            long capacity = Math.max(size, b == null ? 0 : Math.min(MAX_BUFFER, b.byteSize() * 2));
            // page alignment keeps vector loads and direct I/O happy
            b = arena.allocate(Math.max(capacity, 1), 4096);
            buffers.put(owner, b);
        }
        return b.asSlice(0, size);
    }

    /**
     * Keeps {@code arena} (e.g. a transient file mapping) alive for {@code owner} until the owner hands over its
     * next one or this scratch closes; the arena held before is closed now.
     */
    public void hold(Object owner, Arena arena) {
        if (closed) {
            arena.close();
            throw new ZarrException.Closed("the reading buffers");
        }
        Arena previous = held.put(owner, arena);
        if (previous != null) {
            previous.close();
        }
    }

    /** Closes every held arena now; call it from the thread that read through them, when a pass ends. */
    public void releaseHeld() {
        held.values().forEach(Arena::close);
        held.clear();
    }

    /** Total bytes held, for tests and diagnostics. */
    public long bytesHeld() {
        return buffers.values().stream().mapToLong(MemorySegment::byteSize).sum();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            buffers.clear();
            releaseHeld();
            arena.close();
        }
    }
}
