package dev.stride.internal.document;

import dev.stride.internal.codec.CodecRegistry;
import dev.stride.internal.metadata.FillValues;
import dev.stride.internal.metadata.Node;
import dev.stride.internal.metadata.NumpyTypes;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkKeyEncoding;
import dev.stride.model.DataType;
import dev.stride.model.Extension;
import dev.stride.model.FillValue;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import dev.stride.spi.ChunkSpec;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Zarr v2 metadata ({@code .zarray}, {@code .zgroup}, {@code .zattrs}, consolidated {@code .zmetadata}) into the
 * same records a {@code zarr.json} gives, so everything past the metadata reads both versions alike. A v2 array's
 * compressor and filters become the codec chain zarr-python 3 would give it ({@code numcodecs.<id>}), its {@code order}
 * a {@code transpose}, its numpy byte orders a {@code bytes} codec (and {@code stride.big_endian_fields} when the fields
 * of a record mix both); {@link ArrayMetadata#json()} stays the {@code .zarray} document as read.
 */
public final class V2MetadataParser {
    /** The member of {@code .zattrs} where xarray keeps the dimension names of a v2 array. */
    private static final String XARRAY_DIMENSIONS = "_ARRAY_DIMENSIONS";
    private static final String NUMCODECS = "numcodecs.";

    private V2MetadataParser() {
    }

    /**
     * Parses an array's {@code .zarray} and, when there is one, its {@code .zattrs}.
     *
     * @param path the node's path
     * @param zarray the {@code .zarray} document
     * @param zattrs the {@code .zattrs} document, or null
     * @return the array's metadata
     */
    public static ArrayMetadata array(String path, byte[] zarray, byte[] zattrs) {
        Node node = new Node(path, ".zarray");
        return array(node, node.parseDocument(zarray, ".zarray"), attributes(new Node(path, ".zattrs"), zattrs));
    }

    /**
     * Parses a group's {@code .zgroup}, its {@code .zattrs} and its consolidated {@code .zmetadata}, each when there.
     *
     * @param path the node's path
     * @param zgroup the {@code .zgroup} document
     * @param zattrs the {@code .zattrs} document, or null
     * @param zmetadata the {@code .zmetadata} document, or null
     * @return the group's metadata
     */
    public static GroupMetadata group(String path, byte[] zgroup, byte[] zattrs, byte[] zmetadata) {
        Node node = new Node(path, ".zgroup");
        Json.JObject doc = node.parseDocument(zgroup, ".zgroup");
        checkFormat(node, doc);
        Node consolidatedNode = new Node(path, ".zmetadata");
        Map<String, String> unreadable = new LinkedHashMap<>();
        Map<String, NodeMetadata> consolidated = zmetadata == null ? null
                : consolidated(consolidatedNode, consolidatedNode.parseDocument(zmetadata, ".zmetadata"), unreadable);
        return new GroupMetadata(path, attributes(new Node(path, ".zattrs"), zattrs), consolidated, doc, unreadable);
    }

    private static Json.JObject attributes(Node node, byte[] zattrs) {
        return zattrs == null ? new Json.JObject(Map.of()) : node.parseDocument(zattrs, ".zattrs");
    }

    private static void checkFormat(Node node, Json.JObject doc) {
        long format = node.integer(node.required(doc, "zarr_format", ""), "/zarr_format", Long.MIN_VALUE, Long.MAX_VALUE);
        if (format != 2) {
            throw node.unsupported("/zarr_format", "zarr_format " + format + " in a Zarr v2 document is not 2");
        }
    }

    private static ArrayMetadata array(Node node, Json.JObject doc, Json.JObject attributes) {
        checkFormat(node, doc);
        long[] shape = node.integers(node.required(doc, "shape", ""), "/shape", 0, Long.MAX_VALUE);
        MetadataParser.checkProduct(node, shape, "/shape");
        long[] chunks = node.integers(node.required(doc, "chunks", ""), "/chunks", 1, Long.MAX_VALUE);
        if (chunks.length != shape.length) {
            throw node.invalid("/chunks", "has " + chunks.length + " dimensions but the shape has " + shape.length);
        }
        MetadataParser.checkProduct(node, chunks, "/chunks");
        NumpyTypes.Parsed dtype = NumpyTypes.parse(node, node.required(doc, "dtype", ""), "/dtype");
        DataType type = dtype.type();
        FillValue fill = fill(node, node.required(doc, "fill_value", ""), dtype);
        List<Extension> codecs = codecs(node, doc, dtype, shape.length);
        // resolving the chain checks it: unknown ids, bad configurations, filters on the wrong types
        CodecRegistry.defaults().pipeline(node.path(), codecs, new ChunkSpec(chunks, type, fill), node.pointer("/compressor"));
        return new ArrayMetadata(node.path(), shape, type, chunks, keyEncoding(node, doc), fill, codecs,
                dimensionNames(attributes, shape.length), attributes, doc);
    }

    private static ChunkKeyEncoding keyEncoding(Node node, Json.JObject doc) {
        Json sep = doc.get("dimension_separator");
        String separator = sep == null || sep == Json.JNull.NULL ? "." : node.string(sep, "/dimension_separator");
        if (!separator.equals(".") && !separator.equals("/")) {
            throw node.invalid("/dimension_separator", "must be \".\" or \"/\", not \"" + separator + "\"");
        }
        return new ChunkKeyEncoding(true, separator.charAt(0));
    }

    /** The codec chain a v2 array's layout, filters and compressor make, in v3 order. */
    private static List<Extension> codecs(Node node, Json.JObject doc, NumpyTypes.Parsed dtype, int rank) {
        List<Extension> chain = new ArrayList<>();
        Json orderJson = node.required(doc, "order", "");
        String order = node.string(orderJson, "/order");
        switch (order) {
            case "C" -> {
            }
            case "F" -> {
                if (rank > 1) {
                    List<Json> reversed = new ArrayList<>();
                    for (int i = rank - 1; i >= 0; i--) {
                        reversed.add(Json.number(i));
                    }
                    chain.add(entry(node, "transpose", Json.object("order", new Json.JArray(reversed)), "/order"));
                }
            }
            default -> throw node.invalid("/order", "must be \"C\" or \"F\", not \"" + order + "\"");
        }
        List<Extension> onBytes = new ArrayList<>();
        int beforeFilters = chain.size();
        Json filters = doc.get("filters");
        if (filters != null && filters != Json.JNull.NULL) {
            Json.JArray list = node.array(filters, "/filters");
            for (int i = 0; i < list.size(); i++) {
                String at = "/filters/" + i;
                Extension filter = numcodecs(node, list.get(i), at, "filter");
                if (filter.name().equals(NUMCODECS + "shuffle")) {
                    onBytes.add(filter);
                } else if (!onBytes.isEmpty()) {
                    // shuffle works on bytes, the other filters on numbers: the v3 chain cannot interleave them
                    throw node.unsupported(at + "/id", "filter '" + filter.name().substring(NUMCODECS.length())
                            + "' after 'shuffle' is not supported: Stride applies the number filters before shuffling bytes");
                } else {
                    chain.add(filter);
                }
            }
        }
        ByteOrder byteOrder = dtype.uniformOrder();
        if (byteOrder == null) {
            List<Json> big = dtype.bigEndian().stream().map(Json::string).map(Json.class::cast).toList();
            chain.add(entry(node, "stride.big_endian_fields", Json.object("fields", new Json.JArray(big)), "/dtype"));
            byteOrder = ByteOrder.LITTLE_ENDIAN;
        }
        // a filter may store another type than the dtype (numcodecs' astype '<i2' for a '|u1' array), whose bytes the
        // bytes codec then needs an order for; the filters themselves read and write in the orders they name
        boolean filtered = chain.size() > beforeFilters;
        chain.add(entry(node, "bytes", dtype.type().hasByteOrder() || filtered
                ? Json.object("endian", Json.string(byteOrder == ByteOrder.BIG_ENDIAN ? "big" : "little"))
                : new Json.JObject(Map.of()), "/dtype"));
        chain.addAll(onBytes);
        Json compressor = node.required(doc, "compressor", "");
        if (compressor != Json.JNull.NULL) {
            chain.add(numcodecs(node, compressor, "/compressor", "compressor"));
        }
        return chain;
    }

    /** A v2 compressor or filter, {@code {"id": ..., members...}}, as zarr-python 3's {@code numcodecs.<id>} codec. */
    private static Extension numcodecs(Node node, Json json, String pointer, String role) {
        Json.JObject o = node.object(json, pointer);
        String id = node.string(node.required(o, "id", pointer), pointer + "/id");
        if (!CodecRegistry.defaults().names().contains(NUMCODECS + id)) {
            throw node.unsupported(pointer + "/id", "unknown v2 " + role + " id '" + id + "'");
        }
        Map<String, Json> configuration = new LinkedHashMap<>(o.members());
        configuration.remove("id");
        return new Extension(NUMCODECS + id, new Json.JObject(configuration), true, node.pointer(pointer), node.pointer(pointer));
    }

    private static Extension entry(Node node, String name, Json.JObject configuration, String pointer) {
        return new Extension(name, configuration, true, node.pointer(pointer), node.pointer(pointer));
    }

    /**
     * The fill value in any form zarr-python 2 writes: null (read as zeros, as zarr-python does), numbers, "NaN" and
     * the infinities, [re, im], base64 of the bytes for {@code S}, {@code V} and records, the string for {@code U},
     * integer ticks for datetimes.
     */
    private static FillValue fill(Node node, Json json, NumpyTypes.Parsed dtype) {
        DataType type = dtype.type();
        if (json == Json.JNull.NULL) {
            return new FillValue(type, json, new byte[type.byteSize()]);
        }
        if (type instanceof StructType record) {
            byte[] bytes = FillValues.base64(node, node.string(json, "/fill_value"), "/fill_value", "of the packed record");
            if (bytes.length != record.byteSize()) {
                throw node.invalid("/fill_value", "base64 fill value has " + bytes.length + " bytes, the record has " + record.byteSize());
            }
            // the bytes are in each field's own order; Stride keeps fill values little-endian
            int[] units = NumpyTypes.swapUnits(record, dtype.bigEndian());
            for (int u = 0; u < units.length; u += 2) {
                reverse(bytes, units[u], units[u + 1]);
            }
            return new FillValue(type, json, bytes);
        }
        return FillValues.parse(node, json, type, "/fill_value");
    }

    private static void reverse(byte[] b, int from, int size) {
        for (int i = from, j = from + size - 1; i < j; i++, j--) {
            byte t = b[i];
            b[i] = b[j];
            b[j] = t;
        }
    }

    /** xarray's dimension names, when {@code .zattrs} has one name per dimension. */
    private static List<String> dimensionNames(Json.JObject attributes, int rank) {
        if (!(attributes.get(XARRAY_DIMENSIONS) instanceof Json.JArray names) || names.size() != rank) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            if (!(names.get(i) instanceof Json.JString s)) {
                return null;
            }
            out.add(s.value());
        }
        return out;
    }

    /**
     * The nodes a root's {@code .zmetadata} holds, keyed by their path relative to the group: each {@code .zarray}
     * with its {@code .zattrs}, each {@code .zgroup} below the group. zarr-python 2 consolidates object arrays too,
     * which Stride cannot read: such an array goes into {@code unreadable} with why, rather than making the whole
     * hierarchy unreadable or vanishing from it.
     */
    private static Map<String, NodeMetadata> consolidated(Node node, Json.JObject doc, Map<String, String> unreadable) {
        long format = node.integer(node.required(doc, "zarr_consolidated_format", ""), "/zarr_consolidated_format", Long.MIN_VALUE, Long.MAX_VALUE);
        if (format != 1) {
            throw node.unsupported("/zarr_consolidated_format", "consolidated format " + format + " is not 1");
        }
        Json.JObject entries = node.object(node.required(doc, "metadata", ""), "/metadata");
        Map<String, NodeMetadata> out = new LinkedHashMap<>();
        for (var e : entries.members().entrySet()) {
            String key = e.getKey();
            String pointer = "/metadata/" + Node.escape(key);
            int slash = key.lastIndexOf('/');
            String document = key.substring(slash + 1);
            if (slash < 0 || !(document.equals(".zarray") || document.equals(".zgroup"))) {
                // the group's own documents, and the .zattrs read beside their node's
                continue;
            }
            String relative = key.substring(0, slash);
            String childPath = node.descendant(relative, pointer);
            // the child's errors name the node and its place in this document
            Node child = new Node(childPath, node.pointer(pointer));
            Json attrs = entries.get(relative + "/.zattrs");
            Json.JObject attributes = attrs == null ? new Json.JObject(Map.of()) : node.object(attrs, "/metadata/" + Node.escape(relative + "/.zattrs"));
            Json.JObject body = node.object(e.getValue(), pointer);
            if (document.equals(".zarray")) {
                try {
                    out.put(relative, array(child, body, attributes));
                } catch (ZarrException.Unsupported refused) {
                    unreadable.put(relative, refused.reason());
                }
            } else {
                checkFormat(child, body);
                out.put(relative, new GroupMetadata(childPath, attributes, null, body));
            }
        }
        return out;
    }
}
