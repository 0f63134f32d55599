package dev.stride.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A group's {@code zarr.json}. {@link #consolidated()} holds the inline consolidated metadata of the nodes below,
 * keyed by their path relative to the group ({@code child/grandchild}), or is null when there is none.
 *
 * @param path the group's path in its hierarchy
 * @param attributes the user attributes
 * @param consolidated the metadata of the nodes below by relative path, or null
 * @param json the document as read
 */
public record GroupMetadata(String path, Json.JObject attributes, Map<String, NodeMetadata> consolidated, Json.JObject json)
        implements NodeMetadata {

    /** The metadata, keeping an unmodifiable copy of the consolidated entries. */
    public GroupMetadata {
        consolidated = consolidated == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(consolidated));
    }
}
