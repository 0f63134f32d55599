package dev.stride.internal.text;

import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * numpy's fixed-size text as the variable-length bytes Arrow and Spark columns hold, read straight from the records:
 * a byte string ({@code S<n>}) without its trailing NULs, UTF-32 text ({@code U<n>}) as UTF-8. Both write into memory
 * the caller reuses, so a column of strings costs no object per value.
 */
public final class FixedText {
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private FixedText() {
    }

    /** The bytes of the {@code size}-byte string at {@code at} up to its trailing NULs (inner NULs stay). */
    public static int trimmedLength(MemorySegment src, long at, int size) {
        int n = size;
        while (n > 0 && src.get(ValueLayout.JAVA_BYTE, at + n - 1) == 0) {
            n--;
        }
        return n;
    }

    /**
     * Encodes the UTF-32 text of {@code characters} units at {@code at} (in {@code order}) as UTF-8 into {@code dst}
     * from {@code to}, leaving out the trailing NUL units. A code point takes at most four bytes in either encoding, so
     * {@code 4 * characters} bytes of room always suffice.
     *
     * @param column the column the text is for, which a refusal names
     * @return the bytes written
     * @throws ZarrException.CorruptChunk when a unit is no Unicode scalar value (a surrogate, or beyond U+10FFFF), which
     *         UTF-32 cannot hold and UTF-8 cannot encode; whoever visits the chunk adds its key
     */
    public static int utf8(MemorySegment src, long at, int characters, ByteOrder order, MemorySegment dst, long to, String column) {
        ValueLayout.OfInt unit = order == ByteOrder.LITTLE_ENDIAN ? LE_INT : BE_INT;
        int n = characters;
        while (n > 0 && src.get(unit, at + 4L * (n - 1)) == 0) {
            n--;
        }
        long out = to;
        for (int k = 0; k < n; k++) {
            int c = src.get(unit, at + 4L * k);
            if (c < 0x80 && c >= 0) {
                dst.set(ValueLayout.JAVA_BYTE, out++, (byte) c);
                continue;
            }
            String illFormed = Utf32.illFormed(c);
            if (illFormed != null) {
                throw new ZarrException.CorruptChunk(null, null, "a value of column '" + column + "' holds " + illFormed
                        + ", at character " + k + "; UTF-32 holds Unicode scalar values only");
            }
            out = multiByte(c, dst, out);
        }
        return (int) (out - to);
    }

    /** Writes code point {@code c} (beyond ASCII) as two to four UTF-8 bytes at {@code out}; returns the next position. */
    private static long multiByte(int c, MemorySegment dst, long out) {
        if (c < 0x800) {
            dst.set(ValueLayout.JAVA_BYTE, out, (byte) (0xC0 | c >>> 6));
            dst.set(ValueLayout.JAVA_BYTE, out + 1, (byte) (0x80 | c & 0x3F));
            return out + 2;
        }
        if (c < 0x10000) {
            dst.set(ValueLayout.JAVA_BYTE, out, (byte) (0xE0 | c >>> 12));
            dst.set(ValueLayout.JAVA_BYTE, out + 1, (byte) (0x80 | c >>> 6 & 0x3F));
            dst.set(ValueLayout.JAVA_BYTE, out + 2, (byte) (0x80 | c & 0x3F));
            return out + 3;
        }
        dst.set(ValueLayout.JAVA_BYTE, out, (byte) (0xF0 | c >>> 18));
        dst.set(ValueLayout.JAVA_BYTE, out + 1, (byte) (0x80 | c >>> 12 & 0x3F));
        dst.set(ValueLayout.JAVA_BYTE, out + 2, (byte) (0x80 | c >>> 6 & 0x3F));
        dst.set(ValueLayout.JAVA_BYTE, out + 3, (byte) (0x80 | c & 0x3F));
        return out + 4;
    }
}
