package dev.stride.cli;

import dev.stride.Compression;
import dev.stride.ZarrArray;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How copy stores each array: chunk shape (given, else the source's read unit), optional shards of those chunks,
 * compression, crc32c and byte order. Shapes given for fewer dimensions than an array has set its leading ones.
 * Everything else (data type, shape, fill value, dimension names, attributes) is the source's.
 */
record TargetLayout(long[] chunks, long[] shards, Compression compression, boolean crc32c, ByteOrder order) {

    /** The array to create for {@code source}; refuses shapes that do not fit it. */
    ArraySpec spec(ZarrArray source) {
        long[] inner = leading(chunks, source.readUnitShape(), "--chunks", source);
        List<Json.JObject> chain = new ArrayList<>();
        chain.add(CodecChain.bytes(source.dataType(), order));
        compression.entry(source.layout().recordSize()).ifPresent(chain::add);
        if (crc32c) {
            chain.add(CodecChain.crc32c());
        }
        ArraySpec spec = ArraySpec.of(source.dataType(), source.shape())
                .fill(source.metadata().fillValue())
                .attributes(source.attributes());
        List<String> names = source.metadata().dimensionNames();
        if (names != null) {
            spec = spec.dimensionNames(names.toArray(String[]::new));
        }
        if (shards == null) {
            return spec.chunks(inner).codecs(chain);
        }
        long[] outer = leading(shards, inner, "--shards", source);
        for (int d = 0; d < outer.length; d++) {
            if (outer[d] % inner[d] != 0) {
                throw new ZarrException.BadRequest(source.path(), "the shard shape " + text(outer)
                        + " is not a multiple of the chunk shape " + text(inner) + " (set both with --shards and --chunks)");
            }
        }
        return spec.chunks(outer).codecs(CodecChain.sharding(inner, CodecChain.IndexLocation.END, chain.toArray(Json.JObject[]::new)));
    }

    /** "zstd:3, crc32c, little endian" */
    String codecText() {
        return compression + (crc32c ? ", crc32c, " : ", ") + (order == ByteOrder.BIG_ENDIAN ? "big" : "little") + " endian";
    }

    /** {@code given} over the leading dimensions of {@code fallback}. */
    private static long[] leading(long[] given, long[] fallback, String option, ZarrArray source) {
        if (given == null) {
            return fallback;
        }
        if (given.length > fallback.length) {
            throw new ZarrException.BadRequest(source.path(), option + " " + text(given) + " has " + given.length
                    + " dimensions, the array " + fallback.length);
        }
        long[] shape = fallback.clone();
        System.arraycopy(given, 0, shape, 0, given.length);
        return shape;
    }

    /** "1000,20", as shapes are given on the command line. */
    static String text(long[] shape) {
        return Arrays.stream(shape).mapToObj(Long::toString).collect(Collectors.joining(","));
    }
}
