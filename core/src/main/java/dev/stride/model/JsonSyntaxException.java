package dev.stride.model;

/** The bytes are not one well-formed JSON document. */
public final class JsonSyntaxException extends RuntimeException {
    public JsonSyntaxException(String message) {
        super(message);
    }
}
