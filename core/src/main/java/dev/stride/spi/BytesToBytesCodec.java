package dev.stride.spi;

import java.lang.foreign.MemorySegment;

/**
 * Compression and checksums: bytes in, bytes out. A decoder is told, before it reads a byte, how large its output may
 * be ({@link DecodedSize}), so a corrupt or hostile frame cannot make it allocate more.
 */
public non-sealed interface BytesToBytesCodec extends Codec {

    /**
     * Decodes {@code encoded} into a slice of it or into a buffer from {@code ctx}. The decoded value has exactly
     * {@code size.exact()} bytes when that is known, else at most {@code size.limit()}; a frame or header declaring
     * anything else is refused before a buffer is allocated, and nothing larger is ever written.
     *
     * @param encoded the stored bytes (or what the codec after this one decoded), not to be written to
     * @param size what the output may be, see {@link DecodedSize#checkDeclared}
     * @param ctx the calling thread's buffers and per-thread state, and the chunk's names for errors
     * @return the decoded bytes
     * @throws dev.stride.model.ZarrException.CorruptChunk from {@link DecodeContext#corrupt} when the bytes do not
     *     decode or would decode to a size {@code size} refuses
     */
    MemorySegment decode(MemorySegment encoded, DecodedSize size, DecodeContext ctx);

    /**
     * The most bytes this codec's encoder (any writer's that follows the format) makes of {@code decodedSize} bytes:
     * a stored value larger than the bound of its decoded size is corrupt, and refused before it is read.
     *
     * @param decodedSize bytes before encoding, at most {@link Scratch#MAX_BUFFER}
     * @return the bound in bytes, at least {@code decodedSize} for a codec that may not compress
     */
    long maxEncodedSize(long decodedSize);

    /**
     * Encodes {@code decoded} into a buffer from {@code ctx} (or a slice of a larger one).
     *
     * @param decoded the bytes to encode, not to be written to
     * @param ctx the calling thread's buffers and per-thread state, and the chunk's names for errors
     * @return the encoded bytes, at most {@link #maxEncodedSize(long)} of the input's size
     * @throws dev.stride.model.ZarrException.WriteFailure from {@link DecodeContext#unwritable} when the codec's
     *     library fails
     */
    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
