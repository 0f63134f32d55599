package dev.stride.azure;

import dev.stride.azure.testing.Azurite;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.StaleStatisticsContract;

/** Stale statistics over Azurite: the chunk is overwritten with a Put Blob, which gives the blob a new ETag. */
class StaleStatisticsOverAzureTest extends StaleStatisticsContract.OverWrites {
    @Override
    protected WritableStore emptyWritable() {
        Azurite azurite = Azurite.get();
        return new AzStoreProvider().openWritable(StoreDescriptor.parse(azurite.uri(azurite.container("stale"), "data.zarr", "")));
    }
}
