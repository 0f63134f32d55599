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

    /**
     * Where the group is in its hierarchy.
     *
     * @return its path from the root, {@code /} for the root
     */
    public String path() {
        return meta.path();
    }

    /**
     * The group's parsed metadata.
     *
     * @return its {@code zarr.json}, validated
     */
    public GroupMetadata metadata() {
        return meta;
    }

    /**
     * The group's user attributes.
     *
     * @return the {@code attributes} member of its {@code zarr.json} (empty when absent)
     */
    public Json.JObject attributes() {
        return meta.attributes();
    }

    /**
     * Names of the child nodes (groups and arrays), sorted.
     *
     * @return the child names, not paths (see {@link #group} and {@link #array})
     */
    public List<String> children() {
        return hierarchy.children(path());
    }

    /**
     * The group named {@code name} directly below this group (as {@link Zarr#group}).
     *
     * @param name a child's name, not a path
     * @return the group
     * @throws dev.stride.model.ZarrException.NodeNotFound when there is no such group
     */
    public Group group(String name) {
        return hierarchy.group(child(name));
    }

    /**
     * The array named {@code name} directly below this group (as {@link Zarr#array}).
     *
     * @param name a child's name, not a path
     * @return the open array, shared until the hierarchy closes
     * @throws dev.stride.model.ZarrException.NodeNotFound when there is no such array
     */
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
