package dev.stride.internal.metadata;

import dev.stride.model.ArraySpec;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one writer of {@code zarr.json} documents: members in the spec's order, values in their canonical spelling. */
public final class MetadataEncoder {
    private MetadataEncoder() {
    }

    /**
     * The {@code zarr.json} of the array to create at {@code node}.
     *
     * @throws dev.stride.model.ZarrException.InvalidMetadata for a fill value of another type, or bits its type has no
     *         spelling for (naming the member, as a reader would)
     */
    public static Json.JObject array(String node, ArraySpec spec) {
        Map<String, Json> doc = new LinkedHashMap<>();
        doc.put("zarr_format", Json.number(3));
        doc.put("node_type", Json.string("array"));
        doc.put("shape", Json.integers(ZarrException.BadRequest.requireNonNull(spec, "spec").shape()));
        // the struct spelling first, also for a legacy one: it refuses shaped fields by their path
        Json structJson = spec.type().json();
        boolean legacy = spec.legacyStructured() && spec.type() instanceof StructType;
        doc.put("data_type", legacy ? legacyStructured((StructType) spec.type()) : structJson);
        doc.put("chunk_grid", Json.object("name", Json.string("regular"),
                "configuration", Json.object("chunk_shape", Json.integers(spec.chunks()))));
        doc.put("chunk_key_encoding", Json.object("name", Json.string("default"),
                "configuration", Json.object("separator", Json.string("/"))));
        doc.put("fill_value", legacy ? legacyFill(new Node(node), spec) : fill(new Node(node), spec));
        doc.put("codecs", new Json.JArray(List.<Json>copyOf(spec.codecs())));
        doc.put("attributes", spec.attributes());
        if (spec.dimensionNames() != null) {
            doc.put("dimension_names", new Json.JArray(spec.dimensionNames().stream()
                    .map(n -> n == null ? Json.JNull.NULL : (Json) Json.string(n)).toList()));
        }
        return new Json.JObject(doc);
    }

    private static Json fill(Node node, ArraySpec spec) {
        return switch (spec.fill()) {
            case null -> FillValueJson.zero(spec.type());
            case FillValue bits -> FillValueJson.encode(node, ofType(node, spec, bits));
            case Json spelled -> spelled;
            default -> throw new IllegalStateException("fill value of type " + spec.fill().getClass());
        };
    }

    /** A legacy struct's fill value: base64 of the packed little-endian record, the only form zarr-python 3.1 reads. */
    private static Json legacyFill(Node node, ArraySpec spec) {
        return switch (spec.fill()) {
            case null -> Json.string(Base64.getEncoder().encodeToString(new byte[spec.type().byteSize()]));
            case FillValue bits -> Json.string(Base64.getEncoder().encodeToString(ofType(node, spec, bits).bytes(ByteOrder.LITTLE_ENDIAN)));
            case Json spelled -> spelled;
            default -> throw new IllegalStateException("fill value of type " + spec.fill().getClass());
        };
    }

    /** {@code bits}, refused unless they are a value of the spec's type. */
    private static FillValue ofType(Node node, ArraySpec spec, FillValue bits) {
        if (!bits.type().equals(spec.type())) {
            throw node.invalid(FillValueJson.MEMBER, "a fill value of " + bits.type().describe() + " for an array of " + spec.type().describe());
        }
        return bits;
    }

    /** zarr-python 3.0 and 3.1's spelling of a struct: {@code [name, data_type]} pairs, nested structs alike. */
    private static Json legacyStructured(StructType struct) {
        List<Json> fields = new ArrayList<>();
        for (StructType.Field f : struct.fields()) {
            Json type = f.type() instanceof StructType nested ? legacyStructured(nested) : f.type().json();
            fields.add(new Json.JArray(List.of(Json.string(f.name()), type)));
        }
        return Json.object("name", Json.string("structured"), "configuration", Json.object("fields", new Json.JArray(fields)));
    }

    /** The {@code zarr.json} of a group. */
    public static Json.JObject group(Json.JObject attributes) {
        return Json.object("zarr_format", Json.number(3), "node_type", Json.string("group"), "attributes", attributes);
    }

    /** The {@code zarr.json} of a group holding the consolidated metadata of the nodes below it. */
    public static Json.JObject group(Json.JObject attributes, Json.JObject consolidated) {
        Map<String, Json> doc = new LinkedHashMap<>(group(attributes).members());
        doc.put("consolidated_metadata", consolidated);
        return new Json.JObject(doc);
    }
}
