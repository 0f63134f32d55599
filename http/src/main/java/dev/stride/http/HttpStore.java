package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * A hierarchy served over {@code http://} or {@code https://}, read only: key {@code a/b} of
 * {@code https://host/data.zarr} is {@code https://host/data.zarr/a/b}. HTTP cannot list, so this is no
 * {@link dev.stride.spi.ListableStore}: a hierarchy is found through its {@code zarr.json} files (consolidated
 * metadata). The options are those of {@link HttpSettings}.
 */
public final class HttpStore extends RemoteStore {
    /** The root's URI without a trailing slash. */
    private final String root;

    private HttpStore(StoreDescriptor descriptor, HttpSettings settings) {
        super(descriptor, new HttpTransport(settings));
        String uri = descriptor.uri().toString();
        this.root = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    /**
     * Opens the hierarchy at an {@code http} or {@code https} URI; nothing is asked of the server until a read.
     *
     * @throws ZarrException.BadRequest when the URI has no host, or an option is unknown or bad
     */
    public static HttpStore open(StoreDescriptor where) {
        URI uri = where.uri();
        if (!Set.of("http", "https").contains(where.scheme().toLowerCase(Locale.ROOT)) || uri.getHost() == null) {
            throw new ZarrException.BadRequest(null, "the URI " + uri + " is not an http:// or https:// URI with a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new ZarrException.BadRequest(null, "the URI of a store must not carry a user name or password");
        }
        HttpSettings settings = HttpSettings.from(where, Set.of());
        return new HttpStore(new StoreDescriptor(uri, settings.options()), settings);
    }

    /**
     * The key's URI, each byte outside the unreserved characters and {@code /} percent-encoded.
     *
     * @throws ZarrException.StoreFailure for a key with an empty, {@code .} or {@code ..} segment, which a server
     *         would resolve to another place
     */
    @Override
    protected URI uriOf(String key) {
        return URI.create(root + "/" + KeyPaths.encode(KeyPaths.check(key)));
    }
}
