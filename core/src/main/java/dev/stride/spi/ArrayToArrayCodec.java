package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * Rearranges the elements of a chunk, e.g. {@code transpose}. Built for one decoded chunk spec, the one its provider
 * was given; the chain's next codec is built for {@link #encodedSpec()}.
 */
public non-sealed interface ArrayToArrayCodec extends Codec {

    /**
     * What the next codec of the chain sees.
     *
     * @return the chunk spec of the encoded elements (e.g. the transposed shape)
     */
    ChunkSpec encodedSpec();

    /**
     * Undoes the rearrangement.
     *
     * @param encoded packed elements of {@link #encodedSpec()}, not to be written to
     * @param ctx the calling thread's buffers (the result goes in one) and the chunk's names for errors
     * @return packed elements of the decoded spec
     * @throws dev.stride.model.ZarrException.CorruptChunk from {@link DecodeContext#corrupt} when the input cannot be
     *     decoded
     */
    MemorySegment decode(MemorySegment encoded, DecodeContext ctx);

    /**
     * Rearranges the elements for writing.
     *
     * @param decoded packed elements of the decoded spec, not to be written to
     * @param ctx the calling thread's buffers (the result goes in one) and the chunk's names for errors
     * @return packed elements of {@link #encodedSpec()}
     */
    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
