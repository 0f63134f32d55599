package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.FieldAccessor;
import dev.stride.model.GroupMetadata;
import dev.stride.model.Json;
import dev.stride.model.NodeMetadata;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A hierarchy as one JSON document, for scripts: each node an object with its {@code path}, {@code zarr_format} (2 or
 * 3), {@code node_type} and {@code attributes}; a group's {@code children} in order; an array's {@code shape}, {@code chunk_shape} (the inner
 * chunks of a sharded array), {@code shard_shape} (null when unsharded), {@code dimension_names}, {@code data_type}
 * as written in metadata, {@code fill_value} (decoded, as cat prints it), {@code codecs} (name and configuration) and, for records,
 * {@code record_size} and {@code fields} (path, type, offset, size). A node below the root that cannot be read is an
 * object with its {@code path} and {@code error}, and the rest still follows.
 */
final class InfoJson {
    private final Zarr zarr;
    private final List<ZarrException> failures = new ArrayList<>();

    InfoJson(Zarr zarr) {
        this.zarr = zarr;
    }

    /** The whole hierarchy; {@link #failures()} then holds the nodes below the root that could not be read. */
    Json.JObject hierarchy() {
        return node("/");
    }

    List<ZarrException> failures() {
        return failures;
    }

    private Json.JObject node(String path) {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("path", Json.string(path));
        NodeMetadata metadata = zarr.metadata(path);
        members.put("zarr_format", Json.number(metadata.zarrFormat()));
        switch (metadata) {
            case ArrayMetadata a -> array(zarr.array(path), members);
            case GroupMetadata g -> {
                members.put("node_type", Json.string("group"));
                members.put("attributes", g.attributes());
                List<Json> children = new ArrayList<>();
                for (String name : zarr.children(path)) {
                    children.add(child(NodeMetadata.childPath(path, name)));
                }
                members.put("children", new Json.JArray(children));
            }
        }
        return new Json.JObject(members);
    }

    private Json child(String path) {
        try {
            return node(path);
        } catch (ZarrException e) {
            failures.add(e);
            Map<String, Json> members = new LinkedHashMap<>();
            members.put("path", Json.string(path));
            members.put("error", Json.string(e.reason()));
            return new Json.JObject(members);
        }
    }

    private static void array(ZarrArray array, Map<String, Json> members) {
        ArrayMetadata meta = array.metadata();
        members.put("node_type", Json.string("array"));
        members.put("attributes", meta.attributes());
        members.put("shape", integers(meta.shape()));
        ChunkEncoding encoding = array.chunkEncoding();
        if (encoding.sharded()) {
            members.put("chunk_shape", integers(encoding.innerChunkShape()));
            members.put("shard_shape", integers(meta.chunkShape()));
        } else {
            members.put("chunk_shape", integers(meta.chunkShape()));
            members.put("shard_shape", Json.JNull.NULL);
        }
        members.put("dimension_names", meta.dimensionNames() == null ? Json.JNull.NULL
                : new Json.JArray(meta.dimensionNames().stream().<Json>map(n -> n == null ? Json.JNull.NULL : Json.string(n)).toList()));
        members.put("data_type", meta.dataType().json());
        members.put("fill_value", Projection.fillValue(array));
        members.put("codecs", new Json.JArray(List.<Json>copyOf(encoding.codecs())));
        if (meta.dataType() instanceof StructType) {
            members.put("record_size", Json.number(array.layout().recordSize()));
            List<Json> fields = new ArrayList<>();
            for (FieldAccessor f : array.layout().fields()) {
                Map<String, Json> field = new LinkedHashMap<>();
                field.put("path", Json.string(f.path()));
                field.put("type", Json.string(f.type().describe()));
                field.put("offset", Json.number(f.offset()));
                field.put("size", Json.number(f.byteSize()));
                fields.add(new Json.JObject(field));
            }
            members.put("fields", new Json.JArray(fields));
        }
    }

    private static Json.JArray integers(long[] values) {
        List<Json> items = new ArrayList<>(values.length);
        for (long v : values) {
            items.add(Json.number(v));
        }
        return new Json.JArray(items);
    }
}
