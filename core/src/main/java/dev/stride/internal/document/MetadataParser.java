package dev.stride.internal.document;

import dev.stride.internal.codec.CodecRegistry;
import dev.stride.internal.metadata.DataTypes;
import dev.stride.internal.metadata.FillValues;
import dev.stride.internal.metadata.Node;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkKeyEncoding;
import dev.stride.model.DataType;
import dev.stride.model.Extension;
import dev.stride.model.FillValue;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.spi.ChunkSpec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The one parser of {@code zarr.json}: validates a document strictly and builds the plain metadata records. */
public final class MetadataParser {
    private static final Set<String> MEMBERS = Set.of("zarr_format", "node_type", "shape", "data_type", "chunk_grid",
            "chunk_key_encoding", "fill_value", "codecs", "attributes", "storage_transformers", "dimension_names");

    private static final Set<String> GROUP_MEMBERS = Set.of("zarr_format", "node_type", "attributes", "consolidated_metadata");

    private MetadataParser() {
    }

    /** Parses and validates one node's {@code zarr.json}; its codec chain is checked against the codecs found. */
    public static NodeMetadata parse(String path, byte[] document) {
        Node node = new Node(path);
        return parse(node, node.parseDocument(document));
    }

    /** Validates a document built in memory (the writer's own), as a reader would its bytes. */
    public static NodeMetadata parse(String path, Json.JObject document) {
        return parse(new Node(path), document);
    }

    private static NodeMetadata parse(Node node, Json.JObject doc) {
        long format = node.integer(node.required(doc, "zarr_format", ""), "/zarr_format", Long.MIN_VALUE, Long.MAX_VALUE);
        if (format != 3) {
            throw node.unsupported("/zarr_format", "zarr_format " + format + " is not 3");
        }
        String type = node.string(node.required(doc, "node_type", ""), "/node_type");
        return switch (type) {
            case "array" -> array(node, doc);
            case "group" -> group(node, doc);
            default -> throw node.invalid("/node_type", "node_type must be \"array\" or \"group\", not \"" + type + "\"");
        };
    }

    private static ArrayMetadata array(Node node, Json.JObject doc) {
        node.refuseUnknownMembers(doc, "", MEMBERS);
        long[] shape = node.integers(node.required(doc, "shape", ""), "/shape", 0, Long.MAX_VALUE);
        checkProduct(node, shape, "/shape");

        DataType type = DataTypes.parse(node, node.required(doc, "data_type", ""), "/data_type");
        refuseMustUnderstandFalse(node, doc.get("data_type"), "/data_type");

        Extension grid = node.extension(node.required(doc, "chunk_grid", ""), "/chunk_grid");
        refuseMustUnderstandFalse(node, doc.get("chunk_grid"), "/chunk_grid");
        if (!grid.name().equals("regular")) {
            throw node.unsupported("/chunk_grid/name", "unknown chunk grid '" + grid.name() + "'");
        }
        node.onlyConfiguration(grid, "chunk_shape");
        long[] chunkShape = node.integers(node.required(grid.configuration(), "chunk_shape", "/chunk_grid/configuration"),
                "/chunk_grid/configuration/chunk_shape", 1, Long.MAX_VALUE);
        if (chunkShape.length != shape.length) {
            throw node.invalid("/chunk_grid/configuration/chunk_shape", "has " + chunkShape.length
                    + " dimensions but the shape has " + shape.length);
        }
        checkProduct(node, chunkShape, "/chunk_grid/configuration/chunk_shape");

        ChunkKeyEncoding keys = keyEncoding(node, doc);
        FillValue fill = FillValues.parse(node, node.required(doc, "fill_value", ""), type, "/fill_value");

        Json storageTransformers = doc.get("storage_transformers");
        if (storageTransformers != null) {
            List<Extension> transformers = node.extensions(storageTransformers, "/storage_transformers");
            if (!transformers.isEmpty()) {
                throw node.unsupported("/storage_transformers/0", "unknown storage transformer '" + transformers.getFirst().name() + "'");
            }
        }

        List<Extension> codecList = node.extensions(node.required(doc, "codecs", ""), "/codecs");
        if (codecList.isEmpty()) {
            throw node.invalid("/codecs", "the codec list is empty; it needs exactly one array->bytes codec");
        }
        // resolving the chain checks it: unknown codecs, wrong order, bad configurations
        CodecRegistry.defaults().pipeline(node.path(), codecList, new ChunkSpec(chunkShape, type, fill), "/codecs");

        List<String> dimensionNames = dimensionNames(node, doc.get("dimension_names"), shape.length);
        return new ArrayMetadata(node.path(), shape, type, chunkShape, keys, fill, codecList, dimensionNames, attributes(node, doc), doc);
    }

    private static Json.JObject attributes(Node node, Json.JObject doc) {
        Json a = doc.get("attributes");
        return a == null ? new Json.JObject(Map.of()) : node.object(a, "/attributes");
    }

    static void checkProduct(Node node, long[] sizes, String pointer) {
        long n = 1;
        for (long s : sizes) {
            try {
                n = Math.multiplyExact(n, s);
            } catch (ArithmeticException e) {
                throw node.invalid(pointer, "the product of " + Arrays.toString(sizes) + " overflows a 64-bit integer");
            }
        }
    }

    private static void refuseMustUnderstandFalse(Node node, Json json, String pointer) {
        if (json instanceof Json.JObject o && o.get("must_understand") instanceof Json.JBool b && !b.value()) {
            throw node.invalid(pointer + "/must_understand", "\"must_understand\": false is not allowed here");
        }
    }

    private static ChunkKeyEncoding keyEncoding(Node node, Json.JObject doc) {
        Extension e = node.extension(node.required(doc, "chunk_key_encoding", ""), "/chunk_key_encoding");
        refuseMustUnderstandFalse(node, doc.get("chunk_key_encoding"), "/chunk_key_encoding");
        boolean v2 = switch (e.name()) {
            case "default" -> false;
            case "v2" -> true;
            default -> throw node.unsupported("/chunk_key_encoding/name", "unknown chunk key encoding '" + e.name() + "'");
        };
        node.onlyConfiguration(e, "separator");
        Json sep = e.get("separator");
        String separator = sep == null ? (v2 ? "." : "/") : node.string(sep, "/chunk_key_encoding/configuration/separator");
        if (!separator.equals("/") && !separator.equals(".")) {
            throw node.invalid("/chunk_key_encoding/configuration/separator", "separator must be \"/\" or \".\", not \"" + separator + "\"");
        }
        return new ChunkKeyEncoding(v2, separator.charAt(0));
    }

    private static List<String> dimensionNames(Node node, Json json, int rank) {
        if (json == null || json == Json.JNull.NULL) {
            return null;
        }
        Json.JArray a = node.array(json, "/dimension_names");
        if (a.size() != rank) {
            throw node.invalid("/dimension_names", "has " + a.size() + " names but the array has " + rank + " dimensions");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            Json n = a.get(i);
            names.add(n == Json.JNull.NULL ? null : node.string(n, "/dimension_names/" + i));
        }
        return names;
    }

    private static GroupMetadata group(Node node, Json.JObject doc) {
        node.refuseUnknownMembers(doc, "", GROUP_MEMBERS);
        Json.JObject attributes = attributes(node, doc);
        Json cm = doc.get("consolidated_metadata");
        Map<String, NodeMetadata> consolidated = null;
        if (cm != null && cm != Json.JNull.NULL) {
            consolidated = consolidated(node, node.object(cm, "/consolidated_metadata"));
        }
        return new GroupMetadata(node.path(), attributes, consolidated, doc);
    }

    private static Map<String, NodeMetadata> consolidated(Node node, Json.JObject cm) {
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
            Node child = new Node(node.descendant(relative, pointer));
            out.put(relative, parse(child, node.object(e.getValue(), pointer)));
        }
        return out;
    }
}
