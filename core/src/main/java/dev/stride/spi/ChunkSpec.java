package dev.stride.spi;

import dev.stride.model.DataType;
import dev.stride.model.FillValue;

import java.util.Arrays;

/**
 * What a codec sees: the shape of a chunk (after the preceding array-to-array codecs), its data type and fill value.
 *
 * @param shape elements along each dimension, outermost first; copied in and out
 * @param type the chunk's data type
 * @param fill the array's fill value, which a codec may need to write an absent inner chunk
 */
public record ChunkSpec(long[] shape, DataType type, FillValue fill) {
    /** Copies {@code shape}. */
    public ChunkSpec {
        shape = shape.clone();
    }

    /** {@return a copy of the shape} */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The number of dimensions.
     *
     * @return the shape's length, 0 for a single element
     */
    public int rank() {
        return shape.length;
    }

    /**
     * The number of elements.
     *
     * @return the product of the shape
     * @throws ArithmeticException when it overflows a long
     */
    public long elements() {
        long n = 1;
        for (long s : shape) {
            n = Math.multiplyExact(n, s);
        }
        return n;
    }

    /**
     * The decoded size.
     *
     * @return bytes of the packed elements
     * @throws ArithmeticException when it overflows a long
     */
    public long byteSize() {
        return Math.multiplyExact(elements(), (long) type.byteSize());
    }

    /**
     * The same type and fill value for another shape, as an array-to-array codec's {@code encodedSpec} is.
     *
     * @param newShape the other shape
     * @return a spec of that shape
     */
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
