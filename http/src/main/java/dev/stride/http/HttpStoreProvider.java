package dev.stride.http;

import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;

/** The {@code http} scheme: {@link HttpStore}, read only. */
public class HttpStoreProvider implements StoreProvider {

    /** For {@link java.util.ServiceLoader}. */
    public HttpStoreProvider() {
        // no state: the store keeps its settings
    }


    @Override
    public String scheme() {
        return "http";
    }

    @Override
    public HttpStore open(StoreDescriptor where) {
        return HttpStore.open(where);
    }
}
