package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/** Compression and checksums: bytes in, bytes out. */
public non-sealed interface BytesToBytesCodec extends Codec {

    /**
     * Decodes {@code encoded} into a slice of it or into a buffer from {@code ctx}. The decoded value has exactly
     * {@code size.exact()} bytes when that is known, else at most {@code size.limit()}; a frame or header declaring
     * anything else is refused before a buffer is allocated, and nothing larger is ever written.
     */
    MemorySegment decode(MemorySegment encoded, DecodedSize size, DecodeContext ctx);

    /**
     * The most bytes this codec's encoder (any writer's that follows the format) makes of {@code decodedSize} bytes
     * (at most {@link dev.stride.spi.Scratch#MAX_BUFFER}): a stored value larger than the bound of its decoded size
     * is corrupt, and refused before it is read.
     */
    long maxEncodedSize(long decodedSize);

    /** Encodes {@code decoded} into a buffer from {@code ctx} (or a slice of a larger one). */
    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
