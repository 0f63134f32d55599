package dev.stride.azure;

import dev.stride.azure.testing.Azurite;
import dev.stride.http.HttpSettings;
import dev.stride.http.UploadSettings;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.WritableStoreContract;

import java.lang.foreign.MemorySegment;
import java.util.Map;

/** The store contract over Azurite, each store in a container of its own, listed in pages of two names. */
class AzureStoreContractTest extends WritableStoreContract {
    private static final AzStoreProvider PROVIDER = new AzStoreProvider();
    /** A well-formed key that is not the account's: 64 zero bytes in base64. */
    static final String WRONG_KEY = java.util.Base64.getEncoder().encodeToString(new byte[64]);

    @Override
    protected boolean sendsRequests() {
        return true;
    }

    /** Two retries, not ten, so that a failure the kit expects is reported soon. */
    @Override
    protected WritableStore emptyWritable() {
        Azurite azurite = Azurite.get();
        return AzureStoreProvider.open(StoreDescriptor.parse(azurite.uri(azurite.container("contract"), "data.zarr", "retries=2")), 2);
    }

    /** Azurite, like Azure, answers 409 to a Put Blob with {@code If-None-Match: *} over an existing blob. */
    @Override
    protected boolean createsConditionally() {
        return true;
    }

    @Override
    protected Folders folders() {
        return Folders.PREFIXES;
    }

    /** A blob read with a wrong account key: the service refuses the signature (403). */
    @Override
    protected Unreadable unreadable() {
        Azurite azurite = Azurite.get();
        String container = azurite.container("private");
        try (WritableStore writer = PROVIDER.openWritable(StoreDescriptor.parse(azurite.uri(container, "data.zarr", "")))) {
            writer.write("c/0", MemorySegment.ofArray(new byte[] {1}));
        }
        StoreDescriptor where = StoreDescriptor.parse(azurite.uri(container, "data.zarr", "retries=0"));
        Map<String, String> env = Map.of("AZURE_STORAGE_ACCOUNT", Azurite.ACCOUNT, "AZURE_STORAGE_KEY", WRONG_KEY);
        AzureStore wrong = AzureStore.open(AzureConfig.resolve(where, env), HttpSettings.from(where, AzureConfig.OPTION_NAMES), UploadSettings.DEFAULTS, env, 0);
        return new Unreadable(wrong, "c/0", azurite.endpoint() + "/" + container + "/data.zarr/c/0");
    }
}
