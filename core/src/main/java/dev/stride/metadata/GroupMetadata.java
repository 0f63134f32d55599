package dev.stride.metadata;

import dev.stride.codec.CodecRegistry;
import dev.stride.json.Json;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A group's {@code zarr.json}. {@link #consolidated()} holds the inline consolidated metadata of the nodes below,
 * keyed by their path relative to the group ({@code child/grandchild}), or is null when there is none.
 */
public record GroupMetadata(String path, Json.JObject attributes, Map<String, NodeMetadata> consolidated, Json.JObject json)
        implements NodeMetadata {

    private static final Set<String> MEMBERS = Set.of("zarr_format", "node_type", "attributes", "consolidated_metadata");

    public GroupMetadata {
        consolidated = consolidated == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(consolidated));
    }

    static GroupMetadata parse(Node node, Json.JObject doc, CodecRegistry codecs) {
        node.refuseUnknownMembers(doc, "", MEMBERS);
        Json.JObject attributes = ArrayMetadata.attributes(node, doc);
        Json cm = doc.get("consolidated_metadata");
        Map<String, NodeMetadata> consolidated = null;
        if (cm != null && cm != Json.JNull.NULL) {
            consolidated = consolidated(node, node.object(cm, "/consolidated_metadata"), codecs);
        }
        return new GroupMetadata(node.path(), attributes, consolidated, doc);
    }

    private static Map<String, NodeMetadata> consolidated(Node node, Json.JObject cm, CodecRegistry codecs) {
        String at = "/consolidated_metadata";
        node.refuseUnknownMembers(cm, at, Set.of("kind", "must_understand", "metadata"));
        String kind = node.string(node.required(cm, "kind", at), at + "/kind");
        if (!kind.equals("inline")) {
            throw node.unsupported(at + "/kind", "consolidated metadata of kind '" + kind + "' (only \"inline\" is defined)");
        }
        if (node.bool(node.required(cm, "must_understand", at), at + "/must_understand")) {
            throw node.invalid(at + "/must_understand", "consolidated metadata must say \"must_understand\": false");
        }
        Json.JObject entries = node.object(node.required(cm, "metadata", at), at + "/metadata");
        Map<String, NodeMetadata> out = new LinkedHashMap<>();
        for (var e : entries.members().entrySet()) {
            String relative = e.getKey();
            String pointer = at + "/metadata/" + Node.escape(relative);
            String childPath = node.path();
            for (String name : relative.split("/", -1)) {
                String bad = NodeMetadata.invalidNameReason(name);
                if (bad != null) {
                    throw node.invalid(pointer, bad);
                }
                childPath = NodeMetadata.childPath(childPath, name);
            }
            Node child = new Node(childPath);
            out.put(relative, NodeMetadata.parse(child, node.object(e.getValue(), pointer), codecs));
        }
        return out;
    }
}
