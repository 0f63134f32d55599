package dev.stride.internal.memory;

import dev.stride.model.ZarrException;
import dev.stride.spi.ReadScope;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The {@link ReadScope} of one owner (an open array), released when the owner closes and the last read in progress
 * ends. Like an arena of Lucene's {@code MMapDirectory} it is reference-counted: the owner holds one reference, and
 * each reading thread {@link #acquire}s one for as long as it reads, so memory is never unmapped under a running read
 * and a read started after {@link #close} fails with {@link ZarrException.Closed}. Safe from many threads.
 */
public final class CountedScope implements ReadScope, AutoCloseable {
    /** How often a failed release is tried again before it is reported: a native call may hold a mapping briefly. */
    static final int RELEASE_TRIES = 100;

    private final String owner;
    private final Arena arena = Arena.ofShared();
    private final Attachments attachments = Attachments.concurrent();
    /** The owner's reference plus one per reading thread; the memory goes when it reaches 0. */
    private final AtomicInteger references = new AtomicInteger(1);
    private volatile boolean closed;

    /** A scope of {@code owner} (e.g. "array /points"), which names it in errors. */
    public CountedScope(String owner) {
        this.owner = owner;
    }

    @Override
    public String owner() {
        return owner;
    }

    @Override
    public Arena arena() {
        ensureOpen();
        return arena;
    }

    @Override
    public <T> T attachment(Object store, Supplier<T> make) {
        ensureOpen();
        return attachments.get(store, make);
    }

    /**
     * Takes a reference for a reading thread; give it back with {@link #release}.
     *
     * @throws ZarrException.Closed when the scope is closed
     */
    public void acquire() {
        for (int n = references.get(); ; n = references.get()) {
            if (closed || n == 0) {
                throw new ZarrException.Closed(owner);
            }
            if (references.compareAndSet(n, n + 1)) {
                return;
            }
        }
    }

    /**
     * Gives back a reference; the last one frees the memory.
     *
     * @throws ZarrException.StoreFailure when the memory cannot be freed (the failures of each part suppressed in it)
     */
    public void release() {
        if (references.decrementAndGet() == 0) {
            free();
        }
    }

    @Override
    public boolean isAlive() {
        return arena.scope().isAlive();
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void ensureOpen() {
        if (closed || !isAlive()) {
            throw new ZarrException.Closed(owner);
        }
    }

    /**
     * Ends the owner's use: no new reads start; the memory is freed now, or by the last read in progress when it
     * ends. Closing twice does nothing.
     *
     * @throws ZarrException.StoreFailure when the memory cannot be freed
     */
    @Override
    public synchronized void close() {
        // synchronized: two closes at once must give back the owner's one reference once
        if (!closed) {
            closed = true;
            release();
        }
    }

    private void free() {
        List<Throwable> failures = new ArrayList<>();
        attachments.close(failures::add);
        closeArena(failures);
        if (!failures.isEmpty()) {
            var e = new ZarrException.StoreFailure(null, "cannot release the memory of " + owner + ": " + failures.getFirst(), failures.getFirst());
            failures.subList(1, failures.size()).forEach(e::addSuppressed);
            throw e;
        }
    }

    /** Closes the arena, trying again while a native call still holds one of its segments. */
    private void closeArena(List<Throwable> failures) {
        for (int tried = 1; ; tried++) {
            try {
                arena.close();
                return;
            } catch (IllegalStateException busy) {
                if (!isAlive()) {
                    return; // closed meanwhile
                }
                if (tried == RELEASE_TRIES) {
                    failures.add(busy);
                    return;
                }
                Thread.onSpinWait();
                Thread.yield();
            }
        }
    }
}
