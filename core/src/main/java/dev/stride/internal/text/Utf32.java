package dev.stride.internal.text;

import dev.stride.internal.base.Reads;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;

/**
 * The code units of zarr-python's {@code fixed_length_utf32} (numpy's {@code U<n>}): one a code point. UTF-32 holds
 * Unicode scalar values only, so a surrogate or a number above {@code U+10FFFF} is ill-formed; reading one as a Java
 * {@code String} would either fail or, for two surrogates in a row, turn two stored units into one character that
 * writes back differently.
 */
public final class Utf32 {
    private Utf32() {
    }

    /**
     * Why {@code unit} cannot be a UTF-32 code unit, or null when it can.
     *
     * @return {@code "0xd800, a surrogate"}, {@code "0x110000, above U+10FFFF"}, or null for a scalar value
     */
    public static String illFormed(int unit) {
        if (unit < 0 || unit > Character.MAX_CODE_POINT) {
            return "0x" + Integer.toHexString(unit) + ", above U+10FFFF";
        }
        if (unit >= Character.MIN_SURROGATE && unit <= Character.MAX_SURROGATE) {
            return "0x" + Integer.toHexString(unit) + ", a surrogate";
        }
        return null;
    }

    /**
     * Refuses a stored value of {@code characters} units at {@code offset} that holds a unit {@link #illFormed}, naming
     * the field and the record; whoever visits the chunk adds its key.
     *
     * @throws ZarrException.CorruptChunk for the first such unit
     */
    public static void requireWellFormed(MemorySegment records, long offset, int characters, boolean little, String field, long record) {
        for (int k = 0; k < characters; k++) {
            int unit = Reads.i32(records, offset + 4L * k, little);
            if (unit >= 0 && unit < Character.MIN_SURROGATE) {
                continue;
            }
            String illFormed = illFormed(unit);
            if (illFormed != null) {
                throw new ZarrException.CorruptChunk(null, null, "field '" + field + "' of record " + record + " holds " + illFormed
                        + ", at character " + k + "; UTF-32 holds Unicode scalar values only");
            }
        }
    }
}
