package dev.stride.internal.read;

import dev.stride.internal.memory.CountedScope;
import dev.stride.internal.memory.ChunkContext;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.internal.codec.NdCopy;
import dev.stride.internal.codec.ShardIndex;
import dev.stride.internal.memory.DecodeBudget;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * What one thread reads an array with: its decode context (reused off-heap buffers, codec state), a chunk of
 * fill values made once, and the last shard index seen at each sharding level.
 */
public final class ReadSession implements AutoCloseable {
    final ChunkContext ctx;
    private final Object fillKey = new Object();
    private MemorySegment fill;
    private final String[] indexKey;
    private final long[] indexBase;
    private final ShardIndex[] index;
    private final Object[] indexVersion;
    private final boolean fetching;

    /** A decoder's session reading for {@code scope}: the values it keeps mapped belong to that scope. */
    public ReadSession(int shardLevels, CountedScope scope) {
        this(shardLevels, scope, false);
    }

    /** A session reading for {@code scope}, for a decoder or for the fetches of a read-ahead slot. */
    ReadSession(int shardLevels, CountedScope scope, boolean fetching) {
        this.fetching = fetching;
        ctx = new ChunkContext(new ThreadScratch(DecodeBudget.shared(), scope));
        indexKey = new String[shardLevels];
        indexBase = new long[shardLevels];
        index = new ShardIndex[shardLevels];
        indexVersion = new Object[shardLevels];
    }

    /** Whether the session fetches for a read-ahead slot rather than decodes. */
    boolean fetching() {
        return fetching;
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

    /** The version of the shard the cached index of {@code level} was read from (null: the store has none). */
    Object cachedVersion(int level) {
        return indexVersion[level];
    }

    void cacheIndex(int level, String key, long base, ShardIndex idx, Object version) {
        indexKey[level] = key;
        indexBase[level] = base;
        index[level] = idx;
        indexVersion[level] = version;
    }

    /** Forgets the shard indexes, which may have changed. */
    void forgetIndexes() {
        Arrays.fill(indexKey, null);
        Arrays.fill(index, null);
        Arrays.fill(indexVersion, null);
    }

    /** Ends a pass, on the thread that read: closes transient mappings and forgets shard indexes, which may change. */
    public void reset() {
        ctx.scratch().releaseHeld();
        forgetIndexes();
    }

    @Override
    public void close() {
        ctx.close();
    }
}
