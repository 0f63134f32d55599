package dev.stride.model;

import java.util.function.BiConsumer;

/**
 * zarr-python's {@code null_terminated_bytes}, numpy's {@code S<n>}: byte strings of at most {@code length} bytes,
 * padded with NULs. A value reads as its bytes up to the first trailing NUL (numpy drops trailing NULs, keeps inner ones).
 *
 * @param length the stored size in bytes
 */
public record FixedBytesType(int length) implements DataType {
    /**
     * A byte string type of {@code length} bytes.
     *
     * @throws ZarrException.BadRequest when {@code length} is not positive
     */
    public FixedBytesType {
        if (length <= 0) {
            throw new ZarrException.BadRequest(null, "a fixed-length byte string needs at least one byte: " + length);
        }
    }

    @Override
    public int byteSize() {
        return length;
    }

    @Override
    public String describe() {
        return "null_terminated_bytes[" + length + "]";
    }

    @Override
    public void forEachSwapUnit(long offset, BiConsumer<Long, Integer> unit) {
    }
}
