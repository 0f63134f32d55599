package dev.stride.internal.store;

import dev.stride.model.ZarrException;
import dev.stride.spi.StoreProvider;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The store providers on the class path, by scheme. */
public final class Stores {
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
            // sorted, so an error lists the schemes in a stable order
            providers = found = Collections.unmodifiableMap(all);
        }
        return found;
    }
}
