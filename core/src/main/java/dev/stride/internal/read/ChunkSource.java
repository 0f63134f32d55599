package dev.stride.internal.read;

import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.codec.ShardIndex;
import dev.stride.internal.codec.ShardingCodec;
import dev.stride.model.ArrayMetadata;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds and decodes the array's read units. A unit is a chunk, or, when {@code sharding_indexed} is the array's
 * whole array-level codec chain, an inner chunk of a shard (recursively for nested sharding): then only the
 * shard index and that inner chunk's byte range are read, never the whole shard.
 */
public final class ChunkSource {
    private final Store store;
    private final String node;
    private final String prefix;
    private final ArrayMetadata meta;
    private final List<ShardingCodec> levels;
    private final CodecPipeline unitPipeline;
    private final long[] unitShape;
    private final ByteOrder arrayOrder;

    public ChunkSource(Store store, String prefix, ArrayMetadata meta) {
        this.store = store;
        this.node = meta.path();
        this.prefix = prefix;
        this.meta = meta;
        List<ShardingCodec> found = new ArrayList<>();
        CodecPipeline p = CodecPipeline.of(meta);
        this.arrayOrder = p.order();
        for (ShardingCodec s = p.directSharding(); s != null; s = p.directSharding()) {
            found.add(s);
            p = s.inner();
        }
        this.levels = List.copyOf(found);
        this.unitPipeline = p;
        this.unitShape = p.spec().shape();
    }

    /** The byte order of the array's records (the order its bytes codec stores them in). */
    public ByteOrder arrayOrder() {
        return arrayOrder;
    }

    public int shardLevels() {
        return levels.size();
    }

    public long[] unitShape() {
        return unitShape.clone();
    }

    public CodecPipeline unitPipeline() {
        return unitPipeline;
    }

    /** The store key of the chunk (or shard) holding a unit. */
    public String keyOf(long[] unit) {
        long[] chunkShape = meta.chunkShape();
        long[] outer = new long[unit.length];
        for (int d = 0; d < unit.length; d++) {
            outer[d] = unit[d] * unitShape[d] / chunkShape[d];
        }
        return prefix + meta.keyEncoding().key(outer);
    }

    /** The decoded unit (packed elements, C order), or null when it was never written. */
    public MemorySegment decode(long[] unit, ReadSession session) {
        String key = keyOf(unit);
        session.ctx.at(node, key);
        if (levels.isEmpty()) {
            if (!unitPipeline.byteCodecs().isEmpty()) {
                // a stored chunk larger than its codecs can make is refused from its size, before it is read or copied
                // (a raw chunk is mapped in place and its size checked by the bytes codec: no stat for it)
                unitPipeline.checkStoredSize(store.size(key), session.ctx);
            }
            MemorySegment stored = store.read(key, 0, -1, session.ctx.scratch());
            return stored == null ? null : unitPipeline.decode(stored, session.ctx);
        }
        long size = store.size(key);
        if (size < 0) {
            return null;
        }
        long base = 0;
        for (int level = 0; level < levels.size(); level++) {
            ShardingCodec shard = levels.get(level);
            ShardIndex index = index(level, shard, key, base, size, session);
            int inner = innerIndex(unit, shard);
            if (index.isEmpty(inner)) {
                return null;
            }
            base += index.offset(inner);
            size = index.length(inner);
        }
        unitPipeline.checkStoredSize(size, session.ctx);
        return unitPipeline.decode(store.read(key, base, size, session.ctx.scratch()), session.ctx);
    }

    private ShardIndex index(int level, ShardingCodec shard, String key, long base, long size, ReadSession session) {
        ShardIndex cached = session.cachedIndex(level, key, base);
        if (cached != null) {
            return cached;
        }
        if (size < shard.indexSize()) {
            throw session.ctx.corrupt("shard of " + size + " bytes is smaller than its " + shard.indexSize() + "-byte index");
        }
        MemorySegment bytes = store.read(key, base + shard.indexOffset(size), shard.indexSize(), session.ctx.scratch());
        ShardIndex index = shard.readIndex(bytes, size, session.ctx);
        session.cacheIndex(level, key, base, index);
        return index;
    }

    /** C-order position, within its shard, of the inner chunk holding the unit. */
    private int innerIndex(long[] unit, ShardingCodec shard) {
        long[] inner = shard.innerShape();
        long[] perShard = shard.chunksPerShard();
        long linear = 0;
        for (int d = 0; d < unit.length; d++) {
            long element = unit[d] * unitShape[d];
            linear = linear * perShard[d] + (element / inner[d]) % perShard[d];
        }
        return (int) linear;
    }
}
