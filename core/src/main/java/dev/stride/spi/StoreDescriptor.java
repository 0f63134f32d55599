package dev.stride.spi;

import dev.stride.model.ZarrException;

import java.io.Serial;
import java.io.Serializable;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where a store is and how to open it, as a small value that can be sent to another JVM (a Spark executor) and opened
 * there with {@code Zarr.open(descriptor)}: the store's URI without its query, and its options (for {@code file}:
 * {@code io=auto|map|read}). Options may also be written as the URI's query, {@code file:///data/x.zarr?io=map}:
 * {@link #of(URI)} takes them from there. Which options a scheme knows is up to its {@link StoreProvider}, which
 * refuses the others; a store's {@link Store#descriptor()} gives one that its provider opens again. Two descriptors
 * are equal when their URIs and options are.
 *
 * @param uri the store's location, absolute, without a query or fragment
 * @param options the provider's options by name, sorted
 */
public record StoreDescriptor(URI uri, Map<String, String> options) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:");

    /**
     * A descriptor of a URI and options given apart; the options are copied.
     *
     * @throws ZarrException.BadRequest when the URI has no scheme, or a query or fragment
     */
    public StoreDescriptor {
        ZarrException.BadRequest.requireNonNull(uri, "uri");
        ZarrException.BadRequest.requireNonNull(options, "options");
        if (uri.getScheme() == null) {
            throw new ZarrException.BadRequest(null, "the store URI " + uri + " has no scheme");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new ZarrException.BadRequest(null, "the store URI " + uri + " has a query or fragment; give options apart");
        }
        options = Map.copyOf(options);
    }

    /**
     * The descriptor of a URI, its query ({@code name=value&...}, URL-encoded) taken as the options.
     *
     * @param uri an absolute URI, its query the options
     * @return the descriptor
     * @throws ZarrException.BadRequest when the URI has no scheme or has a fragment, or its query a part without '='
     *         or a name twice
     */
    public static StoreDescriptor of(URI uri) {
        if (ZarrException.BadRequest.requireNonNull(uri, "uri").getRawFragment() != null) {
            throw new ZarrException.BadRequest(null, "the store URI " + uri + " has a fragment (#" + uri.getRawFragment() + ")");
        }
        Map<String, String> options = new TreeMap<>();
        String query = uri.getRawQuery();
        if (query != null && !query.isEmpty()) {
            for (String part : query.split("&")) {
                int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new ZarrException.BadRequest(null, "the option '" + part + "' in " + uri + " is not name=value");
                }
                String name = decode(part.substring(0, eq));
                if (options.put(name, decode(part.substring(eq + 1))) != null) {
                    throw new ZarrException.BadRequest(null, "the option '" + name + "' is given twice in " + uri);
                }
            }
        }
        String text = uri.toString();
        int cut = text.indexOf('?');
        return new StoreDescriptor(URI.create(cut < 0 ? text : text.substring(0, cut)), options);
    }

    /**
     * A path ({@code /x}, {@code relative/x}, taken from the working directory) or a URI ({@code file:///x?io=map},
     * {@code s3://bucket/x}) as a descriptor. A string that starts with a scheme of two or more characters and a colon
     * is a URI (so {@code C:\\x} stays a path).
     *
     * @param pathOrUri a path or a URI, as a user types it
     * @return the descriptor
     * @throws ZarrException.BadRequest when it is neither, or as {@link #of(URI)}
     */
    public static StoreDescriptor parse(String pathOrUri) {
        if (SCHEME.matcher(ZarrException.BadRequest.requireNonNull(pathOrUri, "pathOrUri")).find()) {
            try {
                return of(new URI(pathOrUri));
            } catch (URISyntaxException e) {
                throw new ZarrException.BadRequest(null, "'" + pathOrUri + "' is not a valid URI: " + e.getMessage());
            }
        }
        try {
            return of(Path.of(pathOrUri).toAbsolutePath().normalize().toUri());
        } catch (InvalidPathException e) {
            throw new ZarrException.BadRequest(null, "'" + pathOrUri + "' is not a valid path: " + e.getMessage());
        }
    }

    /**
     * The directory of a {@code file} descriptor, or null for any other scheme.
     *
     * @return the directory, or null
     */
    public Path localPath() {
        return scheme().equalsIgnoreCase("file") ? Path.of(uri.getPath()) : null;
    }

    /**
     * The URI's scheme as written ({@code file}, {@code s3}): which {@link StoreProvider} opens this store.
     *
     * @return the URI's scheme, as written
     */
    public String scheme() {
        return uri.getScheme();
    }

    /**
     * The option {@code name}, or {@code otherwise} when it is not given.
     *
     * @param name the option's name
     * @param otherwise what to answer when it is not given
     * @return its value, or {@code otherwise}
     */
    public String option(String name, String otherwise) {
        return options.getOrDefault(ZarrException.BadRequest.requireNonNull(name, "name"), otherwise);
    }

    /**
     * The URI with the options as its query (sorted by name): what {@link #of(URI)} reads back as this descriptor.
     *
     * @return the URI with its options as the query
     */
    public URI toUri() {
        if (options.isEmpty()) {
            return uri;
        }
        String query = new TreeMap<>(options).entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return URI.create(uri + "?" + query);
    }

    @Override
    public String toString() {
        return toUri().toString();
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
