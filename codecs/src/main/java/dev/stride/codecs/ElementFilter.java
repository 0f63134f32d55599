package dev.stride.codecs;

import dev.stride.model.CoreType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A numcodecs filter on the numbers of a chunk, element by element in C order: decoded elements of one numpy type,
 * encoded elements of another (its {@code astype}). The decoded type must be the chunk's; both name their byte order.
 */
abstract sealed class ElementFilter implements ArrayToArrayCodec
        permits DeltaFilter, FixedScaleOffsetFilter, QuantizeFilter, AsTypeFilter {
    final NumpyType decodedType;
    final NumpyType encodedType;
    private final ChunkSpec encodedSpec;
    private final long elements;
    private final Object encodeBuffer = new Object();
    /** numcodecs' id, e.g. {@code delta}. */
    private final String id;

    ElementFilter(String id, CodecConfig config, ChunkSpec input, NumpyType decodedType, String decodedMember, NumpyType encodedType) {
        this.id = id;
        if (!(input.type() instanceof CoreType chunkType) || decodedType.coreType() != chunkType) {
            throw config.invalid(decodedMember, "'" + decodedType.describe() + "' is not the chunk's data type, " + input.type().describe());
        }
        this.decodedType = decodedType;
        this.encodedType = encodedType;
        CoreType encoded = encodedType.coreType();
        this.encodedSpec = new ChunkSpec(input.shape(), encoded, new FillValue(encoded, Json.number(0), new byte[encoded.byteSize()]));
        this.elements = input.elements();
    }

    /**
     * A filter of numcodecs' usual two types: {@code dtype} (the chunk's type when absent) and {@code astype}
     * ({@code dtype} when absent).
     */
    ElementFilter(String id, CodecConfig config, ChunkSpec input) {
        NumpyType dtype = NumpyType.of(config, "dtype", input.type());
        this(id, config, input, dtype, "dtype", NumpyType.orElse(config, "astype", dtype));
    }

    /** {@code first} (in its order), then {@code dtype} and {@code astype}, as numcodecs writes these filters. */
    final Map<String, Json> withTypes(Map<String, Json> first) {
        Map<String, Json> m = new LinkedHashMap<>(first);
        m.put("dtype", type(decodedType));
        m.put("astype", type(encodedType));
        return m;
    }

    /** Decodes {@code n} elements of {@link #encodedType} in {@code in} into {@code out}. */
    abstract void decode(MemorySegment in, MemorySegment out, long n);

    /** Encodes {@code n} elements of {@link #decodedType} in {@code in} into {@code out}. */
    abstract void encode(MemorySegment in, MemorySegment out, long n);

    /** numcodecs' configuration members, without {@code id}. */
    abstract Map<String, Json> members();

    @Override
    public final String name() {
        return NumcodecsCodecs.PREFIX + id;
    }

    @Override
    public final Json.JObject configuration() {
        return new Json.JObject(members());
    }

    @Override
    public final ChunkSpec encodedSpec() {
        return encodedSpec;
    }

    @Override
    public final MemorySegment decode(MemorySegment encoded, DecodeContext ctx) {
        MemorySegment out = ctx.buffer(this, elements * decodedType.size());
        decode(encoded, out, elements);
        return out;
    }

    @Override
    public final MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        MemorySegment out = ctx.buffer(encodeBuffer, elements * encodedType.size());
        encode(decoded, out, elements);
        return out;
    }

    static Json.JString type(NumpyType t) {
        return Json.string(t.describe());
    }
}
