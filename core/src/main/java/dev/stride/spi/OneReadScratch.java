package dev.stride.spi;

import dev.stride.model.ZarrException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The scratch of {@link Store#readBytes}: one read on the calling thread, whose memory is all freed when it closes,
 * so its buffers need no reuse and its scope no reference count.
 */
final class OneReadScratch implements Scratch, ReadScope, AutoCloseable {
    private final Arena arena = Arena.ofConfined();
    private final Map<Object, Arena> held = new IdentityHashMap<>();
    private final Map<Object, Object> attachments = new IdentityHashMap<>();

    @Override
    public MemorySegment buffer(Object owner, long size) {
        if (size < 0 || size > MAX_BUFFER) {
            throw new IllegalArgumentException("buffer size " + size + " is outside [0, 2^31)");
        }
        return arena.allocate(Math.max(size, 1), 4096).asSlice(0, size);
    }

    @Override
    public void hold(Object owner, Arena kept) {
        Arena previous = held.put(owner, kept);
        if (previous != null) {
            previous.close();
        }
    }

    @Override
    public ReadScope scope() {
        return this;
    }

    @Override
    public String owner() {
        return "one read";
    }

    @Override
    public Arena arena() {
        if (!isAlive()) {
            throw new ZarrException.Closed(owner());
        }
        return arena;
    }

    /** A store's state for this one read, closed with the scratch. */
    @Override
    @SuppressWarnings("unchecked")
    public <T> T attachment(Object store, Supplier<T> make) {
        return (T) attachments.computeIfAbsent(store, s -> make.get());
    }

    @Override
    public boolean isClosed() {
        return !isAlive();
    }

    @Override
    public boolean isAlive() {
        return arena.scope().isAlive();
    }

    @Override
    public void close() {
        held.values().forEach(Arena::close);
        for (Object state : attachments.values()) {
            if (state instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new ZarrException.StoreFailure(null, "cannot release what the read kept", e);
                }
            }
        }
        arena.close();
    }
}
