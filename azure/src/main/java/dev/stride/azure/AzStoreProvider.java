package dev.stride.azure;

/** The {@code az} scheme of Azure Blob stores; see {@link AzureStoreProvider}. */
public final class AzStoreProvider extends AzureStoreProvider {

    /** What {@link java.util.ServiceLoader} calls. */
    public AzStoreProvider() {
        // no state: every store resolves its own settings and credentials
    }

    @Override
    public String scheme() {
        return "az";
    }
}
