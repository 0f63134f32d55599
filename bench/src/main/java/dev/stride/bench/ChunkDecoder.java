package dev.stride.bench;

import dev.stride.Zarr;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.codec.ShardingCodec;
import dev.stride.internal.read.ArrayReader;
import dev.stride.internal.read.ReadSession;
import dev.stride.internal.read.UnitGrid;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.Region;

import java.lang.foreign.MemorySegment;

/**
 * Decodes the units of a compressed benchmark array and nothing else: each chunk (each inner chunk of a shard) is
 * found and decoded by the array's own reader, the path reads take (same store, I/O policy and shard walk), into the
 * worker's reused session. No field is read.
 */
final class ChunkDecoder implements AutoCloseable {
    private final ArrayReader reader;
    private final UnitGrid grid;
    private final ReadSession[] sessions;
    private final long records;

    /** Decodes the array {@code name} at the root of {@code zarr} on {@code threads} workers, each with new buffers. */
    ChunkDecoder(String name, Zarr zarr, int threads) {
        ArrayMetadata meta = zarr.array("/").metadata();
        if (!decodes(CodecPipeline.of(meta))) {
            throw new IllegalStateException("array " + name + " is stored as plain bytes, so a decode-only pass has nothing"
                    + " to decode; its baselines are plainRead, mappedSum and mappedOnePass");
        }
        reader = new ArrayReader(zarr.store(), "", meta);
        grid = new UnitGrid(reader.unitShape(), Region.all(meta.shape()));
        records = meta.size();
        sessions = new ReadSession[threads];
        for (int w = 0; w < sessions.length; w++) {
            sessions[w] = reader.acquire();
        }
    }

    @Override
    public void close() {
        for (ReadSession s : sessions) {
            reader.release(s);
        }
        reader.close();
    }

    long records() {
        return records;
    }

    /** Decodes every unit on the workers; gives the decoded bytes. */
    long decodeAll() {
        // a worker's transient mappings are confined to its thread: each releases its own when the pass ends
        return Workers.run(sessions.length, Math.toIntExact(grid.count()), this::decode, worker -> sessions[worker].reset());
    }

    /** Decodes unit {@code i} on the worker's session; gives the decoded bytes (0 for a unit never written). */
    long decode(int worker, int i) {
        MemorySegment decoded = reader.storedUnit(grid.unit(i), sessions[worker]);
        return decoded == null ? 0 : decoded.byteSize();
    }

    /** True when decoding a chunk does more than view its bytes (compression, checksums, transposition). */
    private static boolean decodes(CodecPipeline pipeline) {
        ShardingCodec shard = pipeline.directSharding();
        return shard != null ? decodes(shard.inner()) : !pipeline.byteCodecs().isEmpty() || !pipeline.arrayCodecs().isEmpty();
    }
}
