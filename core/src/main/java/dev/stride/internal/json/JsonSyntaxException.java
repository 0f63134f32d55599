package dev.stride.internal.json;

/**
 * The bytes are not one well-formed JSON document. Never leaves the library as it is: a {@code zarr.json} that does
 * not parse is {@link dev.stride.model.ZarrException.InvalidMetadata}.
 */
public final class JsonSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public JsonSyntaxException(String message) {
        super(message);
    }
}
