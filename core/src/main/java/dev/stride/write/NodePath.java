package dev.stride.write;

import dev.stride.ZarrException;
import dev.stride.metadata.NodeMetadata;

import java.util.ArrayList;
import java.util.List;

/** A node's absolute path ({@code /}, {@code /a/b}) with legal names, and where its keys live in the store. */
record NodePath(String path) {

    /** {@code /a/b} for "a/b", "/a/b/" and the like; refuses names the spec forbids. */
    static NodePath of(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        if (trimmed.isEmpty()) {
            return new NodePath("/");
        }
        String normalized = "/";
        for (String name : trimmed.split("/")) {
            String bad = NodeMetadata.invalidNameReason(name);
            if (bad != null) {
                throw new ZarrException.BadRequest(path, bad);
            }
            normalized = NodeMetadata.childPath(normalized, name);
        }
        return new NodePath(normalized);
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

    /** The groups above this node, root first. */
    List<NodePath> ancestors() {
        List<NodePath> out = new ArrayList<>();
        if (isRoot()) {
            return out;
        }
        String at = "/";
        out.add(new NodePath(at));
        String[] names = path.substring(1).split("/");
        for (int i = 0; i < names.length - 1; i++) {
            at = NodeMetadata.childPath(at, names[i]);
            out.add(new NodePath(at));
        }
        return out;
    }

    @Override
    public String toString() {
        return path;
    }
}
