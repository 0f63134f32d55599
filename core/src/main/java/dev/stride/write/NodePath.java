package dev.stride.write;

import dev.stride.ZarrException;
import dev.stride.metadata.NodeMetadata;

/** A node's absolute path ({@code /}, {@code /a/b}) with legal names, and where its keys live in the store. */
record NodePath(String path) {

    /** {@code /a/b} for "a/b", "/a/b/" and the like; refuses names the spec forbids. */
    static NodePath of(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        for (String name : trimmed.split("/")) {
            String bad = trimmed.isEmpty() ? null : NodeMetadata.invalidNameReason(name);
            if (bad != null) {
                throw new ZarrException.BadRequest(path, bad);
            }
        }
        return new NodePath("/" + trimmed);
    }

    boolean isRoot() {
        return path.equals("/");
    }

    /** Key prefix of the node's chunks and children: "" for the root, "a/b/" for /a/b. */
    String prefix() {
        return isRoot() ? "" : path.substring(1) + "/";
    }

    String metadataKey() {
        return prefix() + "zarr.json";
    }

    /** The group this node is in; null for the root. */
    NodePath parent() {
        return isRoot() ? null : new NodePath(path.substring(0, Math.max(1, path.lastIndexOf('/'))));
    }

    @Override
    public String toString() {
        return path;
    }
}
