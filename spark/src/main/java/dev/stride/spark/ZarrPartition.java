package dev.stride.spark;

import dev.stride.model.Region;
import org.apache.spark.sql.connector.read.InputPartition;

/** A box of the array that one task reads; no preferred locations: any executor reaches the store. */
record ZarrPartition(long[] start, long[] stop) implements InputPartition {
    Region region() {
        return new Region(start, stop);
    }
}
