package dev.stride.codecs;

import dev.stride.Zarr;
import dev.stride.conformance.Corpus;
import dev.stride.internal.json.JsonCodec;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.Json;
import dev.stride.robust.ChunkFixture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

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
