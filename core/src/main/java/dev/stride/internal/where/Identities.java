package dev.stride.internal.where;

import dev.stride.internal.read.Workers;
import dev.stride.spi.Store;
import dev.stride.spi.ValueIdentity;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The identities of many stored values at once: a remote store answers each look-up after a round trip (a HEAD), so
 * they are asked on as many threads as the store keeps reads in flight; a local one, whose look-up is a stat, on the
 * calling thread.
 */
final class Identities {
    private Identities() {
    }

    /** Each key's identity; a key that does not exist has none in the map. */
    static Map<String, ValueIdentity> of(Store store, List<String> keys) {
        Map<String, ValueIdentity> found = new ConcurrentHashMap<>();
        Workers.forEach(Math.max(1, store.readAhead()), keys.size(), null, item -> {
            String key = keys.get((int) item);
            ValueIdentity identity = store.identity(key);
            if (identity != null) {
                found.put(key, identity);
            }
        });
        return found;
    }
}
