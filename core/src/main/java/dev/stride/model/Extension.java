package dev.stride.model;

/**
 * One extension-point entry of a {@code zarr.json} (data type, chunk grid, key encoding, codec, storage
 * transformer) with the JSON pointer it came from, for error messages.
 */
public record Extension(String name, Json.JObject configuration, boolean mustUnderstand, String pointer) {

    public Json get(String member) {
        return configuration.get(member);
    }
}
