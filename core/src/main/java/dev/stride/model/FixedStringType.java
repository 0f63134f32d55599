package dev.stride.model;

import java.util.function.BiConsumer;

/**
 * zarr-python's {@code fixed_length_utf32}, numpy's {@code U<n>}: text of at most {@code characters} Unicode code
 * points, each stored as a 4-byte UTF-32 code unit in the array's byte order, padded with NULs. A value reads as a
 * {@code String} without the trailing NULs.
 *
 * @param characters the stored length in code points (4 bytes each)
 */
public record FixedStringType(int characters) implements DataType {
    /** Most code points a value may hold, so its byte size fits an int. */
    public static final int MAX_CHARACTERS = Integer.MAX_VALUE / 4;

    /**
     * A fixed-length text type of {@code characters} code points.
     *
     * @throws ZarrException.BadRequest when {@code characters} is not positive or exceeds {@link #MAX_CHARACTERS}
     */
    public FixedStringType {
        if (characters <= 0 || characters > MAX_CHARACTERS) {
            throw new ZarrException.BadRequest(null, "a fixed-length string needs 1 to " + MAX_CHARACTERS + " characters: " + characters);
        }
    }

    @Override
    public int byteSize() {
        return characters * 4;
    }

    @Override
    public String describe() {
        return "fixed_length_utf32[" + characters + "]";
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
        for (int i = 0; i < characters; i++) {
            unit.accept(offset + 4L * i, 4);
        }
    }
}
