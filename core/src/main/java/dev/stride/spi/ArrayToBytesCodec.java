package dev.stride.spi;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;

/** Turns a chunk's elements into bytes: {@code bytes} or {@code sharding_indexed}. Built for one chunk spec. */
public non-sealed interface ArrayToBytesCodec extends Codec {

    /** The byte order of multi-byte values in the decoded elements. */
    ByteOrder order();

    /** Encoded size in bytes when it is fixed (the {@code bytes} codec), else -1. */
    long encodedSize();

    /** The most bytes a chunk can legitimately be encoded to: {@link #encodedSize()} when fixed. */
    long maxEncodedSize();

    /** Packed elements of the chunk, in C order and {@link #order()}. */
    MemorySegment decode(MemorySegment encoded, DecodeContext ctx);

    MemorySegment encode(MemorySegment decoded, DecodeContext ctx);
}
