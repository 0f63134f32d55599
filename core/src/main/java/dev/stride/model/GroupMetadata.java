package dev.stride.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A group's {@code zarr.json} (or v2 {@code .zgroup}). {@link #consolidated()} holds the inline consolidated metadata
 * of the nodes below, keyed by their path relative to the group ({@code child/grandchild}), or is null when there is
 * none. zarr-python 2 consolidates arrays Stride cannot read too (object arrays of Python strings); those are in
 * {@link #unreadable()} instead, so a hierarchy that cannot be listed (over HTTP) still shows every node it has.
 *
 * @param path the group's path in its hierarchy
 * @param attributes the user attributes
 * @param consolidated the metadata of the nodes below by relative path, or null
 * @param json the document as read
 * @param unreadable the nodes below that the consolidated metadata lists but Stride cannot read, by relative path,
 *        each with why; opening one by its path fails saying the same
 */
public record GroupMetadata(String path, Json.JObject attributes, Map<String, NodeMetadata> consolidated, Json.JObject json,
                            Map<String, String> unreadable) implements NodeMetadata {

    /** The metadata, keeping unmodifiable copies of the consolidated entries and the unreadable ones. */
    public GroupMetadata {
        consolidated = consolidated == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(consolidated));
        unreadable = Collections.unmodifiableMap(new LinkedHashMap<>(unreadable));
    }

    /**
     * A group none of whose consolidated entries is unreadable.
     *
     * @param path the group's path in its hierarchy
     * @param attributes the user attributes
     * @param consolidated the metadata of the nodes below by relative path, or null
     * @param json the document as read
     */
    public GroupMetadata(String path, Json.JObject attributes, Map<String, NodeMetadata> consolidated, Json.JObject json) {
        this(path, attributes, consolidated, json, Map.of());
    }
}
