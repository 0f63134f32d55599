package dev.stride.model;

import java.util.List;

/**
 * How an array's chunks are encoded, as its codec chain was resolved: each codec in spec order as
 * {@code {"name": ..., "configuration": {...}}} with what the codec fills in (a default {@code index_location}, a
 * {@code bytes} codec's {@code endian}), and, when {@code sharding_indexed} is the array->bytes codec, the shape of
 * the chunks inside each shard (the metadata's chunk shape is then the shard shape).
 *
 * @param codecs          the codecs, in spec order
 * @param innerChunkShape the chunk shape inside a shard, or null when the chunks are not sharded
 */
public record ChunkEncoding(List<Json.JObject> codecs, long[] innerChunkShape) {
    /** The encoding, copying the codecs and the shape. */
    public ChunkEncoding {
        codecs = List.copyOf(codecs);
        innerChunkShape = innerChunkShape == null ? null : innerChunkShape.clone();
    }

    /**
     * The chunk shape inside a shard.
     *
     * @return a copy of the shape, or null when the chunks are not sharded
     */
    @Override
    public long[] innerChunkShape() {
        return innerChunkShape == null ? null : innerChunkShape.clone();
    }

    /**
     * Whether the chunks are shards of inner chunks.
     *
     * @return true when {@code sharding_indexed} is the array-to-bytes codec
     */
    public boolean sharded() {
        return innerChunkShape != null;
    }
}
