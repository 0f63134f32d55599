package dev.stride.model;

/** A parsed, validated {@code zarr.json}: an array's or a group's. */
public sealed interface NodeMetadata permits ArrayMetadata, GroupMetadata {

    /**
     * The node's path in its hierarchy: {@code /} for the root, else {@code /a/b}.
     *
     * @return the path
     */
    String path();

    /**
     * The node's user attributes.
     *
     * @return the {@code attributes} member (empty when absent)
     */
    Json.JObject attributes();

    /**
     * The document as read.
     *
     * @return the parsed document
     */
    Json.JObject json();

    /**
     * The version of the Zarr format the node was read from: 2 for a {@code .zarray} or {@code .zgroup} (whose
     * {@link #json()} this is), 3 for a {@code zarr.json}.
     *
     * @return 2 or 3
     */
    default int zarrFormat() {
        return json().get("zarr_format") instanceof Json.JNumber n && n.bigInteger().intValue() == 2 ? 2 : 3;
    }

    /**
     * Checks a node name per the spec: not empty, no '/', not only periods, no "__" prefix, not "zarr.json".
     * Returns the reason it is refused, or null when it is legal.
     *
     * @param name a node name, not a path
     * @return why it is refused, or null when it is legal
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

    /**
     * The path of a child named {@code name} below {@code parent}.
     *
     * @param parent the parent's path
     * @param name the child's name
     * @return the child's path
     */
    static String childPath(String parent, String name) {
        return parent.equals("/") ? "/" + name : parent + "/" + name;
    }
}
