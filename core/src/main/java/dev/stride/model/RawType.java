package dev.stride.model;

import java.util.function.BiConsumer;

/**
 * {@code r<N>}: N bits (a multiple of 8) of opaque bytes, never byte-swapped.
 *
 * @param bits the size in bits, a multiple of 8
 */
public record RawType(int bits) implements DataType {
    /**
     * A raw type of {@code bits} bits.
     *
     * @throws ZarrException.BadRequest when {@code bits} is not a positive multiple of 8
     */
    public RawType {
        if (bits <= 0 || bits % 8 != 0) {
            throw new ZarrException.BadRequest(null, "raw bits must be a positive multiple of 8: " + bits);
        }
    }

    @Override
    public int byteSize() {
        return bits / 8;
    }

    @Override
    public String describe() {
        return "r" + bits;
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
    }
}
