package dev.stride;

import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;

import java.util.List;

/** A group of a hierarchy: its attributes and its children. */
public final class Group {
    private final Zarr hierarchy;
    private final GroupMetadata meta;

    Group(Zarr hierarchy, GroupMetadata meta) {
        this.hierarchy = hierarchy;
        this.meta = meta;
    }

    public String path() {
        return meta.path();
    }

    public GroupMetadata metadata() {
        return meta;
    }

    public Json.JObject attributes() {
        return meta.attributes();
    }

    /** Names of the child nodes (groups and arrays), sorted. */
    public List<String> children() {
        return hierarchy.children(path());
    }

    public Group group(String name) {
        return hierarchy.group(child(name));
    }

    public ZarrArray array(String name) {
        return hierarchy.array(child(name));
    }

    private String child(String name) {
        return dev.stride.model.NodeMetadata.childPath(path(), name);
    }

    @Override
    public String toString() {
        return "Group[" + path() + "]";
    }
}
