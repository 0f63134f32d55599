package dev.stride.spark;

import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;
import dev.stride.testing.UnlistedStore;

import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * The {@code unlisted} scheme: {@code unlisted:///dir} is the directory {@code dir} read through the file store, but as
 * a store that cannot list, like HTTP without a listing.
 */
public final class UnlistedStoreProvider implements StoreProvider {
    @Override
    public String scheme() {
        return "unlisted";
    }

    @Override
    public Store open(StoreDescriptor where) {
        Store files = ServiceLoader.load(StoreProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(p -> p.scheme().equals("file"))
                .findFirst().orElseThrow()
                .open(new StoreDescriptor(Path.of(where.uri().getPath()).toUri(), where.options()));
        return new UnlistedStore(files, where);
    }

    /** The URI of a directory read through this scheme. */
    static String uri(Path dir) {
        return "unlisted://" + dir.toAbsolutePath().toUri().getRawPath();
    }
}
