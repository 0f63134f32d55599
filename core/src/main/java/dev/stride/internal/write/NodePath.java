package dev.stride.internal.write;

import dev.stride.model.NodeMetadata;
import dev.stride.model.ZarrException;

/** A node's absolute path ({@code /}, {@code /a/b}) with legal names, and where its keys live in the store. */
public record NodePath(String path) {

    /** {@code /a/b} for "a/b", "/a/b/" and the like; refuses names the spec forbids. */
    public static NodePath of(String path) {
        String trimmed = ZarrException.BadRequest.requireNonNull(path, "path").replaceAll("^/+|/+$", "");
        for (String name : trimmed.split("/")) {
            String bad = trimmed.isEmpty() ? null : NodeMetadata.invalidNameReason(name);
            if (bad != null) {
                throw new ZarrException.BadRequest(path, bad);
            }
        }
        return new NodePath("/" + trimmed);
    }

    public boolean isRoot() {
        return path.equals("/");
    }

    /** Key prefix of the node's chunks and children: "" for the root, "a/b/" for /a/b. */
    public String prefix() {
        return isRoot() ? "" : path.substring(1) + "/";
    }

    public String metadataKey() {
        return prefix() + "zarr.json";
    }

    /** The group this node is in; null for the root. */
    public NodePath parent() {
        return isRoot() ? null : new NodePath(path.substring(0, Math.max(1, path.lastIndexOf('/'))));
    }

    @Override
    public String toString() {
        return path;
    }
}
