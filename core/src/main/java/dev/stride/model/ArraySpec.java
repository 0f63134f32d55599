package dev.stride.model;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
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
    private final Object fill; // null (all bits zero), a FillValue, or its JSON spelling
    private final List<Json.JObject> codecs;
    private final List<String> dimensionNames;
    private final Json.JObject attributes;
    private final boolean legacyStructured;

    private ArraySpec(DataType type, long[] shape, long[] chunks, Object fill, List<Json.JObject> codecs,
                      List<String> dimensionNames, Json.JObject attributes, boolean legacyStructured) {
        this.type = type;
        this.shape = shape;
        this.chunks = chunks;
        this.fill = fill;
        this.codecs = codecs;
        this.dimensionNames = dimensionNames;
        this.attributes = attributes;
        this.legacyStructured = legacyStructured;
    }

    /**
     * An array of {@code type} and {@code shape} with the defaults: one chunk, fill of all bits zero, little-endian bytes.
     *
     * @param type the data type of one element
     * @param shape the size along each dimension, in elements
     * @return the spec
     */
    public static ArraySpec of(DataType type, long... shape) {
        long[] wholeShape = Arrays.stream(ZarrException.BadRequest.requireNonNull(shape, "shape")).map(s -> Math.max(1, s)).toArray();
        return new ArraySpec(ZarrException.BadRequest.requireNonNull(type, "type"), shape.clone(), wholeShape, null,
                List.of(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)), null, new Json.JObject(Map.of()), false);
    }

    /**
     * The chunk shape (default: the whole shape, at least 1 along each dimension).
     *
     * @param chunkShape the size of a chunk along each dimension
     * @return the changed spec
     */
    public ArraySpec chunks(long... chunkShape) {
        return new ArraySpec(type, shape, ZarrException.BadRequest.requireNonNull(chunkShape, "chunkShape").clone(), fill, codecs, dimensionNames, attributes, legacyStructured);
    }

    /**
     * The fill value as exact bits of the data type; checked when the array is created, as its JSON spelling is.
     *
     * @param value the fill value
     * @return the changed spec
     */
    public ArraySpec fill(FillValue value) {
        return new ArraySpec(type, shape, chunks, value, codecs, dimensionNames, attributes, legacyStructured);
    }

    /**
     * The fill value in its metadata spelling ({@code "NaN"}, {@code {"x": 0, "y": 1.5}}); checked when the array is created.
     *
     * @param value the fill value's JSON
     * @return the changed spec
     */
    public ArraySpec fill(Json value) {
        return new ArraySpec(type, shape, chunks, value, codecs, dimensionNames, attributes, legacyStructured);
    }

    /**
     * The codec chain, built with {@link CodecChain} (or any entries a registered codec understands).
     *
     * @param chain the codecs, in spec order
     * @return the changed spec
     */
    public ArraySpec codecs(Json.JObject... chain) {
        return codecs(Arrays.asList(ZarrException.BadRequest.requireNonNull(chain, "chain")));
    }

    /**
     * The codec chain, as a list.
     *
     * @param chain the codecs, in spec order
     * @return the changed spec
     * @throws ZarrException.BadRequest when {@code chain} or one of its codecs is null
     */
    public ArraySpec codecs(List<Json.JObject> chain) {
        for (Json.JObject codec : ZarrException.BadRequest.requireNonNull(chain, "chain")) {
            ZarrException.BadRequest.requireNonNull(codec, "a codec of the chain");
        }
        return new ArraySpec(type, shape, chunks, fill, List.copyOf(chain), dimensionNames, attributes, legacyStructured);
    }

    /**
     * One name per dimension; null leaves a dimension unnamed.
     *
     * @param names one name per dimension
     * @return the changed spec
     */
    public ArraySpec dimensionNames(String... names) {
        return new ArraySpec(type, shape, chunks, fill, codecs, new ArrayList<>(Arrays.asList(ZarrException.BadRequest.requireNonNull(names, "names"))), attributes, legacyStructured);
    }

    /**
     * The attributes; null for none.
     *
     * @param values the user attributes, or null
     * @return the changed spec
     */
    public ArraySpec attributes(Json.JObject values) {
        return new ArraySpec(type, shape, chunks, fill, codecs, dimensionNames, values != null ? values : new Json.JObject(Map.of()), legacyStructured);
    }

    /**
     * Spells a struct data type as the legacy {@code structured} name, for readers that know no {@code struct}
     * (zarr-python 3.0 and 3.1): fields as {@code [name, data_type]} pairs, nested structs alike, and the fill value as
     * base64 of the packed little-endian record. Those readers take records as little-endian whatever the {@code bytes}
     * codec says, so give it no {@code endian} (as they write it) or a little one. Arrays of other types are unchanged.
     *
     * @param legacy true for {@code structured}, false for {@code struct} (the default, which the specs ask writers for)
     * @return the changed spec
     */
    public ArraySpec legacyStructured(boolean legacy) {
        return new ArraySpec(type, shape, chunks, fill, codecs, dimensionNames, attributes, legacy);
    }

    /**
     * Whether a struct is spelled {@code structured}.
     *
     * @return true when {@link #legacyStructured(boolean)} asked for it
     */
    public boolean legacyStructured() {
        return legacyStructured;
    }

    /**
     * The data type.
     *
     * @return the data type of one element
     */
    public DataType type() {
        return type;
    }

    /**
     * The shape.
     *
     * @return a copy of the shape, in elements
     */
    public long[] shape() {
        return shape.clone();
    }

    /**
     * The chunk shape.
     *
     * @return a copy of the chunk shape, in elements
     */
    public long[] chunks() {
        return chunks.clone();
    }

    /**
     * The fill value: null for all bits zero, else a {@link FillValue} or its JSON spelling ({@link Json}).
     *
     * @return null, a {@link FillValue}, or a {@link Json}
     */
    public Object fill() {
        return fill;
    }

    /**
     * The codec chain.
     *
     * @return the codec entries, in spec order
     */
    public List<Json.JObject> codecs() {
        return codecs;
    }

    /**
     * One name per dimension (null: none given).
     *
     * @return the names, or null
     */
    public List<String> dimensionNames() {
        return dimensionNames == null ? null : java.util.Collections.unmodifiableList(dimensionNames);
    }

    /**
     * The user attributes.
     *
     * @return the attributes, empty when none were given
     */
    public Json.JObject attributes() {
        return attributes;
    }
}
