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
    public ChunkEncoding {
        codecs = List.copyOf(codecs);
        innerChunkShape = innerChunkShape == null ? null : innerChunkShape.clone();
    }

    @Override
    public long[] innerChunkShape() {
        return innerChunkShape == null ? null : innerChunkShape.clone();
    }

    public boolean sharded() {
        return innerChunkShape != null;
    }
}
