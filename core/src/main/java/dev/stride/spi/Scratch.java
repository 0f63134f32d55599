package dev.stride.spi;

import dev.stride.model.ZarrException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The off-heap memory of one reading thread, handed to every {@link Store} read and reached by codecs through
 * {@link DecodeContext#buffer}: each owner (a store, a codec instance) keeps one buffer, reused from chunk to chunk,
 * that grows to the largest size asked. Buffers count against the process's decode budget (system property
 * {@code stride.decode.budget}). Not thread-safe: a store uses it only on the thread that called it. Memory that must
 * outlive one read (a whole-value mapping) belongs to {@link #scope()}.
 */
public interface Scratch {
    /** No single buffer is larger: a size above it comes from a corrupt header, not from real data. */
    long MAX_BUFFER = Integer.MAX_VALUE;

    /**
     * A buffer of exactly {@code size} bytes for {@code owner}; its contents are undefined, and the owner's previous
     * buffer is invalid once it had to grow.
     *
     * @param owner the store or codec instance the buffer belongs to, compared by identity
     * @param size bytes, from 0 to {@link #MAX_BUFFER}
     * @return a segment of {@code size} bytes, valid until the owner's next call or the end of the pass
     * @throws ZarrException.OverBudget when growing it would exceed the decode budget
     * @throws ZarrException.Closed when the reading pass has ended
     * @throws IllegalArgumentException when {@code size} is outside [0, {@link #MAX_BUFFER}]
     */
    MemorySegment buffer(Object owner, long size);

    /**
     * Keeps {@code arena} (e.g. a transient file mapping) alive for {@code owner} until the owner hands over its next
     * one or the pass ends; the arena held before is closed now.
     *
     * @param owner the store the arena belongs to, compared by identity
     * @param arena what the last read returned memory of; closed here when the pass has already ended
     * @throws ZarrException.Closed when the reading pass has ended
     */
    void hold(Object owner, Arena arena);

    /**
     * The scope that memory kept beyond one read belongs to: the open array's that reads, or one of this scratch's
     * own.
     *
     * @return the scope, the same on every call
     */
    ReadScope scope();
}
