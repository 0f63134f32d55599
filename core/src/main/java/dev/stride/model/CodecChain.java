package dev.stride.model;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code codecs} entries Stride writes, for {@link ArraySpec#codecs}. Every entry has a {@code configuration}
 * (Zarr 3.0 readers need it) and {@code bytes} always states its {@code endian}. zstd and blosc are encoded by the
 * stride-codecs module; here they are only their metadata entries.
 *
 * <pre>{@code
 * spec.codecs(bytes(BIG_ENDIAN), gzip(5), crc32c())
 * spec.codecs(sharding(new long[] {64}, IndexLocation.END, bytes(LITTLE_ENDIAN), zstd(3, false)))
 * }</pre>
 */
public final class CodecChain {
    /** Where a shard keeps its index. */
    public enum IndexLocation { START, END }

    /** How blosc shuffles bytes before compressing. */
    public enum Shuffle { NOSHUFFLE, SHUFFLE, BITSHUFFLE }

    private CodecChain() {
    }

    public static Json.JObject bytes(ByteOrder order) {
        return codec("bytes", Json.object("endian", Json.string(order == ByteOrder.BIG_ENDIAN ? "big" : "little")));
    }

    /**
     * The {@code bytes} codec for elements of {@code type}: with {@code order} as its {@code endian} when some part of
     * an element has more than one byte, else with no configuration at all, as the spec allows for single bytes (and
     * as readers such as zarrita want: given an {@code endian}, it misreads bool).
     */
    public static Json.JObject bytes(DataType type, ByteOrder order) {
        boolean ordered = ZarrException.BadRequest.requireNonNull(type, "type").hasByteOrder();
        return ordered ? bytes(order) : Json.object("name", Json.string("bytes"));
    }

    /** Stores dimension {@code order[i]} of the chunk as dimension i. */
    public static Json.JObject transpose(int... order) {
        List<Json> items = new ArrayList<>();
        for (int o : ZarrException.BadRequest.requireNonNull(order, "order")) {
            items.add(Json.number(o));
        }
        return codec("transpose", Json.object("order", new Json.JArray(items)));
    }

    public static Json.JObject crc32c() {
        return codec("crc32c", Json.object());
    }

    public static Json.JObject gzip(int level) {
        return codec("gzip", Json.object("level", Json.number(level)));
    }

    /** {@code checksum} is written only when true, as the zstd spec asks. */
    public static Json.JObject zstd(int level, boolean checksum) {
        return codec("zstd", checksum
                ? Json.object("level", Json.number(level), "checksum", new Json.JBool(true))
                : Json.object("level", Json.number(level)));
    }

    public static Json.JObject blosc(String cname, int clevel, Shuffle shuffle, int typesize) {
        return codec("blosc", Json.object("cname", Json.string(cname), "clevel", Json.number(clevel),
                "shuffle", Json.string(ZarrException.BadRequest.requireNonNull(shuffle, "shuffle").name().toLowerCase(Locale.ROOT)), "typesize", Json.number(typesize),
                "blocksize", Json.number(0)));
    }

    /**
     * Shards of inner chunks of {@code innerShape}, each through {@code innerCodecs}; the index is little-endian with
     * a crc32c, as the sharding spec recommends.
     */
    public static Json.JObject sharding(long[] innerShape, IndexLocation index, Json.JObject... innerCodecs) {
        return codec("sharding_indexed", Json.object(
                "chunk_shape", Json.integers(ZarrException.BadRequest.requireNonNull(innerShape, "innerShape")),
                "codecs", new Json.JArray(List.of(ZarrException.BadRequest.requireNonNull(innerCodecs, "innerCodecs"))),
                "index_codecs", new Json.JArray(List.of(bytes(ByteOrder.LITTLE_ENDIAN), crc32c())),
                "index_location", Json.string(ZarrException.BadRequest.requireNonNull(index, "index").name().toLowerCase(Locale.ROOT))));
    }

    private static Json.JObject codec(String name, Json.JObject configuration) {
        return Json.object("name", Json.string(name), "configuration", configuration);
    }
}
