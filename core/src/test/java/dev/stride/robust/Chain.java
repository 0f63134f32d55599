package dev.stride.robust;

import dev.stride.model.CodecChain;
import dev.stride.model.Json;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.crc32c;
import static dev.stride.model.CodecChain.gzip;
import static dev.stride.model.CodecChain.transpose;

/**
 * A named codec chain of the robustness tests and fuzz targets. {@code checksummed}: every changed byte of a chunk
 * must be refused (the outermost codec checks the whole value). {@code trailingBytesAllowed}: bytes appended to a
 * chunk may be ignored (a shard need not reference all its bytes, so a shard with a copy of itself appended reads
 * as before).
 */
public record Chain(String name, List<Json.JObject> codecs, boolean checksummed, boolean trailingBytesAllowed) {

    public static Chain of(String name, Json.JObject... codecs) {
        return new Chain(name, List.of(codecs), false, false);
    }

    public Chain withChecksum() {
        return new Chain(name, codecs, true, trailingBytesAllowed);
    }

    public Chain allowingTrailingBytes() {
        return new Chain(name, codecs, checksummed, true);
    }

    /**
     * The same stored format decoded by the other path: an identity transpose first makes the reader decode whole
     * shards ({@code ShardingCodec.decode}) instead of reading inner chunks by their byte ranges.
     */
    public Chain wholeShards() {
        List<Json.JObject> all = new ArrayList<>();
        all.add(transpose(0, 1));
        all.addAll(codecs);
        return new Chain(name + ", whole shards", List.copyOf(all), checksummed, trailingBytesAllowed);
    }

    /** The core chains with these names, in this order. */
    public static List<Chain> core(String... names) {
        List<Chain> all = core();
        return Arrays.stream(names)
                .map(n -> all.stream().filter(c -> c.name().equals(n)).findFirst().orElseThrow(() -> new IllegalArgumentException(n)))
                .toList();
    }

    @Override
    public String toString() {
        return name;
    }

    public static Json.JObject le() {
        return bytes(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * {@code sharding_indexed} with inner chunks of {@code inner}, its index at the start or end through
     * {@code [bytes]} (plain, so a fuzzer reaches the index checks) or {@code [bytes, crc32c]}.
     */
    public static Json.JObject shard(long[] inner, CodecChain.IndexLocation at, boolean indexCrc, Json.JObject... codecs) {
        Map<String, Json> configuration = new LinkedHashMap<>();
        configuration.put("chunk_shape", new Json.JArray(Arrays.stream(inner).mapToObj(Json::number).map(Json.class::cast).toList()));
        configuration.put("codecs", new Json.JArray(List.of(codecs)));
        configuration.put("index_codecs", new Json.JArray(indexCrc ? List.of(le(), crc32c()) : List.of(le())));
        configuration.put("index_location", Json.string(at.name().toLowerCase(Locale.ROOT)));
        return new Json.JObject(Map.of("name", Json.string("sharding_indexed"), "configuration", new Json.JObject(configuration)));
    }

    /** The chains of the core codecs, for {@link ChunkFixture}'s 4 x 6 array in one chunk (inner chunks of 2 x 3). */
    public static List<Chain> core() {
        long[] inner = {2, 3};
        return List.of(
                of("bytes", le()),
                of("transpose", transpose(1, 0), le()),
                of("crc32c", le(), crc32c()).withChecksum(),
                of("gzip", le(), gzip(1)),
                of("transpose gzip crc32c", transpose(1, 0), le(), gzip(6), crc32c()).withChecksum(),
                of("shard index at end", shard(inner, CodecChain.IndexLocation.END, false, le())).allowingTrailingBytes(),
                of("shard index at start", shard(inner, CodecChain.IndexLocation.START, true, le(), gzip(1))).allowingTrailingBytes(),
                of("shard crc32c inner chunks", shard(inner, CodecChain.IndexLocation.END, true, le(), crc32c())).allowingTrailingBytes(),
                of("nested shards", shard(new long[] {2, 6}, CodecChain.IndexLocation.END, true,
                        shard(inner, CodecChain.IndexLocation.START, false, le(), crc32c()))).allowingTrailingBytes(),
                of("whole shard then gzip", shard(inner, CodecChain.IndexLocation.END, false, le()), gzip(1)));
    }
}
