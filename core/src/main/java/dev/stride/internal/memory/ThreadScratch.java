package dev.stride.internal.memory;

import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The {@link Scratch} of one reading thread: each owner (a store, a codec) keeps one buffer that grows to the largest
 * size asked and is freed when it grows or this scratch closes. Every buffer counts against a {@link DecodeBudget}
 * from its allocation until it is freed: a growth is the only time the budget is asked, so reading chunk after chunk
 * of the same size never touches it. Not thread-safe. Memory that outlives one read is kept in the scope of the array
 * that reads, or in one of its own, closed with this scratch.
 */
public final class ThreadScratch implements Scratch, AutoCloseable {
    private final DecodeBudget budget;
    /** The scope kept values live in; made on first use when none was given, and then closed with this scratch. */
    private CountedScope scope;
    private boolean ownsScope;
    private final Map<Object, Buffer> buffers = new IdentityHashMap<>();
    private final Map<Object, Arena> held = new IdentityHashMap<>();
    private String node;
    private String key;
    private boolean closed;

    /** A buffer with its own arena, so growing it frees the old memory at once (one arena would keep it until close). */
    private record Buffer(Arena arena, MemorySegment segment) {
    }

    /** Buffers counted against the process's {@link DecodeBudget#shared()} budget. */
    public ThreadScratch() {
        this(DecodeBudget.shared());
    }

    public ThreadScratch(DecodeBudget budget) {
        this(budget, null);
    }

    /** Buffers counted against {@code budget}, reading for {@code scope} (null: a scope of its own). */
    public ThreadScratch(DecodeBudget budget, CountedScope scope) {
        this.budget = budget;
        this.scope = scope;
    }

    @Override
    public CountedScope scope() {
        if (scope == null) {
            scope = new CountedScope("the reading buffers");
            ownsScope = true;
        }
        return scope;
    }

    /** Names the chunk read next, for the message of a budget refusal. */
    public void at(String node, String key) {
        this.node = node;
        this.key = key;
    }

    @Override
    public MemorySegment buffer(Object owner, long size) {
        if (closed) {
            throw new ZarrException.Closed("the reading buffers");
        }
        if (size < 0 || size > MAX_BUFFER) {
            throw new IllegalArgumentException("buffer size " + size + " is outside [0, 2^31)");
        }
        Buffer b = buffers.get(owner);
        if (b == null || b.segment.byteSize() < size) {
            b = grow(owner, b, size);
        }
        return b.segment.asSlice(0, size);
    }

    private Buffer grow(Object owner, Buffer old, long size) {
        // doubling spares reallocations when sizes creep up (compressed chunks); the exact size when that is over budget
        long doubled = old == null ? 0 : Math.min(MAX_BUFFER, old.segment.byteSize() * 2);
        if (old != null) {
            // the contents need not survive, so the old memory is freed first: old and new never count together
            buffers.remove(owner);
            free(old);
        }
        long capacity = Math.max(Math.max(size, doubled), 1);
        if (!budget.tryReserve(capacity)) {
            capacity = Math.max(size, 1);
            if (!budget.tryReserve(capacity)) {
                throw new ZarrException.OverBudget(node, key, "decoding needs a buffer of " + size + " bytes, more than the "
                        + (budget.limit() - budget.used()) + " bytes left of the decode budget of " + budget.limit()
                        + " bytes (the reading threads' buffers); raise it with -D" + DecodeBudget.PROPERTY + "=SIZE (e.g. 4g; for "
                        + "the command line in STRIDE_JAVA_OPTS), or read with fewer threads");
            }
        }
        Arena arena = Arena.ofShared();
        try {
            // page alignment keeps vector loads and direct I/O happy
            Buffer b = new Buffer(arena, arena.allocate(capacity, 4096));
            buffers.put(owner, b);
            return b;
        } catch (RuntimeException | OutOfMemoryError e) {
            arena.close();
            budget.release(capacity);
            throw e;
        }
    }

    private void free(Buffer b) {
        b.arena.close();
        budget.release(b.segment.byteSize());
    }

    @Override
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

    /** Total bytes of buffers held, for tests and diagnostics. */
    public long bytesHeld() {
        return buffers.values().stream().mapToLong(b -> b.segment.byteSize()).sum();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            buffers.values().forEach(this::free);
            buffers.clear();
            releaseHeld();
            if (ownsScope) {
                scope.close();
            }
        }
    }
}
