package dev.stride.model;

/** A parsed, validated {@code zarr.json}: an array's or a group's. */
public sealed interface NodeMetadata permits ArrayMetadata, GroupMetadata {

    /** The node's path in its hierarchy: {@code /} for the root, else {@code /a/b}. */
    String path();

    Json.JObject attributes();

    /** The document as read. */
    Json.JObject json();

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
