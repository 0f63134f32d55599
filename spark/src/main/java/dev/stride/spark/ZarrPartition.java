package dev.stride.spark;

import dev.stride.model.Region;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * A box of the array that one task reads; no preferred locations: any executor reaches the store. A box of chunks the
 * store did not list when the scan was planned ({@code unwritten}) gives fill values without asking the store.
 */
record ZarrPartition(long[] start, long[] stop, boolean unwritten) implements InputPartition {
    static ZarrPartition read(Region box) {
        return new ZarrPartition(box.start(), box.stop(), false);
    }

    static ZarrPartition fill(Region box) {
        return new ZarrPartition(box.start(), box.stop(), true);
    }

    Region region() {
        return new Region(start, stop);
    }
}
