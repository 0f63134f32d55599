package dev.stride.robust;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.NodeMetadata;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Metadata documents to start from, and what the metadata tests and fuzz targets do with one. */
public final class Documents {
    /** Every kind of leaf field, a fill value with NaN, NaT and uint64 max, dimension names and attributes. */
    public static final String EVERY_TYPE = """
            {"zarr_format": 3, "node_type": "array", "shape": [5, 3],
             "data_type": {"name": "struct", "configuration": {"fields": [
               {"name": "t", "data_type": {"name": "numpy.datetime64", "configuration": {"unit": "ms", "scale_factor": 10}}},
               {"name": "h", "data_type": "float16"}, {"name": "z", "data_type": "complex64"}, {"name": "r", "data_type": "r16"},
               {"name": "u", "data_type": "uint64"}, {"name": "ok", "data_type": "bool"},
               {"name": "in", "data_type": {"name": "struct", "configuration": {"fields": [{"name": "x", "data_type": "float32"}]}}}]}},
             "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2, 3]}},
             "chunk_key_encoding": {"name": "v2", "configuration": {"separator": "."}},
             "fill_value": {"t": "NaT", "h": "NaN", "z": [1.5, "-Infinity"], "r": [1, 255], "u": 18446744073709551615,
                            "ok": true, "in": {"x": "0x7fc00001"}},
             "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}],
             "dimension_names": ["y", null], "attributes": {"note": ["any", 1, 2.5e300, null, {"nested": true}]}}""";

    /** The legacy spelling: {@code structured} with [name, type] fields and a base64 fill value. */
    public static final String LEGACY = """
            {"zarr_format": 3, "node_type": "array", "shape": [4],
             "data_type": {"name": "structured", "configuration": {"fields": [["a", "int16"], ["b", "uint8"]]}},
             "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
             "chunk_key_encoding": {"name": "default"}, "fill_value": "AQID",
             "codecs": [{"name": "bytes"}], "storage_transformers": []}""";

    private Documents() {
    }

    /** A group holding {@code child} as inline consolidated metadata. */
    public static String consolidatedGroup(String child) {
        return """
                {"zarr_format": 3, "node_type": "group", "attributes": {},
                 "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {"a": %s, "g/b": %s}}}"""
                .formatted(child, child);
    }

    /** Small valid documents: every core chain's (as the writer makes them), the ones above, a consolidated group. */
    public static List<byte[]> valid() {
        List<byte[]> out = new ArrayList<>();
        for (Chain chain : Chain.core()) {
            out.add(ChunkFixture.of(chain).metadata());
        }
        for (String doc : List.of(EVERY_TYPE, LEGACY, consolidatedGroup(EVERY_TYPE))) {
            out.add(doc.getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }

    /** {@link #valid()}, then every zarr.json of the shared conformance corpus when it is there. */
    public static Stream<byte[]> seeds() {
        return Stream.concat(valid().stream(), corpus("zarr.json").stream());
    }

    /** Every document named {@code name} ({@code zarr.json}, {@code .zarray}) in the shared conformance corpus; none when it is absent. */
    public static List<byte[]> corpus(String name) {
        Path corpus = Corpus.location().resolve("conformance");
        if (!Files.isDirectory(corpus)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(corpus)) {
            return files.filter(p -> p.getFileName().toString().equals(name)).sorted().map(Documents::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Json parse(String text) {
        return JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Opens a document as the root node of a hierarchy; an array also has its first element read (fill values,
     * as it has no chunks) when a read unit is at most 1 MiB. A bad document must be refused with our exception.
     * Returns the metadata, or null when refused.
     */
    public static NodeMetadata open(byte[] document) {
        return open("zarr.json", document);
    }

    /** As {@link #open(byte[])}, the document stored as the root's {@code name}: {@code zarr.json} or a Zarr v2 {@code .zarray}. */
    public static NodeMetadata open(String name, byte[] document) {
        try (Zarr zarr = Zarr.open(new MemoryStore().put(name, document))) {
            NodeMetadata meta = zarr.metadata("/");
            assertEquals(meta.json(), JsonCodec.parse(JsonCodec.print(meta.json()).getBytes(StandardCharsets.UTF_8)),
                    "the document prints back to itself");
            if (meta instanceof ArrayMetadata) {
                readFirst(zarr.array("/"));
            }
            return meta;
        } catch (ZarrException refused) {
            return null;
        }
    }

    private static void readFirst(ZarrArray array) {
        long unitBytes = array.layout().recordSize();
        for (long s : array.readUnitShape()) {
            if (s > (1 << 20) / unitBytes) {
                return;
            }
            unitBytes *= s;
        }
        long[] shape = array.shape();
        long[] stop = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            stop[d] = Math.min(1, shape[d]);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment first = array.readRecords(new Region(new long[shape.length], stop), arena);
            if (first.byteSize() > 0) {
                array.layout().toJson(first, 0);
            }
        }
    }
}
