package dev.stride.spi;

import dev.stride.model.ZarrException;

import java.lang.foreign.Arena;
import java.util.function.Supplier;

/**
 * What the reads of one owner (an open array) keep alive beyond a single read: whole-value mappings and a store's
 * bookkeeping of them, released together when the owner closes and the last read in progress ends, never under a
 * running read. Safe from many threads. Stores reach it through {@link Scratch#scope()}.
 */
public interface ReadScope {
    /**
     * What the scope belongs to, for messages.
     *
     * @return e.g. {@code array /points}
     */
    String owner();

    /**
     * The arena that memory kept for this scope is allocated or mapped in.
     *
     * @return an arena that lives as long as the scope
     * @throws ZarrException.Closed when the scope is closed
     */
    Arena arena();

    /**
     * A store's state in this scope, made on first use; an {@link AutoCloseable} one is closed with the scope, before
     * the arena.
     *
     * @param <T> the state's type
     * @param store the store the state belongs to, compared by identity
     * @param make makes the state on first use
     * @return the store's state, the same for every call with the same store
     * @throws ZarrException.Closed when the scope is closed
     */
    <T> T attachment(Object store, Supplier<T> make);

    /**
     * Whether the owner has closed the scope: no new read may keep memory in it, though reads in progress finish.
     *
     * @return true once closed
     */
    boolean isClosed();

    /**
     * Whether memory kept in the scope can still be read.
     *
     * @return false once the memory is freed
     */
    boolean isAlive();
}
