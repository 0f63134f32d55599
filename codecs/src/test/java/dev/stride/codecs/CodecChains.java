package dev.stride.codecs;

import dev.stride.model.CodecChain;
import dev.stride.model.Json;
import dev.stride.robust.Chain;
import dev.stride.robust.Documents;

import java.util.List;

import static dev.stride.model.CodecChain.zstd;
import static dev.stride.robust.Chain.le;
import static dev.stride.robust.Chain.shard;

/** The zstd, blosc and numcodecs chains of the robustness tests and fuzz targets, on {@code ChunkFixture}'s array. */
final class CodecChains {
    private static final long[] INNER = {2, 3};

    private CodecChains() {
    }

    static List<Chain> zstdChains() {
        return List.of(
                Chain.of("zstd", le(), zstd(3, false)),
                Chain.of("zstd checksum", le(), zstd(1, true)).withChecksum(),
                Chain.of("shard zstd inner chunks", shard(INNER, CodecChain.IndexLocation.END, false, le(), zstd(1, false)))
                        .allowingTrailingBytes(),
                Chain.of("whole shard then zstd", shard(INNER, CodecChain.IndexLocation.START, false, le()), zstd(1, false)));
    }

    static List<Chain> bloscChains() {
        return List.of(
                Chain.of("blosc lz4 shuffle", le(), blosc("lz4", "shuffle", 15, 64)),
                Chain.of("blosc zstd bitshuffle", le(), blosc("zstd", "bitshuffle", 15, 0)),
                Chain.of("blosc blosclz", le(), blosc("blosclz", "noshuffle", 1, 128)),
                Chain.of("blosc zlib", le(), blosc("zlib", "shuffle", 4, 0)),
                Chain.of("whole shard then blosc", shard(INNER, CodecChain.IndexLocation.END, false, le()), blosc("lz4", "noshuffle", 1, 0)));
    }

    /** numcodecs' compressors as zarr-python 3 names them, one behind the shuffle filter. */
    static List<Chain> numcodecsChains() {
        return List.of(
                Chain.of("numcodecs zlib", le(), numcodecs("zlib", "{\"level\": 1}")),
                Chain.of("numcodecs gzip", le(), numcodecs("gzip", "{\"level\": 5}")),
                Chain.of("numcodecs bz2", le(), numcodecs("bz2", "{\"level\": 1}")),
                Chain.of("numcodecs lzma", le(), numcodecs("lzma", "{\"format\": 1, \"check\": -1, \"preset\": 1, \"filters\": null}")),
                Chain.of("numcodecs lzma alone", le(), numcodecs("lzma", "{\"format\": 2, \"check\": -1, \"preset\": 1, \"filters\": null}")),
                Chain.of("numcodecs lz4", le(), numcodecs("lz4", "{\"acceleration\": 1}")),
                Chain.of("numcodecs shuffle then zlib", le(), numcodecs("shuffle", "{\"elementsize\": 15}"), numcodecs("zlib", "{\"level\": 1}")));
    }

    static Json.JObject numcodecs(String id, String configuration) {
        return (Json.JObject) Documents.parse("{\"name\": \"numcodecs." + id + "\", \"configuration\": " + configuration + "}");
    }

    static Json.JObject blosc(String cname, String shuffle, int typesize, int blocksize) {
        return (Json.JObject) Documents.parse("""
                {"name": "blosc", "configuration": {"cname": "%s", "clevel": 5, "shuffle": "%s", "typesize": %d, "blocksize": %d}}"""
                .formatted(cname, shuffle, typesize, blocksize));
    }
}
