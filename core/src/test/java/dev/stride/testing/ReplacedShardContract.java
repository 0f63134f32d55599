package dev.stride.testing;

import dev.stride.Zarr;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;

import static dev.stride.testing.ShardVersions.SHARD_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What every remote store must do with a shard replaced by a same-size version (inner chunks in another order) right
 * after its index was read: read the shard again from its index, or fail saying it changed; never give records of
 * the other version. A store's test says how it serves {@link ShardVersions} and replaces the shard.
 */
public abstract class ReplacedShardContract {
    /**
     * A store over the {@link ShardVersions} hierarchy that replaces the shard after each of its first {@code swaps}
     * index reads; {@code inFlight} requests at most in flight, 0 for the store's default.
     */
    protected abstract SwappingStore swapping(int inFlight, int swaps);

    @Test
    void aShardReplacedAfterItsIndexWasReadIsReadAgainFromItsIndex() {
        for (int inFlight : new int[] {1, 8}) {
            SwappingStore store = swapping(inFlight, 1);
            try (Zarr z = Zarr.open(store)) {
                var s = z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(2)).asIntegers();
                assertEquals(ShardVersions.FIRST_SUM, s.sum(), "inFlight " + inFlight);
                assertEquals(ShardVersions.INNER, s.count());
                assertEquals(1, store.swapped());
            }
        }
    }

    @Test
    void aShardReplacedAfterEveryIndexReadFailsSayingSo() {
        SwappingStore store = swapping(0, 10);
        try (Zarr z = Zarr.open(store)) {
            var e = assertThrows(ZarrException.StoreFailure.class,
                    () -> z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(2)));
            assertEquals("key " + SHARD_KEY + ": changed while being read (3 times in a row)", e.getMessage());
            assertEquals(3, store.swapped());
        }
    }
}
