package dev.stride.internal.write;

import dev.stride.internal.document.MetadataParser;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.spi.WritableStore;

import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The inline consolidated metadata of a group, as zarr-python 3 writes it into the group's {@code zarr.json}:
 * {@code {"kind": "inline", "must_understand": false, "metadata": {...}}}, where {@code metadata} holds the stored
 * {@code zarr.json} of every node below the group by its path relative to the group ({@code tracks},
 * {@code tracks/points}), shallower paths first, then by case-folded name; a group's entry says it has consolidated
 * metadata of its own, empty, as zarr-python marks the groups it consolidated through.
 */
public final class Consolidation {
    private static final String ZARR_JSON = "zarr.json";

    private Consolidation() {
    }

    /**
     * The consolidated metadata of every node stored below {@code group}, found by listing the store (hierarchies may
     * be thousands of groups deep, so without recursion); each document is parsed first, so no entry is one a reader
     * would refuse.
     */
    public static Json.JObject of(WritableStore store, NodePath group) {
        Map<String, Json> found = new LinkedHashMap<>();
        Deque<NodePath> pending = new ArrayDeque<>(List.of(group));
        while (!pending.isEmpty()) {
            NodePath parent = pending.pop();
            for (String name : store.list(parent.prefix())) {
                if (NodeMetadata.invalidNameReason(name) != null) {
                    continue;
                }
                NodePath child = new NodePath(NodeMetadata.childPath(parent.path(), name));
                byte[] doc = store.readBytes(child.metadataKey());
                if (doc == null) {
                    continue;
                }
                NodeMetadata node = MetadataParser.parse(child.path(), doc);
                Json.JObject json = node.json();
                String relative = child.path().substring(group.isRoot() ? 1 : group.path().length() + 1);
                if (node instanceof GroupMetadata) {
                    Map<String, Json> marked = new LinkedHashMap<>(json.members());
                    marked.put("consolidated_metadata", inline(new Json.JObject(Map.of())));
                    json = new Json.JObject(marked);
                    pending.push(child);
                }
                found.put(relative, json);
            }
        }
        List<String> order = new ArrayList<>(found.keySet());
        order.sort(Comparator.comparingLong((String path) -> path.chars().filter(c -> c == '/').count()).thenComparing(Consolidation::folded));
        Map<String, Json> sorted = new LinkedHashMap<>();
        order.forEach(path -> sorted.put(path, found.get(path)));
        return inline(new Json.JObject(sorted));
    }

    private static Json.JObject inline(Json.JObject metadata) {
        return Json.object("kind", Json.string("inline"), "must_understand", new Json.JBool(false), "metadata", metadata);
    }

    /** Python's NFKC-normalized {@code casefold()}, which zarr-python sorts by; upper then lower case folds ß to ss too. */
    private static String folded(String path) {
        return Normalizer.normalize(path, Normalizer.Form.NFKC).toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    }
}
