package dev.stride.http;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Request bodies in memory an HTTP client's own threads can send. A client sends a body from threads of its own, as
 * byte buffers: memory confined to the writing thread cannot be read there, nor can a heap segment over an array of
 * another type than {@code byte[]} be viewed as a byte buffer. Such a body is copied to the heap; every other one is
 * sent from where it lies (a mapped file, an off-heap buffer) with no copy at all.
 */
public final class RequestBodies {
    /** A thread other than any caller's, never started: what tells memory confined to its caller from shared memory. */
    private static final Thread SENDER = Thread.ofPlatform().unstarted(() -> { });

    private RequestBodies() {
    }

    /**
     * The body itself when any thread can read it as byte buffers, else a heap copy of it (made on the calling thread,
     * which must be one that can read it).
     *
     * @throws IllegalStateException when a body to copy holds 2 GiB or more
     */
    public static MemorySegment sendable(MemorySegment body) {
        boolean shared = body.isAccessibleBy(SENDER);
        if (shared && (body.isNative() || body.heapBase().map(base -> base instanceof byte[]).orElse(false))) {
            return body;
        }
        return MemorySegment.ofArray(body.toArray(ValueLayout.JAVA_BYTE));
    }
}
