package dev.stride.testing;

import dev.stride.internal.document.MetadataParser;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.GroupMetadata;
import dev.stride.model.NodeMetadata;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code zarr.json} written by hand as JSON text, member by member and in order, so tests state documents the way
 * the spec shows them. In values given to {@link #with}, a single quote stands for a double quote
 * ({@code "{'name': 'bytes'}"}); {@link #withRaw} takes text as is. Immutable: each change returns a new document.
 */
public final class Doc {
    public static final String BYTES_LE = "{'name': 'bytes', 'configuration': {'endian': 'little'}}";
    public static final String BYTES_BE = "{'name': 'bytes', 'configuration': {'endian': 'big'}}";

    private final Map<String, String> members;

    private Doc(Map<String, String> members) {
        this.members = members;
    }

    /** A valid array: int32, shape [4], regular chunks of [2], default keys, fill 0, little-endian bytes. */
    public static Doc array() {
        return new Doc(new LinkedHashMap<>())
                .with("zarr_format", "3")
                .with("node_type", "'array'")
                .with("shape", "[4]")
                .with("data_type", "'int32'")
                .with("chunk_grid", regular("[2]"))
                .with("chunk_key_encoding", "{'name': 'default', 'configuration': {'separator': '/'}}")
                .with("fill_value", "0")
                .with("codecs", "[" + BYTES_LE + "]");
    }

    /** An array of a data type and fill value, with the given shape and chunk shape and codec list. */
    public static Doc array(String dataType, String shape, String chunkShape, String fill, String... codecs) {
        return array().with("data_type", dataType).with("shape", shape).with("chunk_grid", regular(chunkShape))
                .with("fill_value", fill).with("codecs", "[" + String.join(", ", codecs) + "]");
    }

    public static Doc group() {
        return new Doc(new LinkedHashMap<>()).with("zarr_format", "3").with("node_type", "'group'");
    }

    public static String regular(String chunkShape) {
        return "{'name': 'regular', 'configuration': {'chunk_shape': " + chunkShape + "}}";
    }

    /** A struct data type from field objects, e.g. {@code struct("{'name': 'x', 'data_type': 'float32'}")}. */
    public static String struct(String... fields) {
        return "{'name': 'struct', 'configuration': {'fields': [" + String.join(", ", fields) + "]}}";
    }

    public static String field(String name, String dataType) {
        return "{'name': '" + name + "', 'data_type': " + dataType + "}";
    }

    /** Sets (in place, keeping its position) or appends a member; single quotes stand for double quotes. */
    public Doc with(String member, String json) {
        return withRaw(member, json.replace('\'', '"'));
    }

    public Doc withRaw(String member, String json) {
        Map<String, String> copy = new LinkedHashMap<>(members);
        copy.put(member, json);
        return new Doc(copy);
    }

    public Doc without(String member) {
        Map<String, String> copy = new LinkedHashMap<>(members);
        copy.remove(member);
        return new Doc(copy);
    }

    /** The same members in reverse order. */
    public Doc reversed() {
        Map<String, String> copy = new LinkedHashMap<>();
        members.keySet().stream().toList().reversed().forEach(k -> copy.put(k, members.get(k)));
        return new Doc(copy);
    }

    public String json() {
        StringBuilder s = new StringBuilder("{");
        members.forEach((k, v) -> s.append(s.length() == 1 ? "" : ", ").append('"').append(k).append("\": ").append(v));
        return s.append('}').toString();
    }

    public byte[] bytes() {
        return json().getBytes(StandardCharsets.UTF_8);
    }

    /** Parses as the node {@code /a}. */
    public NodeMetadata parse() {
        return MetadataParser.parse("/a", bytes());
    }

    public ArrayMetadata parseArray() {
        return (ArrayMetadata) parse();
    }

    public GroupMetadata parseGroup() {
        return (GroupMetadata) parse();
    }

    @Override
    public String toString() {
        return json();
    }
}
