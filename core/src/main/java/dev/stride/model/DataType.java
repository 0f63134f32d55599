package dev.stride.model;

import java.util.function.BiConsumer;

/** A Zarr v3 data type of fixed size: a core type, raw bits, a numpy time type or a struct of fields. */
public sealed interface DataType permits CoreType, RawType, TimeType, StructType {

    /** Encoded size of one element in bytes. */
    int byteSize();

    /** The name as it appears in metadata, with parameters: {@code float64}, {@code r24}, {@code numpy.datetime64[s]}. */
    String describe();

    /**
     * Calls {@code unit} with (offset, size) of each part of an element whose bytes the codec's byte order
     * reverses: multi-byte numbers, each half of a complex number; never raw bits or single bytes.
     */
    void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit);

    /** True when some part is multi-byte, so the {@code bytes} codec needs an {@code endian}. */
    default boolean hasByteOrder() {
        boolean[] any = {false};
        forEachSwapUnit(0, (off, size) -> any[0] = true);
        return any[0];
    }
}
