package dev.stride.spi;

import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.util.function.Supplier;

/**
 * What a codec decodes and encodes with on one thread: the chunk it works on, reused off-heap buffers and per-thread
 * state, so that a codec neither allocates per chunk nor reports an error without naming the array and the chunk key.
 * Stride makes one per reading or writing thread; a codec uses it only during the call it was given to.
 */
public interface DecodeContext {
    /**
     * The array whose chunk is being decoded or encoded.
     *
     * @return the array's path in its hierarchy, {@code ""} for a root array
     */
    String node();

    /**
     * The chunk being decoded or encoded.
     *
     * @return the chunk's store key, {@code ""} when there is none (a value decoded outside a chunk)
     */
    String key();

    /**
     * A reused buffer of exactly {@code size} bytes owned by {@code owner}, as {@link Scratch#buffer}; its contents are
     * undefined.
     *
     * @param owner the codec instance (or a part of it) the buffer belongs to, compared by identity
     * @param size bytes
     * @return a segment valid until the owner's next call for a buffer
     * @throws ZarrException.CorruptChunk when {@code size} is negative or more than a chunk may have (2 GiB), which only
     *     a corrupt header asks for
     * @throws ZarrException.OverBudget when the buffer would exceed the decode budget
     */
    MemorySegment buffer(Object owner, long size);

    /**
     * Per-thread state of a codec (an {@link java.util.zip.Inflater}, a native context), made on first use and
     * closed, when it is {@link AutoCloseable}, with this context.
     *
     * @param <T> the state's type
     * @param owner the codec instance the state belongs to, compared by identity
     * @param create makes the state on first use
     * @return the owner's state on this thread
     */
    <T> T local(Object owner, Supplier<T> create);

    /**
     * An error naming the current array and chunk key, for a chunk that does not decode.
     *
     * @param reason what is wrong with the bytes
     * @return the exception to throw
     */
    default ZarrException.CorruptChunk corrupt(String reason) {
        return new ZarrException.CorruptChunk(node(), key(), reason);
    }

    /**
     * As {@link #corrupt(String)}, with the failure underneath.
     *
     * @param reason what is wrong with the bytes
     * @param cause the library's or the native code's failure
     * @return the exception to throw
     */
    default ZarrException.CorruptChunk corrupt(String reason, Throwable cause) {
        return new ZarrException.CorruptChunk(node(), key(), reason, cause);
    }

    /**
     * An encoder's failure naming the current array and chunk key: the chunk is not written.
     *
     * @param reason why the chunk cannot be encoded
     * @param cause the failure underneath, or null
     * @return the exception to throw
     */
    default ZarrException.WriteFailure unwritable(String reason, Throwable cause) {
        return new ZarrException.WriteFailure(node(), key(), reason, cause);
    }
}
