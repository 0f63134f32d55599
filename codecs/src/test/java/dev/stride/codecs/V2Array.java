package dev.stride.codecs;

import dev.stride.Zarr;
import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.robust.ChunkFixture;
import org.junit.jupiter.api.Named;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A Zarr v2 array's files, held in memory, with one chunk a test replaces: a corpus array as written, or a
 * {@code .zarray} laid out here around a chunk that numcodecs encoded.
 *
 * @param files every file of the array by key, {@code .zarray} included
 * @param key the chunk a test replaces
 */
record V2Array(Map<String, byte[]> files, String key) {

    /** The array at {@code path} below the v2 manifest's folder, all its files as written. */
    static V2Array corpus(String path, String key) {
        Path dir = Corpus.shared().resolve("conformance").resolve(Corpus.V2_MANIFEST).getParent().resolve(path);
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                files.put(dir.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new V2Array(Map.copyOf(files), key);
    }

    /**
     * A filter case numcodecs encoded ({@link NumcodecsCases}) as the one chunk, {@code 0}, of a one-dimensional array
     * of its decoded type with that filter and no compressor, so the filter alone decodes the stored bytes.
     */
    static V2Array filtered(NumcodecsCases c) {
        String id = c.codecName().substring(NumcodecsCodecs.PREFIX.length());
        // shuffle works on bytes of any type; its cases are int32 arrays' bytes
        String dtype = id.equals("shuffle") ? "<i4" : c.dtype();
        long elements = c.decoded().length / Integer.parseInt(dtype.substring(2));
        // a v2 filter entry is the codec's configuration with the id among its members
        Map<String, Json> filter = new LinkedHashMap<>();
        filter.put("id", Json.string(id));
        filter.putAll(((Json.JObject) ((Json.JObject) c.meta().get("codec")).get("configuration")).members());
        String zarray = """
                {"zarr_format": 2, "shape": [%d], "chunks": [%d], "dtype": "%s", "compressor": null, "fill_value": 0,
                 "order": "C", "filters": [%s]}""".formatted(elements, elements, dtype, JsonCodec.print(new Json.JObject(filter)));
        return new V2Array(Map.of(".zarray", zarray.getBytes(StandardCharsets.UTF_8), "0", c.encoded()), "0");
    }

    /**
     * The arrays whose chunk goes through each compressor and filter id the v2 reader accepts: the corpus's arrays for
     * the compressors (some behind delta and shuffle), and each filter alone on a chunk numcodecs encoded.
     */
    static List<Named<V2Array>> everyCodec() {
        List<Named<V2Array>> out = new ArrayList<>(List.of(
                corpus("blosc", "numcodecs/points.blosc-lz4", "0"),
                corpus("blosc bitshuffle", "numcodecs/i8.blosc-zstd-bitshuffle", "0.0"),
                corpus("zstd", "numcodecs/points.zstd.fill", "0"),
                corpus("zlib", "numcodecs/points.zlib.missing", "0"),
                corpus("gzip", "numcodecs/mixed.2d.gzip", "0.0"),
                corpus("lz4", "numcodecs/i8.lz4", "0.0"),
                corpus("bz2", "numcodecs/mixed.2d.F.bz2.slash", "0/0"),
                corpus("lzma", "numcodecs/mixed.0d.lzma", "0"),
                corpus("delta shuffle zlib", "zarr-python-2/data.zarr/1d.contiguous.delta.shuffle.i2", "0"),
                corpus("delta shuffle blosc", "numcodecs/i2.delta.shuffle", "0"),
                corpus("fixedscaleoffset zlib", "numcodecs/f4.delta-free.fixedscaleoffset", "0")));
        for (String name : List.of("delta-i4-as-i1", "delta-u1-as-i2", "fixedscaleoffset-f8-i4", "bitround-float32-3",
                "quantize-3-float64-float32", "astype-int16-int64", "shuffle-4")) {
            NumcodecsCases c = NumcodecsCases.where(x -> x.name().equals(name)).getFirst();
            out.add(Named.of(c.codecName().substring(NumcodecsCodecs.PREFIX.length()) + " (" + name + ")", filtered(c)));
        }
        return out;
    }

    private static Named<V2Array> corpus(String name, String path, String key) {
        return Named.of(name + " (" + path + ")", corpus(path, key));
    }

    /**
     * The records read with {@code chunk} stored as the chunk, or null when it is refused as a corrupt chunk naming the
     * node and the key; any other exception fails the test.
     */
    byte[] readOrRefuse(byte[] chunk) {
        try {
            return read(chunk);
        } catch (ZarrException.CorruptChunk refused) {
            assertNames(refused);
            return null;
        } catch (RuntimeException other) {
            return fail("not a CorruptChunk for " + chunk.length + " bytes of chunk " + key + ": " + other, other);
        }
    }

    /** The refusal names the root node and this chunk's key. */
    void assertNames(ZarrException.CorruptChunk e) {
        assertEquals(key, e.chunkKey(), e.getMessage());
        assertEquals("/", e.node(), e.getMessage());
    }

    /** The chunk as written. */
    byte[] chunk() {
        return files.get(key).clone();
    }

    /** Every record of the array, packed in its layout's byte order, with {@code replacement} stored as the chunk. */
    byte[] read(byte[] replacement) {
        MemoryStore store = new MemoryStore();
        files.forEach(store::put);
        store.put(key, replacement);
        try (Zarr zarr = Zarr.open(store)) {
            return ChunkFixture.records(zarr.array("/"), null);
        }
    }
}
