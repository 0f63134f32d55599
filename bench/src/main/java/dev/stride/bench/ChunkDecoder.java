package dev.stride.bench;

import dev.stride.Zarr;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.spi.DecodeContext;
import dev.stride.internal.codec.ShardIndex;
import dev.stride.internal.codec.ShardingCodec;
import dev.stride.model.ArrayMetadata;
import dev.stride.spi.Store;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the chunks of a compressed benchmark array and nothing else: each chunk's stored bytes come from the
 * array's own store (same I/O policy as its scans) and go through the array's codec pipeline into the worker's
 * reused {@link DecodeContext}; a shard is split by its index and each inner chunk decoded on its own, as reads do.
 * No field is read.
 */
final class ChunkDecoder implements AutoCloseable {
    private final Store store;
    private final String node;
    private final CodecPipeline codecs;
    private final List<String> keys;
    private final DecodeContext[] contexts;
    private final long records;

    /** Decodes the array {@code name} at the root of {@code zarr} on {@code threads} workers, each with new buffers. */
    ChunkDecoder(String name, Zarr zarr, int threads) {
        ArrayMetadata meta = zarr.array("/").metadata();
        codecs = CodecPipeline.of(meta);
        if (!decodes(codecs)) {
            throw new IllegalStateException("array " + name + " is stored as plain bytes, so a decode-only pass has nothing"
                    + " to decode; its baselines are plainRead, mappedSum and mappedOnePass");
        }
        store = zarr.store();
        node = meta.path();
        keys = keys(meta);
        records = meta.size();
        contexts = new DecodeContext[threads];
        for (int w = 0; w < contexts.length; w++) {
            contexts[w] = new DecodeContext();
        }
    }

    @Override
    public void close() {
        for (DecodeContext c : contexts) {
            c.close();
        }
    }

    long records() {
        return records;
    }

    /** Decodes every chunk on the workers; gives the decoded bytes. */
    long decodeAll() {
        // a worker's transient mappings are confined to its thread: each releases its own when the pass ends
        return Workers.run(contexts.length, keys.size(), this::decode, worker -> contexts[worker].scratch().releaseHeld());
    }

    /** Decodes chunk {@code i} on the worker's context; gives the decoded bytes (0 for a chunk never written). */
    long decode(int worker, int i) {
        DecodeContext ctx = contexts[worker].at(node, keys.get(i));
        MemorySegment stored = store.read(keys.get(i), 0, -1, ctx.scratch());
        return stored == null ? 0 : decode(codecs, stored, ctx);
    }

    private static long decode(CodecPipeline pipeline, MemorySegment stored, DecodeContext ctx) {
        ShardingCodec shard = pipeline.directSharding();
        if (shard == null) {
            return pipeline.decode(stored, ctx).byteSize();
        }
        long size = stored.byteSize();
        ShardIndex index = shard.readIndex(stored.asSlice(shard.indexOffset(size), shard.indexSize()), size, ctx);
        long decoded = 0;
        for (int inner = 0; inner < index.count(); inner++) {
            if (!index.isEmpty(inner)) {
                decoded += decode(shard.inner(), stored.asSlice(index.offset(inner), index.length(inner)), ctx);
            }
        }
        return decoded;
    }

    /** True when decoding a chunk does more than view its bytes (compression, checksums, transposition). */
    private static boolean decodes(CodecPipeline pipeline) {
        ShardingCodec shard = pipeline.directSharding();
        return shard != null ? decodes(shard.inner()) : !pipeline.byteCodecs().isEmpty() || !pipeline.arrayCodecs().isEmpty();
    }

    /** Store keys of every chunk of the grid, in C order (the array is the store's root node). */
    private static List<String> keys(ArrayMetadata meta) {
        long[] shape = meta.shape();
        long[] chunk = meta.chunkShape();
        long[] grid = new long[shape.length];
        long count = 1;
        for (int d = 0; d < shape.length; d++) {
            grid[d] = (shape[d] + chunk[d] - 1) / chunk[d];
            count *= grid[d];
        }
        List<String> keys = new ArrayList<>();
        long[] coords = new long[shape.length];
        for (long n = 0; n < count; n++) {
            long rest = n;
            for (int d = shape.length - 1; d >= 0; d--) {
                coords[d] = rest % grid[d];
                rest /= grid[d];
            }
            keys.add(meta.keyEncoding().key(coords));
        }
        return keys;
    }
}
