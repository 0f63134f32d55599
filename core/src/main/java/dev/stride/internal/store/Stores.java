package dev.stride.internal.store;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.StoreProvider;

import java.net.URI;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** The store providers on the class path by scheme, and how a path or URI given by a user becomes a descriptor. */
public final class Stores {
    /** A URI's scheme: two characters at least, so a Windows drive ({@code C:\x}) stays a path. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]+:");

    private static volatile Map<String, StoreProvider> providers;

    private Stores() {
    }

    /**
     * The provider of a scheme.
     *
     * @throws ZarrException.Unsupported when no provider on the class path has it (the message lists those that are)
     */
    public static StoreProvider provider(String scheme) {
        Map<String, StoreProvider> all = providers();
        StoreProvider p = all.get(scheme.toLowerCase(Locale.ROOT));
        if (p == null) {
            throw new ZarrException.Unsupported(null, null, "no store for the URI scheme '" + scheme + "'; the schemes available are "
                    + String.join(", ", all.keySet()) + " (others come from jars that provide dev.stride.spi.StoreProvider)");
        }
        return p;
    }

    private static Map<String, StoreProvider> providers() {
        Map<String, StoreProvider> found = providers;
        if (found == null) {
            Map<String, StoreProvider> all = new TreeMap<>();
            // the first provider of a scheme wins, as the class path orders them
            ServiceLoader.load(StoreProvider.class, Stores.class.getClassLoader())
                    .forEach(p -> all.putIfAbsent(p.scheme().toLowerCase(Locale.ROOT), p));
            providers = found = Map.copyOf(all);
        }
        return found;
    }

    /**
     * A path ({@code /x}, {@code relative/x}) or a URI ({@code file:///x}, {@code s3://bucket/x?region=...}) as a
     * descriptor; a relative path is taken from the working directory.
     *
     * @throws ZarrException.BadRequest when it is neither
     */
    public static StoreDescriptor parse(String pathOrUri) {
        if (SCHEME.matcher(pathOrUri).find()) {
            try {
                return StoreDescriptor.of(new URI(pathOrUri));
            } catch (java.net.URISyntaxException e) {
                throw new ZarrException.BadRequest(null, "'" + pathOrUri + "' is not a valid URI: " + e.getMessage());
            }
        }
        try {
            return StoreDescriptor.of(Path.of(pathOrUri).toAbsolutePath().normalize().toUri());
        } catch (InvalidPathException e) {
            throw new ZarrException.BadRequest(null, "'" + pathOrUri + "' is not a valid path: " + e.getMessage());
        }
    }
}
