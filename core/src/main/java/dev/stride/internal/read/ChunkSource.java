package dev.stride.internal.read;

import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.codec.ShardIndex;
import dev.stride.internal.codec.ShardingCodec;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ZarrException;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Finds and decodes the array's read units. A unit is a chunk, or, when {@code sharding_indexed} is the array's
 * whole array-level codec chain, an inner chunk of a shard (recursively for nested sharding): then only the
 * shard index and that inner chunk's byte range are read, never the whole shard. This is the one walk from a unit
 * through shard indexes to its bytes; whatever decodes stored units (reads, scans, benchmarks) goes through it.
 *
 * <p>No value is asked for its size apart from its bytes: a chunk is read with at most the bytes its codecs can make
 * ({@link Store#readPrefix}), and a shard's index comes with the shard's size in one request
 * ({@link Store#readSuffix}, or {@code readPrefix} for an index at the start). Finding a unit's bytes
 * ({@link #locate}), reading them ({@link #fetch}) and decoding them are separate steps, so a read-ahead can run the
 * first two on I/O threads while the cores decode.
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
    /** How often the units of one shard are read again from its index when the shard changes under the reads. */
    static final int CHANGE_TRIES = 3;

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

    /**
     * Where a unit's stored bytes are: the whole value of {@code key} ({@code length < 0}, read with at most the bytes
     * its codecs can make), or {@code length} bytes at {@code offset} of the shard's {@code version} its index was read
     * from (null: the store tells no versions).
     */
    public record Location(String key, long offset, long length, Object version) {
        boolean whole() {
            return length < 0;
        }
    }

    /** The decoded unit (packed elements, C order), or null when it was never written. */
    public MemorySegment decode(long[] unit, ReadSession session) {
        ValuePart stored = stored(new long[][] {unit}, session)[0];
        return stored == null ? null : decode(stored, session.ctx);
    }

    /**
     * The stored bytes of units of one key ({@link #locate}, then {@link #fetch(Location[], Scratch)}), all of one
     * version of it: a shard replaced between its index and its inner chunks is read again from its index, at most
     * {@link #CHANGE_TRIES} times.
     *
     * @throws dev.stride.model.ZarrException.StoreFailure with the reason {@link Store#CHANGED} when it changed each time
     */
    public ValuePart[] stored(long[][] units, ReadSession session) {
        for (int tried = 1; ; tried++) {
            try {
                Location[] at = new Location[units.length];
                for (int i = 0; i < units.length; i++) {
                    at[i] = locate(units[i], session);
                }
                return fetch(at, session.ctx.scratch());
            } catch (ZarrException.StoreFailure e) {
                if (!Store.CHANGED.equals(e.reason())) {
                    throw e;
                }
                session.forgetIndexes();
                if (tried == CHANGE_TRIES) {
                    throw new ZarrException.StoreFailure(e.chunkKey(), Store.CHANGED + " (" + tried + " times in a row)", e);
                }
            }
        }
    }

    /**
     * Where the unit's stored bytes are, reading the shard indexes on the way (the session keeps the last of each
     * level); null when the unit was never written. A range larger than the codecs can make is refused unread.
     */
    public Location locate(long[] unit, ReadSession session) {
        String key = keyOf(unit);
        session.ctx.at(node, key);
        if (levels.isEmpty()) {
            return new Location(key, 0, -1, null);
        }
        long base = 0;
        long size = -1; // the outermost shard's size comes with its index
        Object version = null; // and its version: the reads that follow are of that version only
        for (int level = 0; level < levels.size(); level++) {
            ShardingCodec shard = levels.get(level);
            ShardIndex index = session.cachedIndex(level, key, base);
            if (index != null && level > 0 && !Objects.equals(session.cachedVersion(level), version)) {
                index = null; // an inner shard's index read from another version of the outer one
            }
            if (index == null) {
                Versioned read = readIndex(shard, key, base, size, version, session);
                if (read == null) {
                    return null;
                }
                index = read.index();
                session.cacheIndex(level, key, base, index, read.version());
            }
            version = session.cachedVersion(level);
            int inner = innerIndex(unit, shard);
            if (index.isEmpty(inner)) {
                return null;
            }
            base += index.offset(inner);
            size = index.length(inner);
        }
        unitPipeline.checkStoredSize(size, session.ctx);
        return new Location(key, base, size, version);
    }

    /** The stored bytes at a location, with the stored value's size; null when its key does not exist. */
    public ValuePart fetch(Location at, Scratch scratch) {
        if (at.whole()) {
            return store.readPrefix(at.key(), unitPipeline.maxStoredSize(), scratch);
        }
        MemorySegment bytes = store.read(at.key(), at.offset(), at.length(), at.version(), scratch);
        return bytes == null ? null : new ValuePart(bytes, at.length());
    }

    /**
     * The stored bytes of several locations in one call to the store, all valid together: ranges of one shard become
     * one batch of ranges, which the store may merge into fewer requests. Null entries stay null (never written).
     */
    public ValuePart[] fetch(Location[] at, Scratch scratch) {
        ValuePart[] out = new ValuePart[at.length];
        int ranges = 0;
        String key = null;
        Object version = null;
        for (Location l : at) {
            if (l != null) {
                ranges++;
                key = l.key();
                version = l.version();
            }
        }
        if (ranges == 1) {
            for (int i = 0; i < at.length; i++) {
                out[i] = at[i] == null ? null : fetch(at[i], scratch);
            }
            return out;
        }
        long[] offsets = new long[ranges];
        long[] lengths = new long[ranges];
        int r = 0;
        for (Location l : at) {
            if (l != null) {
                if (l.whole() || !l.key().equals(key) || !Objects.equals(l.version(), version)) {
                    throw new IllegalArgumentException("a batch holds ranges of one shard only, not " + l);
                }
                offsets[r] = l.offset();
                lengths[r++] = l.length();
            }
        }
        MemorySegment[] bytes = ranges == 0 ? null : store.readRanges(key, offsets, lengths, version, scratch);
        r = 0;
        for (int i = 0; i < at.length; i++) {
            if (at[i] != null && bytes != null) {
                out[i] = new ValuePart(bytes[r], lengths[r]);
                r++;
            }
        }
        return out;
    }

    /** Decodes stored bytes fetched for the unit {@code ctx} was last pointed at. */
    public MemorySegment decode(ValuePart stored, DecodeContext ctx) {
        // a whole value is read with no more bytes than its codecs can make: a larger one is refused from its size
        unitPipeline.checkStoredSize(stored.valueSize(), ctx);
        return unitPipeline.decode(stored.bytes(), ctx);
    }

    /** A shard index and the version of the stored value it was read from. */
    private record Versioned(ShardIndex index, Object version) {
    }

    /**
     * The index of the shard at {@code base} of {@code size} bytes in the value's {@code version}, or, for the
     * outermost shard ({@code size < 0}), read in one request with the shard's size and version; null when the shard
     * was never written.
     */
    private Versioned readIndex(ShardingCodec shard, String key, long base, long size, Object version, ReadSession session) {
        Scratch scratch = session.ctx.scratch();
        long indexSize = shard.indexSize();
        MemorySegment bytes = null;
        long shardSize = size;
        if (size < 0) {
            ValuePart part = shard.indexAtEnd() ? store.readSuffix(key, indexSize, scratch) : store.readPrefix(key, indexSize, scratch);
            if (part == null) {
                return null;
            }
            bytes = part.bytes();
            shardSize = part.valueSize();
            version = part.version();
        }
        if (shardSize < indexSize) {
            throw session.ctx.corrupt("shard of " + shardSize + " bytes is smaller than its " + indexSize + "-byte index");
        }
        if (bytes == null) {
            bytes = store.read(key, base + shard.indexOffset(shardSize), indexSize, version, scratch);
        }
        return new Versioned(shard.readIndex(bytes, shardSize, session.ctx), version);
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
