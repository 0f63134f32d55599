package dev.stride.model;

/** The bytes are not one well-formed JSON document (read as {@code zarr.json}, it is {@link ZarrException.InvalidMetadata}). */
public final class JsonSyntaxException extends ZarrException {

    private static final long serialVersionUID = 1L;
    public JsonSyntaxException(String message) {
        super(null, null, null, message, null);
    }
}
