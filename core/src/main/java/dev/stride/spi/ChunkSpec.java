package dev.stride.spi;

import dev.stride.model.DataType;
import dev.stride.model.FillValue;

import java.util.Arrays;

/** What a codec sees: the shape of a chunk (after preceding array->array codecs), its data type and fill value. */
public record ChunkSpec(long[] shape, DataType type, FillValue fill) {
    public ChunkSpec {
        shape = shape.clone();
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    public long elements() {
        long n = 1;
        for (long s : shape) {
            n = Math.multiplyExact(n, s);
        }
        return n;
    }

    /** Decoded size in bytes. */
    public long byteSize() {
        return Math.multiplyExact(elements(), (long) type.byteSize());
    }

    public ChunkSpec withShape(long[] newShape) {
        return new ChunkSpec(newShape, type, fill);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChunkSpec c && Arrays.equals(c.shape, shape) && c.type.equals(type) && c.fill.equals(fill);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(shape) * 31 + type.hashCode();
    }

    @Override
    public String toString() {
        return Arrays.toString(shape) + " " + type.describe();
    }
}
