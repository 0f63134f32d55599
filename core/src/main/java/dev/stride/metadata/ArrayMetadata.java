package dev.stride.metadata;

import dev.stride.codec.ChunkSpec;
import dev.stride.codec.CodecPipeline;
import dev.stride.codec.CodecRegistry;
import dev.stride.dtype.DataType;
import dev.stride.dtype.FillValue;
import dev.stride.json.Json;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An array's {@code zarr.json}, validated: shape, data type, regular chunk grid, chunk key encoding, fill value
 * (as exact bits), the codec chain (resolved), dimension names and attributes.
 */
public record ArrayMetadata(
        String path,
        long[] shape,
        DataType dataType,
        long[] chunkShape,
        ChunkKeyEncoding keyEncoding,
        FillValue fillValue,
        CodecPipeline codecs,
        List<String> dimensionNames,
        Json.JObject attributes,
        Json.JObject json) implements NodeMetadata {

    private static final Set<String> MEMBERS = Set.of("zarr_format", "node_type", "shape", "data_type", "chunk_grid",
            "chunk_key_encoding", "fill_value", "codecs", "attributes", "storage_transformers", "dimension_names");

    public ArrayMetadata {
        shape = shape.clone();
        chunkShape = chunkShape.clone();
        dimensionNames = dimensionNames == null ? null : Collections.unmodifiableList(new ArrayList<>(dimensionNames));
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    @Override
    public long[] chunkShape() {
        return chunkShape.clone();
    }

    public int rank() {
        return shape.length;
    }

    /** Number of elements. */
    public long size() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    static ArrayMetadata parse(Node node, Json.JObject doc, CodecRegistry registry) {
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
        CodecPipeline pipeline = registry.pipeline(node.path(), codecList, new ChunkSpec(chunkShape, type, fill), "/codecs");

        List<String> dimensionNames = dimensionNames(node, doc.get("dimension_names"), shape.length);
        return new ArrayMetadata(node.path(), shape, type, chunkShape, keys, fill, pipeline, dimensionNames, attributes(node, doc), doc);
    }

    static Json.JObject attributes(Node node, Json.JObject doc) {
        Json a = doc.get("attributes");
        return a == null ? new Json.JObject(Map.of()) : node.object(a, "/attributes");
    }

    private static void checkProduct(Node node, long[] sizes, String pointer) {
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

    @Override
    public boolean equals(Object o) {
        return o instanceof ArrayMetadata m && m.path.equals(path) && m.json.equals(json);
    }

    @Override
    public int hashCode() {
        return path.hashCode() * 31 + json.hashCode();
    }

    @Override
    public String toString() {
        return "ArrayMetadata[" + path + " " + Arrays.toString(shape) + " " + dataType.describe() + "]";
    }
}
