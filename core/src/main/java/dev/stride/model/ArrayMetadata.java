package dev.stride.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * An array's {@code zarr.json}, validated: shape, data type, regular chunk grid, chunk key encoding, fill value
 * (as exact bits), the codec chain as written (resolved into codecs by the reader and the writer), dimension names
 * and attributes. Plain data: {@code internal.metadata} parses and prints it.
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

    public ArrayMetadata {
        shape = shape.clone();
        chunkShape = chunkShape.clone();
        codecs = List.copyOf(codecs);
        dimensionNames = dimensionNames == null ? null : Collections.unmodifiableList(new ArrayList<>(dimensionNames));
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    @Override
    public long[] chunkShape() {
        return chunkShape.clone();
    }

    public int rank() {
        return shape.length;
    }

    /** Number of elements. */
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
