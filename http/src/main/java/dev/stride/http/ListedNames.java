package dev.stride.http;

import dev.stride.model.ZarrException;

import java.util.List;
import java.util.TreeSet;

/**
 * The names an object store's listing gives below one prefix, gathered page by page: the objects there and the common
 * prefixes one {@code /} further down, each named by what follows the prefix (a common prefix without its trailing
 * {@code /}), sorted and each once, as {@link dev.stride.spi.ListableStore#list} answers. An object named like the
 * prefix itself (a folder marker some tools write) has no name of its own and is left out; a name the server lists
 * outside the prefix means the listing cannot be trusted, and fails it.
 */
public final class ListedNames {
    private final String prefix;
    private final String below;
    private final TreeSet<String> names = new TreeSet<>();

    /**
     * An empty listing.
     *
     * @param prefix the store's listing prefix as the caller gave it, which failures name
     * @param below the object key prefix that every listed name must start with
     */
    public ListedNames(String prefix, String below) {
        this.prefix = prefix;
        this.below = below;
    }

    /**
     * Adds an object of the listing.
     *
     * @param objectKey the object's full key
     * @throws ZarrException.StoreFailure when it is not below the prefix
     */
    public void addObject(String objectKey) {
        if (!objectKey.startsWith(below)) {
            throw new ZarrException.StoreFailure(prefix, "cannot be listed: the server listed '" + objectKey + "', which is not below '" + below + "'", null);
        }
        String name = objectKey.substring(below.length());
        if (!name.isEmpty()) {
            names.add(name);
        }
    }

    /**
     * Adds a common prefix of the listing (a folder), with or without its trailing {@code /}.
     *
     * @param commonPrefix the prefix's full key
     * @throws ZarrException.StoreFailure when it is not below the prefix
     */
    public void addCommonPrefix(String commonPrefix) {
        addObject(commonPrefix.endsWith("/") ? commonPrefix.substring(0, commonPrefix.length() - 1) : commonPrefix);
    }

    /**
     * The names gathered so far.
     *
     * @return the names, sorted, each once
     */
    public List<String> names() {
        return List.copyOf(names);
    }
}
