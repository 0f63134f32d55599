package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/** Rearranges the elements of a chunk, e.g. {@code transpose}. Built for one decoded chunk spec. */
public non-sealed interface ArrayToArrayCodec extends Codec {

    /** What the next codec sees. */
    ChunkSpec encodedSpec();

    /** Packed elements of {@link #encodedSpec()} in, packed elements of the decoded spec out. */
    MemorySegment decode(MemorySegment encoded, DecodeContext ctx);

    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
