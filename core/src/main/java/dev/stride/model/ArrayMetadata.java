package dev.stride.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * An array's {@code zarr.json}, validated: shape, data type, regular chunk grid, chunk key encoding, fill value
 * (as exact bits), the codec chain as written (resolved into codecs by the reader and the writer), dimension names
 * and attributes. Plain data: {@code internal.metadata} parses and prints it.
 *
 * @param path the array's path in its hierarchy
 * @param shape the size along each dimension, in elements
 * @param dataType the data type of one element
 * @param chunkShape the regular chunk grid's chunk shape (the shard shape when sharded)
 * @param keyEncoding how chunk coordinates become store keys
 * @param fillValue what an element never written reads as
 * @param codecs the codec chain as written
 * @param dimensionNames one name (or null) per dimension, or null when none are given
 * @param attributes the user attributes
 * @param json the document as read
 */
public record ArrayMetadata(
        String path,
        long[] shape,
        DataType dataType,
        long[] chunkShape,
        ChunkKeyEncoding keyEncoding,
        FillValue fillValue,
        List<Extension> codecs,
        List<String> dimensionNames,
        Json.JObject attributes,
        Json.JObject json) implements NodeMetadata {

    /** The metadata, copying the arrays and lists it is given. */
    public ArrayMetadata {
        shape = shape.clone();
        chunkShape = chunkShape.clone();
        codecs = List.copyOf(codecs);
        dimensionNames = dimensionNames == null ? null : Collections.unmodifiableList(new ArrayList<>(dimensionNames));
    }

    /**
     * The size along each dimension.
     *
     * @return a copy of the shape, in elements
     */
    @Override
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The chunk shape of the regular grid (the shard shape when sharded).
     *
     * @return a copy of the chunk shape, in elements
     */
    @Override
    public long[] chunkShape() {
        return chunkShape.clone();
    }

    /**
     * The number of dimensions.
     *
     * @return the rank, 0 for a single element
     */
    public int rank() {
        return shape.length;
    }

    /**
     * Number of elements.
     *
     * @return the product of the shape
     */
    public long size() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ArrayMetadata m && m.path.equals(path) && m.json.equals(json);
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + json.hashCode();
    }

    @Override
    public String toString() {
        return "ArrayMetadata[" + path + " " + Arrays.toString(shape) + " " + dataType.describe() + "]";
    }
}
