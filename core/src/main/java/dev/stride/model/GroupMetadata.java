package dev.stride.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A group's {@code zarr.json}. {@link #consolidated()} holds the inline consolidated metadata of the nodes below,
 * keyed by their path relative to the group ({@code child/grandchild}), or is null when there is none.
 */
public record GroupMetadata(String path, Json.JObject attributes, Map<String, NodeMetadata> consolidated, Json.JObject json)
        implements NodeMetadata {

    public GroupMetadata {
        consolidated = consolidated == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(consolidated));
    }
}
