package dev.stride.spi;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/**
 * Turns a chunk's elements into bytes, e.g. {@code bytes} or {@code sharding_indexed}; a chain has exactly one. Built
 * for one chunk spec, the one its provider was given.
 */
public non-sealed interface ArrayToBytesCodec extends Codec {

    /**
     * The byte order of multi-byte values in the decoded elements, which the readers' field accessors follow.
     *
     * @return the order the chunk's elements are decoded in
     */
    ByteOrder order();

    /**
     * The encoded size, when every chunk has the same.
     *
     * @return bytes (the {@code bytes} codec: the chunk's size), or -1 when it varies
     */
    long encodedSize();

    /**
     * The most bytes a chunk can legitimately be encoded to, which bounds what the bytes-to-bytes codecs after this
     * one may decode to.
     *
     * @return bytes, {@link #encodedSize()} when that is fixed
     */
    long maxEncodedSize();

    /**
     * Decodes a chunk's bytes into its elements.
     *
     * @param encoded the bytes the next codec of the chain decoded, not to be written to
     * @param ctx the calling thread's buffers (the result goes in one) and the chunk's names for errors
     * @return packed elements of the chunk, in C order and {@link #order()}
     * @throws dev.stride.model.ZarrException.CorruptChunk from {@link DecodeContext#corrupt} when the bytes do not fit
     */
    MemorySegment decode(MemorySegment encoded, DecodeContext ctx);

    /**
     * Encodes a chunk's elements.
     *
     * @param decoded packed elements of the chunk, in C order and {@link #order()}, not to be written to
     * @param ctx the calling thread's buffers (the result goes in one) and the chunk's names for errors
     * @return the bytes for the next codec of the chain
     */
    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
