package dev.stride.cli;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Buffers for the slabs a copy's threads read and write in turn: a slab taken from the idle ones instead of a fresh
 * allocation, which the JVM would zero and the kernel fault in page by page once per slab, as much memory again as
 * the copy moves. Freed together when the copy of an array ends.
 */
final class SlabBuffers implements AutoCloseable {
    private final Arena arena = Arena.ofShared();
    private final Queue<MemorySegment> idle = new ConcurrentLinkedQueue<>();

    /**
     * {@return an idle buffer of at least {@code bytes}, or a new one}; hand it back with {@link #give}. An idle buffer
     * too small for this slab (one made for an edge slab) is left to the arena: new buffers are made only when none is
     * idle, so there are about as many as threads.
     */
    MemorySegment take(long bytes) {
        MemorySegment buffer = idle.poll();
        return buffer != null && buffer.byteSize() >= bytes ? buffer : arena.allocate(Math.max(1, bytes));
    }

    /** Returns a buffer {@link #take} gave, once nothing reads it any more. */
    void give(MemorySegment buffer) {
        idle.add(buffer);
    }

    @Override
    public void close() {
        arena.close();
    }
}
