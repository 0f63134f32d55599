package dev.stride.codecs;

import dev.stride.RecordLayout;
import dev.stride.internal.memory.ChunkContext;
import dev.stride.conformance.Corpus;
import dev.stride.conformance.Values;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.document.MetadataParser;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every stored chunk of the conformance arrays that use zstd or blosc (written by zarr-python, zarrs and the struct
 * corpus) decodes through its codec chain alone, outside the reader, to the chunk's size and to the manifest's values
 * of every element it holds. Sharded arrays are checked by the reader's conformance test. The corpus is found as
 * core's conformance tests find it ({@link Corpus}): skipped when absent, a failure under STRIDE_REQUIRE_SHARED=1.
 */
class ConformanceChunksTest {

    static Stream<Arguments> arraysUsingTheseCodecs() {
        return Corpus.cases().stream().filter(c -> c.expect().equals("ok"))
                .filter(c -> usesTheseCodecs(c) && read(c).codecs().stream().noneMatch(codec -> codec.name().equals("sharding_indexed")))
                .map(c -> Arguments.of(Named.of(c.path(), c)));
    }

    @ParameterizedTest
    @MethodSource("arraysUsingTheseCodecs")
    void decodesEveryChunkToTheManifestsValues(Corpus.Case c) throws IOException {
        ArrayMetadata array = read(c);
        CodecPipeline codecs = CodecPipeline.of(array);
        RecordLayout layout = RecordLayout.compile(array.dataType(), codecs.order());
        List<Json> expected = ((Json.JArray) c.values()).items();
        assertEquals(array.size(), expected.size(), "the manifest lists every element");
        long[] shape = array.shape();
        long[] chunkShape = array.chunkShape();
        int rank = shape.length;
        long[] grid = new long[rank];
        long chunkCount = 1;
        for (int d = 0; d < rank; d++) {
            grid[d] = Math.ceilDiv(shape[d], chunkShape[d]);
            chunkCount *= grid[d];
        }
        List<Path> stored = chunks(c);
        assertFalse(stored.isEmpty(), "no chunks in " + c.path());
        int decodedChunks = 0;
        long compared = 0;
        try (ChunkContext ctx = new ChunkContext()) {
            for (long g = 0; g < chunkCount; g++) {
                long[] coords = unravel(g, grid);
                String key = array.keyEncoding().key(coords);
                Path chunk = c.dir().resolve(key);
                if (!Files.isRegularFile(chunk)) {
                    continue;   // never written: the fill value, which the reader's test checks
                }
                ctx.at(array.path(), key);
                MemorySegment decoded = codecs.decode(MemorySegment.ofArray(Files.readAllBytes(chunk)), ctx);
                assertEquals(codecs.spec().byteSize(), decoded.byteSize(), key);
                decodedChunks++;
                long inChunk = codecs.spec().elements();
                for (long i = 0; i < inChunk; i++) {
                    long[] local = unravel(i, chunkShape);
                    long flat = 0;
                    boolean inside = true;
                    for (int d = 0; d < rank; d++) {
                        long at = coords[d] * chunkShape[d] + local[d];
                        inside &= at < shape[d];
                        flat = flat * shape[d] + at;
                    }
                    if (!inside) {
                        continue;   // the edge chunk's padding
                    }
                    String diff = Values.difference(layout.toJson(decoded, i), expected.get(Math.toIntExact(flat)), array.dataType());
                    if (diff != null) {
                        fail("chunk " + key + ", element " + flat + ": " + diff);
                    }
                    compared++;
                }
            }
        }
        assertEquals(stored.size(), decodedChunks, "every stored file is a chunk of the grid: " + stored);
        assertTrue(compared > 0, "some element compared");
    }

    @Test
    void refusesTheTruncatedChunk() throws IOException {
        String path = "struct/bad/truncated_chunk";
        Path dir = Corpus.shared().resolve("conformance").resolve(path);
        assertTrue(Files.isDirectory(dir), "the corpus has " + path);
        CodecPipeline codecs = CodecPipeline.of(read(path, dir));
        try (ChunkContext ctx = new ChunkContext()) {
            long refused = 0;
            for (Path chunk : chunks(dir)) {
                ctx.at(path, chunk.getFileName().toString());
                byte[] bytes = Files.readAllBytes(chunk);
                try {
                    codecs.decode(MemorySegment.ofArray(bytes), ctx);
                } catch (ZarrException.CorruptChunk e) {
                    refused++;
                }
            }
            assertEquals(1, refused, "one chunk is truncated");
        }
    }

    /** Index {@code i} of a C-order walk over {@code shape} as coordinates. */
    private static long[] unravel(long i, long[] shape) {
        long[] out = new long[shape.length];
        for (int d = shape.length - 1; d >= 0; d--) {
            out[d] = i % shape[d];
            i /= shape[d];
        }
        return out;
    }

    private static boolean usesTheseCodecs(Corpus.Case c) {
        try {
            String json = Files.readString(c.dir().resolve("zarr.json"), StandardCharsets.UTF_8);
            return json.contains("\"zstd\"") || json.contains("\"blosc\"");
        } catch (IOException e) {
            return false;
        }
    }

    private static ArrayMetadata read(Corpus.Case c) {
        return read(c.path(), c.dir());
    }

    private static ArrayMetadata read(String path, Path dir) {
        try {
            return (ArrayMetadata) MetadataParser.parse("/" + path, Files.readAllBytes(dir.resolve("zarr.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> chunks(Corpus.Case c) throws IOException {
        return chunks(c.dir());
    }

    /** The files of an array's directory that are not metadata (zarr.json, and .zarray/.zattrs of v2 copies). */
    private static List<Path> chunks(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().equals("zarr.json") && !f.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
    }
}
