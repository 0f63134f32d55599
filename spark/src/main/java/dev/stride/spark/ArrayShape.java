package dev.stride.spark;

import dev.stride.ZarrArray;

import java.io.Serializable;

/** What planning needs of an array, read once on the driver: its shape, stored chunk shape and record size. */
record ArrayShape(long[] shape, long[] chunkShape, long recordSize) implements Serializable {
    static ArrayShape of(ZarrArray array) {
        return new ArrayShape(array.shape(), array.metadata().chunkShape(), array.layout().recordSize());
    }
}
