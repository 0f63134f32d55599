package dev.stride.model;

/**
 * One extension-point entry of a {@code zarr.json} (data type, chunk grid, key encoding, codec, storage
 * transformer) with the JSON pointer it came from, for error messages.
 *
 * @param name the extension's name
 * @param configuration its configuration (empty when absent)
 * @param mustUnderstand whether a reader that does not know it must refuse the node
 * @param pointer the JSON pointer of the entry in its document
 * @param configurationPointer the JSON pointer of the object holding its configuration members: {@code
 *        pointer + "/configuration"} in {@code zarr.json}, the entry itself for a Zarr v2 compressor or filter
 */
public record Extension(String name, Json.JObject configuration, boolean mustUnderstand, String pointer, String configurationPointer) {

    /**
     * An entry of {@code zarr.json}, its configuration under {@code pointer + "/configuration"}.
     *
     * @param name the extension's name
     * @param configuration its configuration (empty when absent)
     * @param mustUnderstand whether a reader that does not know it must refuse the node
     * @param pointer the JSON pointer of the entry in its document
     */
    public Extension(String name, Json.JObject configuration, boolean mustUnderstand, String pointer) {
        this(name, configuration, mustUnderstand, pointer, pointer + "/configuration");
    }

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
