package dev.stride.azure;

/** The {@code abfss} scheme of Azure Blob stores; see {@link AzureStoreProvider}. */
public final class AbfssStoreProvider extends AzureStoreProvider {

    /** What {@link java.util.ServiceLoader} calls. */
    public AbfssStoreProvider() {
        // no state: every store resolves its own settings and credentials
    }

    @Override
    public String scheme() {
        return "abfss";
    }
}
