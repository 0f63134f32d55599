package dev.stride.internal.read;

import dev.stride.ZarrArray;
import dev.stride.model.Region;

import dev.stride.model.FieldAccessor;

import java.math.BigInteger;

/**
 * The values of unsigned columns. {@link ZarrArray#read(String, Region)} gives a uint8..uint64 field as the Java
 * array of its width holding the stored bits ({@code byte[]} for uint8, where 255 reads as -1), so a column costs no
 * more memory than the data; these widen such a column into the values:
 *
 * <pre>{@code
 * int[] flags = UnsignedColumns.values((byte[]) array.read("flags", null));   // uint8: 0..255
 * }</pre>
 *
 * A uint64 column may also stay {@code long[]}, read with {@link Long#toUnsignedString(long)},
 * {@link Long#compareUnsigned} and {@link Long#divideUnsigned}.
 */
public final class UnsignedColumns {
    private UnsignedColumns() {
    }

    /** A uint8 column's values, 0..255. */
    public static int[] values(byte[] uint8) {
        int[] out = new int[uint8.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Byte.toUnsignedInt(uint8[i]);
        }
        return out;
    }

    /** A uint16 column's values, 0..65535. */
    public static int[] values(short[] uint16) {
        int[] out = new int[uint16.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Short.toUnsignedInt(uint16[i]);
        }
        return out;
    }

    /** A uint32 column's values, 0..2^32-1. */
    public static long[] values(int[] uint32) {
        long[] out = new long[uint32.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Integer.toUnsignedLong(uint32[i]);
        }
        return out;
    }

    /** A uint64 column's values, 0..2^64-1. */
    public static BigInteger[] values(long[] uint64) {
        BigInteger[] out = new BigInteger[uint64.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = FieldAccessor.LongField.unsignedValue(uint64[i]);
        }
        return out;
    }
}
