package dev.stride.spark;

import dev.stride.ZarrArray;

import java.io.Serializable;

/** What planning needs of an array, read once on the driver: its shape, stored chunk shape and record size. */
record ArrayShape(String path, long[] shape, long[] chunkShape, long recordSize) implements Serializable {
    static ArrayShape of(ZarrArray array) {
        return new ArrayShape(array.path(), array.shape(), array.metadata().chunkShape(), array.layout().recordSize());
    }

    long records() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }
}
