/**
 * Stride over Azure Blob Storage: {@code az://container/prefix} and {@code abfs[s]://container@account.dfs.core.windows.net/prefix}
 * stores that read through Stride's own HTTP transport and list and write through the Azure SDK's blob client (its
 * requests over the JDK's own HTTP client, not Netty), with the SDK's credential types: account key, SAS token,
 * connection string, the DefaultAzureCredential chain, or none for a public container.
 */
module dev.stride.azure {
    requires transitive dev.stride.http;
    requires com.azure.core;
    requires com.azure.core.http.jdk.httpclient;
    requires com.azure.identity;
    requires com.azure.storage.blob;
    requires com.azure.storage.common;

    exports dev.stride.azure;

    provides dev.stride.spi.StoreProvider with dev.stride.azure.AzStoreProvider, dev.stride.azure.AbfsStoreProvider,
            dev.stride.azure.AbfssStoreProvider;
}
