package dev.stride.azure;

/** The {@code abfs} scheme of Azure Blob stores; see {@link AzureStoreProvider}. */
public final class AbfsStoreProvider extends AzureStoreProvider {

    /** What {@link java.util.ServiceLoader} calls. */
    public AbfsStoreProvider() {
        // no state: every store resolves its own settings and credentials
    }

    @Override
    public String scheme() {
        return "abfs";
    }
}
