package dev.stride.spark;

import dev.stride.Compression;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.DataType;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

import java.io.Serializable;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of a write: where ({@code path}, {@code store.*}), the chunk length in records ({@code chunks}, default
 * {@value #DEFAULT_CHUNK} records), optional shards of several chunks ({@code shards}, in records, a multiple of
 * {@code chunks}), the compression ({@code codec}: none, gzip:LEVEL, zstd:LEVEL or blosc:CNAME:CLEVEL:SHUFFLE), the
 * column whose values place the rows ({@code indexColumn}, default {@code _index} when the DataFrame has it) and the
 * array's length when it should differ from what the rows give ({@code shape}), and whether the chunk statistics
 * are gathered as the chunks are encoded and stored beside the array ({@code statistics}, default true, as
 * {@code ZarrWriter} does; false writes none, as {@code stride copy --no-statistics}).
 */
record WriteOptions(StoreDescriptor store, long chunk, long shard, String codec, String indexColumn, long shape,
                    boolean statistics) implements Serializable {
    static final long DEFAULT_CHUNK = 1 << 20;
    /** The largest stored chunk (or shard) a task assembles in memory, one buffer: as large as a chunk may be. */
    static final long MAX_STORED_CHUNK_BYTES = Integer.MAX_VALUE;
    static final String DEFAULT_INDEX = "_index";
    /** No shape given: the rows decide it. */
    static final long SHAPE_FROM_ROWS = -1;

    static WriteOptions of(CaseInsensitiveStringMap options, List<String> columns) {
        long chunk = ReadOptions.positive(options, "chunks", DEFAULT_CHUNK, Integer.MAX_VALUE);
        long shard = options.containsKey("shards") ? ReadOptions.positive(options, "shards", 1, Long.MAX_VALUE) : 0;
        if (shard != 0 && shard % chunk != 0) {
            throw new ZarrException.BadRequest(null, "option shards (" + shard + " records) must be a multiple of option chunks (" + chunk + ")");
        }
        String codec = options.getOrDefault("codec", "none");
        try {
            Compression.parse(codec);
        } catch (IllegalArgumentException e) {
            throw new ZarrException.BadRequest(null, "option codec: " + e.getMessage());
        }
        String index = options.get("indexColumn");
        if (index != null && !columns.contains(index)) {
            throw new ZarrException.BadRequest(null, "option indexColumn names '" + index + "', which is not a column; the columns are " + columns);
        }
        if (index == null && columns.contains(DEFAULT_INDEX)) {
            index = DEFAULT_INDEX;
        }
        long shape = options.containsKey("shape") ? ReadOptions.positive(options, "shape", 1, Long.MAX_VALUE) : SHAPE_FROM_ROWS;
        return new WriteOptions(ReadOptions.store(options), chunk, shard, codec, index, shape, options.getBoolean("statistics", true));
    }

    /** A writer to the store, gathering chunk statistics or not as the option says. */
    ZarrWriter writer() {
        return ZarrWriter.open(store).statistics(statistics);
    }

    /** The stored chunk (a shard when sharded): what one task writes whole. */
    long storedChunk() {
        return shard == 0 ? chunk : shard;
    }

    /**
     * Refuses, on the driver before any task starts, a layout the codecs cannot hold, and a stored chunk (a shard when
     * sharded) larger than one task may assemble in memory: each task holds one whole.
     */
    void check(DataType type) {
        long bytes;
        try {
            bytes = Math.multiplyExact(storedChunk(), type.byteSize());
        } catch (ArithmeticException e) {
            bytes = Long.MAX_VALUE;
        }
        String options = "options chunks (" + chunk + ")" + (shard == 0 ? "" : " and shards (" + shard + ")");
        if (bytes > MAX_STORED_CHUNK_BYTES) {
            throw new ZarrException.BadRequest(null, options + " make " + (shard == 0 ? "chunks" : "shards") + " of "
                    + (bytes == Long.MAX_VALUE ? "more than 2^63" : Long.toString(bytes)) + " bytes of " + type.byteSize()
                    + "-byte records, which a task assembles whole in memory; at most 2 GiB: give fewer records");
        }
        try {
            ZarrWriter.check(spec(type, storedChunk()));
        } catch (ZarrException.InvalidMetadata e) {
            throw new ZarrException.BadRequest(null, options + " cannot be stored: " + e.reason());
        }
    }

    /** The array of records of {@code type}, {@code length} long, as these options store it. */
    ArraySpec spec(DataType type, long length) {
        List<Json.JObject> chain = new ArrayList<>();
        chain.add(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN));
        Compression.parse(codec).entry(type.byteSize()).ifPresent(chain::add);
        ArraySpec spec = ArraySpec.of(type, length);
        if (shard == 0) {
            return spec.chunks(chunk).codecs(chain);
        }
        return spec.chunks(shard).codecs(CodecChain.sharding(new long[]{chunk}, CodecChain.IndexLocation.END, chain.toArray(Json.JObject[]::new)));
    }
}
