package dev.stride.codecs;

import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;

/** A c-blosc 1.x implementation: the system's libblosc through FFM, or blosc-java. */
sealed interface BloscEngine permits NativeBlosc, JavaBlosc {

    /** For messages: which library runs. */
    String describe();

    /** Whether chunks of this header format code (flag bits 5-7) can be decompressed. */
    boolean decodes(int format);

    boolean encodes(BloscCompressor compressor);

    /**
     * Decompresses a chunk whose header was checked ({@link BloscHeader#read}) into {@code out}, which has exactly
     * the header's {@code nbytes}; a failure is {@code ctx.corrupt}.
     */
    void decompress(MemorySegment chunk, MemorySegment out, DecodeContext ctx);

    /**
     * Compresses {@code in} (at most {@link BloscHeader#MAX_BUFFER} bytes) into {@code out}, which has room for
     * {@code in} plus a header; returns the chunk's size.
     */
    long compress(BloscSettings settings, MemorySegment in, MemorySegment out, DecodeContext ctx);
}
