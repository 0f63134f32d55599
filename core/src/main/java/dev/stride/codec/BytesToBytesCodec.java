package dev.stride.codec;

import java.lang.foreign.MemorySegment;

/** Compression and checksums: bytes in, bytes out. */
public non-sealed interface BytesToBytesCodec extends Codec {

    /**
     * Decodes {@code encoded} into a slice of it or into a buffer from {@code ctx}. When {@code expectedSize} is not
     * negative the decoded value must have exactly that size, and nothing larger is ever written; otherwise the
     * codec takes the size from its own framing, never more than {@link dev.stride.store.Scratch#MAX_BUFFER}.
     */
    MemorySegment decode(MemorySegment encoded, long expectedSize, DecodeContext ctx);

    /** Encodes {@code decoded} into a buffer from {@code ctx} (or a slice of a larger one). */
    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
