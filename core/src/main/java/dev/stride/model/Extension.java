package dev.stride.model;

/**
 * One extension-point entry of a {@code zarr.json} (data type, chunk grid, key encoding, codec, storage
 * transformer) with the JSON pointer it came from, for error messages.
 *
 * @param name the extension's name
 * @param configuration its configuration (empty when absent)
 * @param mustUnderstand whether a reader that does not know it must refuse the node
 * @param pointer the JSON pointer of the entry in its document
 */
public record Extension(String name, Json.JObject configuration, boolean mustUnderstand, String pointer) {

    /**
     * A member of the configuration.
     *
     * @param member the member's name
     * @return its value, or null when absent
     */
    public Json get(String member) {
        return configuration.get(member);
    }
}
