package dev.stride.codecs;

import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The 16-byte header of a c-blosc 1.x chunk, checked against the chunk's real length before any native code reads
 * it: libblosc's decompressor takes no source length and trusts {@code cbytes} and the block offsets.
 */
record BloscHeader(int flags, int typesize, int nbytes, int blocksize, int cbytes) {
    static final int SIZE = 16;
    static final int FORMAT_VERSION = 2;
    static final int MEMCPYED = 0x02;
    /** Flag bit 3 is reserved in c-blosc 1.x (c-blosc2 marks its extended header with it). */
    private static final int RESERVED = 0x08;
    /** c-blosc's BLOSC_MAX_BUFFERSIZE. */
    static final int MAX_BUFFER = Integer.MAX_VALUE - SIZE;
    /** No blosc compressor decodes more than 32768 bytes per byte (zstd's bound; the others' are lower). */
    private static final long MAX_RATIO = 32768;
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** Reads and checks the header of {@code in}, a chunk that must decode to {@code expected} bytes. */
    static BloscHeader read(MemorySegment in, DecodedSize expected, DecodeContext ctx) {
        long length = in.byteSize();
        if (length < SIZE) {
            throw ctx.corrupt("blosc: " + length + " bytes cannot hold the 16-byte header");
        }
        int version = Byte.toUnsignedInt(in.get(ValueLayout.JAVA_BYTE, 0));
        if (version != FORMAT_VERSION) {
            throw ctx.corrupt("blosc: format version " + version + " is not the c-blosc 1.x format " + FORMAT_VERSION);
        }
        var h = new BloscHeader(Byte.toUnsignedInt(in.get(ValueLayout.JAVA_BYTE, 2)), Byte.toUnsignedInt(in.get(ValueLayout.JAVA_BYTE, 3)),
                in.get(LE_INT, 4), in.get(LE_INT, 8), in.get(LE_INT, 12));
        if (Integer.toUnsignedLong(h.cbytes) != length) {
            throw ctx.corrupt("blosc: header says " + Integer.toUnsignedString(h.cbytes) + " compressed bytes, the chunk has " + length);
        }
        if ((h.flags & RESERVED) != 0) {
            throw ctx.corrupt("blosc: reserved header flag 0x08 is set (a c-blosc2 chunk?)");
        }
        if (h.nbytes < 0 || h.nbytes > MAX_BUFFER) {
            throw ctx.corrupt("blosc: header says " + Integer.toUnsignedString(h.nbytes) + " decoded bytes, more than blosc allows");
        }
        expected.checkDeclared("blosc: header says", h.nbytes, length, MAX_RATIO, ctx);
        if (h.nbytes > 0) {
            h.checkLayout(in, ctx);
        }
        return h;
    }

    /** The sizes and block offsets must describe data inside the chunk. */
    private void checkLayout(MemorySegment in, DecodeContext ctx) {
        if (typesize == 0) {
            throw ctx.corrupt("blosc: header says typesize 0");
        }
        if (blocksize <= 0 || blocksize > nbytes) {
            throw ctx.corrupt("blosc: header says blocksize " + Integer.toUnsignedString(blocksize) + " for " + nbytes + " bytes");
        }
        if (memcpyed()) {
            if ((long) cbytes != (long) nbytes + SIZE) {
                throw ctx.corrupt("blosc: a stored (memcpyed) chunk of " + nbytes + " bytes must have " + (nbytes + SIZE) + " bytes, not " + cbytes);
            }
            return;
        }
        if (format() >= BloscCompressor.FORMATS) {
            throw ctx.corrupt("blosc: unknown compressor format " + format());
        }
        long blocks = (nbytes + (long) blocksize - 1) / blocksize;
        long dataStart = SIZE + 4 * blocks;
        if (dataStart > cbytes) {
            throw ctx.corrupt("blosc: " + blocks + " block offsets do not fit in " + cbytes + " bytes");
        }
        for (long i = 0; i < blocks; i++) {
            int start = in.get(LE_INT, SIZE + 4 * i);
            if (start < dataStart || start > cbytes - 4) {
                throw ctx.corrupt("blosc: block " + i + " starts at " + start + ", outside the data at [" + dataStart + ", " + cbytes + ")");
            }
        }
    }

    boolean memcpyed() {
        return (flags & MEMCPYED) != 0;
    }

    /** The compressor's format code (flag bits 5-7). */
    int format() {
        return flags >>> 5;
    }
}
