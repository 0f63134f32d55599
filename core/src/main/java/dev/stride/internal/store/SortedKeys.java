package dev.stride.internal.store;

import dev.stride.model.ZarrException;
import dev.stride.spi.Store;

import java.util.List;
import java.util.NavigableMap;
import java.util.TreeSet;

/**
 * The folder rules of a directory, for stores that hold their keys in one sorted map (memory, a zip's entries): a key
 * is a file, each of its prefixes a folder.
 */
public final class SortedKeys {
    private SortedKeys() {
    }

    /**
     * Fails as a directory would for {@code name}, which has no value: when keys lie below it (a folder), or it lies
     * below a value (a file); {@code key} is what the failure names, with the reasons readers match on.
     */
    public static void refuseFolderOrBelowValue(NavigableMap<String, ?> values, String name, String key) {
        String below = values.ceilingKey(name + "/");
        if (below != null && below.startsWith(name + "/")) {
            throw new ZarrException.StoreFailure(key, "is a directory, not a file", null);
        }
        for (int slash = name.indexOf('/'); slash >= 0; slash = name.indexOf('/', slash + 1)) {
            if (values.containsKey(name.substring(0, slash))) {
                throw new ZarrException.StoreFailure(key, Store.PARENT_NOT_A_DIRECTORY, null);
            }
        }
    }

    /** The names directly below {@code prefix} ("" or ending in '/'), sorted, each once. */
    public static List<String> namesBelow(NavigableMap<String, ?> values, String prefix) {
        TreeSet<String> names = new TreeSet<>();
        for (String key : values.tailMap(prefix, true).keySet()) {
            if (!key.startsWith(prefix)) {
                break;
            }
            String rest = key.substring(prefix.length());
            int slash = rest.indexOf('/');
            names.add(slash < 0 ? rest : rest.substring(0, slash));
        }
        return List.copyOf(names);
    }
}
