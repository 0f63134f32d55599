package dev.stride.model;

import java.util.function.BiConsumer;

/**
 * Opaque bytes, never byte-swapped: the core spec's {@code r<N>} (N bits, a multiple of 8), or zarr-python's
 * {@code raw_bytes} (numpy's {@code V<n>}) of the same layout, which {@link #rawBytes()} remembers so a copy spells it
 * as it was read.
 *
 * @param bits the size in bits, a multiple of 8
 * @param rawBytes true when the metadata spelled it {@code raw_bytes}
 */
public record RawType(int bits, boolean rawBytes) implements DataType {
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

    /**
     * {@code r<bits>}.
     *
     * @param bits the size in bits, a positive multiple of 8
     * @throws ZarrException.BadRequest when {@code bits} is not a positive multiple of 8
     */
    public RawType(int bits) {
        this(bits, false);
    }

    @Override
    public int byteSize() {
        return bits / 8;
    }

    @Override
    public String describe() {
        return rawBytes ? "raw_bytes[" + bits / 8 + "]" : "r" + bits;
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
    }
}
