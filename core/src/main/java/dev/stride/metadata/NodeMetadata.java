package dev.stride.metadata;

import dev.stride.codec.CodecRegistry;
import dev.stride.json.Json;

/** A parsed, validated {@code zarr.json}: an array's or a group's. */
public sealed interface NodeMetadata permits ArrayMetadata, GroupMetadata {

    /** The node's path in its hierarchy: {@code /} for the root, else {@code /a/b}. */
    String path();

    Json.JObject attributes();

    /** The document as read. */
    Json.JObject json();

    /** Parses and validates one node's {@code zarr.json}; codecs are resolved with the default registry. */
    static NodeMetadata parse(String path, byte[] document) {
        return parse(path, document, CodecRegistry.defaults());
    }

    static NodeMetadata parse(String path, byte[] document, CodecRegistry codecs) {
        Node node = new Node(path);
        return parse(node, node.parseDocument(document), codecs);
    }

    static NodeMetadata parse(Node node, Json.JObject doc, CodecRegistry codecs) {
        long format = node.integer(node.required(doc, "zarr_format", ""), "/zarr_format", Long.MIN_VALUE, Long.MAX_VALUE);
        if (format != 3) {
            throw node.unsupported("/zarr_format", "zarr_format " + format + " is not 3");
        }
        String type = node.string(node.required(doc, "node_type", ""), "/node_type");
        return switch (type) {
            case "array" -> ArrayMetadata.parse(node, doc, codecs);
            case "group" -> GroupMetadata.parse(node, doc, codecs);
            default -> throw node.invalid("/node_type", "node_type must be \"array\" or \"group\", not \"" + type + "\"");
        };
    }

    /**
     * Checks a node name per the spec: not empty, no '/', not only periods, no "__" prefix, not "zarr.json".
     * Returns the reason it is refused, or null when it is legal.
     */
    static String invalidNameReason(String name) {
        if (name.isEmpty()) {
            return "a node name must not be empty";
        }
        if (name.contains("/")) {
            return "node name '" + name + "' contains '/'";
        }
        if (name.chars().allMatch(c -> c == '.')) {
            return "node name '" + name + "' consists only of periods";
        }
        if (name.startsWith("__")) {
            return "node name '" + name + "' starts with the reserved '__'";
        }
        if (name.equals("zarr.json")) {
            return "'zarr.json' is not a legal node name";
        }
        return null;
    }

    /** The path of a child named {@code name} below {@code parent}. */
    static String childPath(String parent, String name) {
        return parent.equals("/") ? "/" + name : parent + "/" + name;
    }
}
