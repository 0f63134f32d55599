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
    public enum IndexLocation {
        /** Before the inner chunks. */
        START,
        /** After the inner chunks, so a shard can be written in one pass. */
        END
    }

    /** How blosc shuffles bytes before compressing. */
    public enum Shuffle {
        /** Bytes as they are. */
        NOSHUFFLE,
        /** The i-th bytes of all elements together. */
        SHUFFLE,
        /** The i-th bits of all elements together. */
        BITSHUFFLE
    }

    private CodecChain() {
    }

    /**
     * The {@code bytes} codec with an {@code endian} (see {@link #bytes(DataType, ByteOrder)} for single-byte types).
     *
     * @param order the byte order to store multi-byte values in
     * @return the codec entry
     */
    public static Json.JObject bytes(ByteOrder order) {
        return codec("bytes", Json.object("endian", Json.string(order == ByteOrder.BIG_ENDIAN ? "big" : "little")));
    }

    /**
     * The {@code bytes} codec for elements of {@code type}: with {@code order} as its {@code endian} when some part of
     * an element has more than one byte, else with no configuration at all, as the spec allows for single bytes (and
     * as readers such as zarrita want: given an {@code endian}, it misreads bool).
     *
     * @param type the data type of one element
     * @param order the byte order to store multi-byte values in
     * @return the codec entry
     */
    public static Json.JObject bytes(DataType type, ByteOrder order) {
        boolean ordered = ZarrException.BadRequest.requireNonNull(type, "type").hasByteOrder();
        return ordered ? bytes(order) : Json.object("name", Json.string("bytes"));
    }

    /**
     * Stores dimension {@code order[i]} of the chunk as dimension i.
     *
     * @param order for each stored dimension, the chunk dimension it holds
     * @return the codec entry
     */
    public static Json.JObject transpose(int... order) {
        List<Json> items = new ArrayList<>();
        for (int o : ZarrException.BadRequest.requireNonNull(order, "order")) {
            items.add(Json.number(o));
        }
        return codec("transpose", Json.object("order", new Json.JArray(items)));
    }

    /**
     * The {@code crc32c} codec: a checksum after the encoded bytes.
     *
     * @return the codec entry
     */
    public static Json.JObject crc32c() {
        return codec("crc32c", Json.object());
    }

    /**
     * The {@code gzip} codec.
     *
     * @param level the compression level, 0 to 9
     * @return the codec entry
     */
    public static Json.JObject gzip(int level) {
        return codec("gzip", Json.object("level", Json.number(level)));
    }

    /**
     * {@code checksum} is written only when true, as the zstd spec asks.
     *
     * @param level the compression level
     * @param checksum whether each frame carries a checksum
     * @return the codec entry
     */
    public static Json.JObject zstd(int level, boolean checksum) {
        return codec("zstd", checksum
                ? Json.object("level", Json.number(level), "checksum", new Json.JBool(true))
                : Json.object("level", Json.number(level)));
    }

    /**
     * The {@code blosc} codec (encoded by the stride-codecs module).
     *
     * @param cname the compressor's name ({@code lz4}, {@code zstd}, ...)
     * @param clevel the compression level, 0 to 9
     * @param shuffle how bytes are shuffled before compressing
     * @param typesize the element size the shuffle works on, in bytes
     * @return the codec entry
     */
    public static Json.JObject blosc(String cname, int clevel, Shuffle shuffle, int typesize) {
        return codec("blosc", Json.object("cname", Json.string(cname), "clevel", Json.number(clevel),
                "shuffle", Json.string(ZarrException.BadRequest.requireNonNull(shuffle, "shuffle").name().toLowerCase(Locale.ROOT)), "typesize", Json.number(typesize),
                "blocksize", Json.number(0)));
    }

    /**
     * Shards of inner chunks of {@code innerShape}, each through {@code innerCodecs}; the index is little-endian with
     * a crc32c, as the sharding spec recommends.
     *
     * @param innerShape the shape of the chunks inside a shard
     * @param index where a shard keeps its index
     * @param innerCodecs the codecs of each inner chunk, in spec order
     * @return the codec entry
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
