package dev.stride.azure;

import dev.stride.http.HttpSettings;
import dev.stride.http.UploadSettings;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;

import java.util.HashSet;
import java.util.Set;

/**
 * Opens Azure Blob stores of one URI scheme ({@code az}, {@code abfs}, {@code abfss}: the same stores, as adlfs
 * reads them): read, listed and written, see {@link AzureStore}. The options are {@link AzureConfig}'s ({@code account},
 * {@code endpoint}, {@code anonymous}), {@link UploadSettings}' {@code partSize} (the block size, and the largest
 * value written in one request) and {@code partsInFlight}, and all of {@link HttpSettings}'; {@code connections},
 * {@code coalesceGap} and {@code retryTime} shape the reads only, which go through Stride's own HTTP transport, while
 * the SDK's client (listing, writes) pools connections and paces its retries itself.
 */
public abstract sealed class AzureStoreProvider implements StoreProvider permits AzStoreProvider, AbfsStoreProvider, AbfssStoreProvider {
    /** The smallest block size taken: Azure takes blocks of any size, but smaller ones would only multiply requests. */
    static final long MIN_BLOCK = 64 << 10;

    /** For the subclasses ServiceLoader makes. */
    AzureStoreProvider() {
    }

    /** Opens a store that can be read, listed and written; nothing is asked of the service until a read. */
    @Override
    public AzureStore open(StoreDescriptor where) {
        return open(where, 0);
    }

    /** As {@link #open}: a container needs nothing made before a blob is written. */
    @Override
    public AzureStore openWritable(StoreDescriptor where) {
        return open(where);
    }

    /** As {@link #open}, asking the service for {@code listPageSize} names per listing page (0: its own default). */
    static AzureStore open(StoreDescriptor where, int listPageSize) {
        Set<String> storeOptions = new HashSet<>(AzureConfig.OPTION_NAMES);
        storeOptions.addAll(UploadSettings.NAMES);
        HttpSettings settings = HttpSettings.from(where, storeOptions);
        UploadSettings uploads = UploadSettings.from(where, MIN_BLOCK);
        AzureConfig config = AzureConfig.resolve(where, System.getenv());
        return AzureStore.open(config, settings, uploads, System.getenv(), listPageSize);
    }
}
