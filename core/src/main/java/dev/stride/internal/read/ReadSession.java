package dev.stride.internal.read;

import dev.stride.internal.codec.NdCopy;
import dev.stride.internal.codec.ShardIndex;
import dev.stride.spi.DecodeBudget;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.ReadScope;
import dev.stride.spi.Scratch;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * What one thread reads an array with: its decode context (reused off-heap buffers, codec state), a chunk of
 * fill values made once, and the last shard index seen at each sharding level.
 */
public final class ReadSession implements AutoCloseable {
    final DecodeContext ctx;
    private final Object fillKey = new Object();
    private MemorySegment fill;
    private final String[] indexKey;
    private final long[] indexBase;
    private final ShardIndex[] index;

    /** A session reading for {@code scope}: the values it keeps mapped belong to that scope. */
    public ReadSession(int shardLevels, ReadScope scope) {
        ctx = new DecodeContext(new Scratch(DecodeBudget.shared(), scope));
        indexKey = new String[shardLevels];
        indexBase = new long[shardLevels];
        index = new ShardIndex[shardLevels];
    }

    /** A unit-sized chunk of fill values, filled on first use. */
    public MemorySegment fill(long bytes, byte[] element) {
        if (fill == null) {
            fill = ctx.buffer(fillKey, bytes);
            NdCopy.fill(fill, element);
        }
        return fill;
    }

    ShardIndex cachedIndex(int level, String key, long base) {
        return key.equals(indexKey[level]) && indexBase[level] == base ? index[level] : null;
    }

    void cacheIndex(int level, String key, long base, ShardIndex idx) {
        indexKey[level] = key;
        indexBase[level] = base;
        index[level] = idx;
    }

    /** Ends a pass, on the thread that read: closes transient mappings and forgets shard indexes, which may change. */
    public void reset() {
        ctx.scratch().releaseHeld();
        Arrays.fill(indexKey, null);
        Arrays.fill(index, null);
    }

    @Override
    public void close() {
        ctx.close();
    }
}
