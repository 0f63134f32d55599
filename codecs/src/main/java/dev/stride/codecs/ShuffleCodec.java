package dev.stride.codecs;

import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code numcodecs.shuffle}: the bytes of elements of {@code elementsize} bytes (4 by default) regrouped, every
 * element's first byte, then every second byte, and so on; one byte or less leaves them as they are. The size never
 * changes, and a value that is not a whole number of elements is corrupt.
 */
final class ShuffleCodec extends OneOptionCodec {
    private final int elementSize;
    private final Object encodeBuffer = new Object();

    ShuffleCodec(CodecConfig config) {
        super("shuffle", IntOption.read(config, "elementsize", 0, Integer.MAX_VALUE, 4L));
        this.elementSize = optionValue();
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodedSize expected, DecodeContext ctx) {
        long n = encoded.byteSize();
        if (expected.isExact() ? n != expected.exact() : n > expected.limit()) {
            throw ctx.corrupt("shuffle: " + n + " bytes, expected " + (expected.isExact() ? "" : "at most ") + expected.limit());
        }
        if (elementSize <= 1) {
            return encoded;
        }
        if (n % elementSize != 0) {
            throw ctx.corrupt("shuffle: " + n + " bytes are not a whole number of " + elementSize + "-byte elements");
        }
        MemorySegment out = ctx.buffer(this, n);
        regroup(encoded, out, elementSize, n / elementSize);
        return out;
    }

    @Override
    public long maxEncodedSize(long decodedSize) {
        return decodedSize;
    }

    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        long n = decoded.byteSize();
        if (elementSize <= 1) {
            return decoded;
        }
        if (n % elementSize != 0) {
            throw ctx.unwritable("shuffle: " + n + " bytes are not a whole number of " + elementSize + "-byte elements", null);
        }
        MemorySegment out = ctx.buffer(encodeBuffer, n);
        regroup(decoded, out, n / elementSize, elementSize);
        return out;
    }

    /**
     * Transposes {@code rows} x {@code columns} bytes: byte {@code c} of row {@code r} of {@code in} becomes byte
     * {@code r} of row {@code c} of {@code out}. Shuffling is elements x bytes, unshuffling bytes x elements.
     */
    private static void regroup(MemorySegment in, MemorySegment out, long rows, long columns) {
        for (long c = 0; c < columns; c++) {
            for (long r = 0; r < rows; r++) {
                out.set(ValueLayout.JAVA_BYTE, c * rows + r, in.get(ValueLayout.JAVA_BYTE, r * columns + c));
            }
        }
    }
}
