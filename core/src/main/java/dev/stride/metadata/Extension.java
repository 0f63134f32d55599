package dev.stride.metadata;

import dev.stride.json.Json;

/**
 * One extension-point entry of a {@code zarr.json} (data type, chunk grid, key encoding, codec, storage
 * transformer) with the JSON pointer it came from, for error messages.
 */
public record Extension(String name, Json.JObject configuration, boolean mustUnderstand, String pointer) {

    /** Parses a list of extension entries (a codec chain) found at {@code pointer} of node {@code node}'s metadata. */
    public static java.util.List<Extension> list(String node, Json json, String pointer) {
        return new Node(node).extensions(json, pointer);
    }

    public Json get(String member) {
        return configuration.get(member);
    }
}
