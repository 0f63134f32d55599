package dev.stride.write;

import dev.stride.dtype.DataType;
import dev.stride.dtype.FillValue;
import dev.stride.json.Json;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an array to create looks like: data type, shape, chunk shape (default: the whole shape), fill value (default:
 * all bits zero), codecs (default: {@code bytes} little-endian), dimension names and attributes. Immutable; each
 * method returns a changed copy.
 *
 * <pre>{@code
 * ArraySpec.of(points, 1_000_000).chunks(65_536).codecs(bytes(BIG_ENDIAN), gzip(5)).fill(fillJson)
 * }</pre>
 */
public final class ArraySpec {
    private final DataType type;
    private final long[] shape;
    private final long[] chunks;
    private final Json fill;
    private final List<Json.JObject> codecs;
    private final List<String> dimensionNames;
    private final Json.JObject attributes;

    private ArraySpec(DataType type, long[] shape, long[] chunks, Json fill, List<Json.JObject> codecs,
                      List<String> dimensionNames, Json.JObject attributes) {
        this.type = type;
        this.shape = shape;
        this.chunks = chunks;
        this.fill = fill;
        this.codecs = codecs;
        this.dimensionNames = dimensionNames;
        this.attributes = attributes;
    }

    public static ArraySpec of(DataType type, long... shape) {
        long[] wholeShape = Arrays.stream(shape).map(s -> Math.max(1, s)).toArray();
        return new ArraySpec(type, shape.clone(), wholeShape, FillValueJson.zero(type),
                List.of(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)), null, new Json.JObject(Map.of()));
    }

    public ArraySpec chunks(long... chunkShape) {
        return new ArraySpec(type, shape, chunkShape.clone(), fill, codecs, dimensionNames, attributes);
    }

    /** The fill value as exact bits of the data type. */
    public ArraySpec fill(FillValue value) {
        if (!value.type().equals(type)) {
            throw new IllegalArgumentException("a fill value of " + value.type().describe() + " for an array of " + type.describe());
        }
        return fill(FillValueJson.encode(value));
    }

    /** The fill value in its metadata spelling ({@code "NaN"}, {@code {"x": 0, "y": 1.5}}); checked when the array is created. */
    public ArraySpec fill(Json value) {
        return new ArraySpec(type, shape, chunks, value, codecs, dimensionNames, attributes);
    }

    /** The codec chain, built with {@link CodecChain} (or any entries a registered codec understands). */
    public ArraySpec codecs(Json.JObject... chain) {
        return codecs(List.of(chain));
    }

    public ArraySpec codecs(List<Json.JObject> chain) {
        return new ArraySpec(type, shape, chunks, fill, List.copyOf(chain), dimensionNames, attributes);
    }

    /** One name per dimension; null leaves a dimension unnamed. */
    public ArraySpec dimensionNames(String... names) {
        return new ArraySpec(type, shape, chunks, fill, codecs, new ArrayList<>(Arrays.asList(names)), attributes);
    }

    public ArraySpec attributes(Json.JObject values) {
        return new ArraySpec(type, shape, chunks, fill, codecs, dimensionNames, values);
    }

    /** The array's {@code zarr.json} document. */
    public Json.JObject toJson() {
        Map<String, Json> doc = new LinkedHashMap<>();
        doc.put("zarr_format", Json.number(3));
        doc.put("node_type", Json.string("array"));
        doc.put("shape", JsonObjects.integers(shape));
        doc.put("data_type", DataTypeJson.encode(type));
        doc.put("chunk_grid", JsonObjects.of("name", Json.string("regular"),
                "configuration", JsonObjects.of("chunk_shape", JsonObjects.integers(chunks))));
        doc.put("chunk_key_encoding", JsonObjects.of("name", Json.string("default"),
                "configuration", JsonObjects.of("separator", Json.string("/"))));
        doc.put("fill_value", fill);
        doc.put("codecs", new Json.JArray(List.<Json>copyOf(codecs)));
        doc.put("attributes", attributes);
        if (dimensionNames != null) {
            doc.put("dimension_names", new Json.JArray(dimensionNames.stream()
                    .map(n -> n == null ? Json.JNull.NULL : (Json) Json.string(n)).toList()));
        }
        return new Json.JObject(doc);
    }
}
