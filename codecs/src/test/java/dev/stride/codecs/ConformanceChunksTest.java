package dev.stride.codecs;

import dev.stride.internal.document.MetadataParser;

import dev.stride.model.ZarrException;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.spi.DecodeContext;
import dev.stride.model.Json;
import dev.stride.model.JsonCodec;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.NodeMetadata;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
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

/**
 * Every stored chunk of the conformance arrays that use zstd or blosc (written by zarr-python, zarrs and the struct
 * corpus) decodes through its codec chain to the chunk's size. Values are checked by core's read tests; sharded
 * arrays too. Skipped when the corpus is absent.
 */
class ConformanceChunksTest {
    private static final Path CORPUS = Path.of(System.getProperty("stride.shared", "../shared"), "conformance");

    static Stream<String> arraysUsingTheseCodecs() throws IOException {
        return cases().filter(c -> ((Json.JString) c.get("expect")).value().equals("ok")).map(ConformanceChunksTest::path)
                .filter(path -> usesTheseCodecs(path) && !read(path).codecs().stream().anyMatch(c -> c.name().equals("sharding_indexed")));
    }

    @ParameterizedTest
    @MethodSource("arraysUsingTheseCodecs")
    void decodesEveryChunk(String path) throws IOException {
        ArrayMetadata array = read(path);
        CodecPipeline codecs = CodecPipeline.of(array);
        List<Path> chunks = chunks(path);
        assertFalse(chunks.isEmpty(), "no chunks in " + path);
        try (DecodeContext ctx = new DecodeContext()) {
            for (Path chunk : chunks) {
                ctx.at(array.path(), CORPUS.resolve(path).relativize(chunk).toString());
                MemorySegment decoded = codecs.decode(MemorySegment.ofArray(Files.readAllBytes(chunk)), ctx);
                assertEquals(codecs.spec().byteSize(), decoded.byteSize(), chunk.toString());
            }
        }
    }

    @Test
    void refusesTheTruncatedChunk() throws IOException {
        String path = "struct/bad/truncated_chunk";
        Assumptions.assumeTrue(Files.isDirectory(CORPUS.resolve(path)), "no conformance corpus at " + CORPUS);
        CodecPipeline codecs = CodecPipeline.of(read(path));
        try (DecodeContext ctx = new DecodeContext()) {
            long refused = 0;
            for (Path chunk : chunks(path)) {
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

    private static Stream<Json.JObject> cases() throws IOException {
        Path manifest = CORPUS.resolve("manifest.json");
        Assumptions.assumeTrue(Files.isRegularFile(manifest), "no conformance corpus at " + CORPUS);
        Json.JObject doc = (Json.JObject) JsonCodec.parse(Files.readAllBytes(manifest));
        return ((Json.JArray) doc.get("cases")).items().stream().map(Json.JObject.class::cast);
    }

    private static String path(Json.JObject c) {
        return ((Json.JString) c.get("path")).value();
    }

    private static boolean usesTheseCodecs(String path) {
        try {
            String json = Files.readString(CORPUS.resolve(path).resolve("zarr.json"), StandardCharsets.UTF_8);
            return json.contains("\"zstd\"") || json.contains("\"blosc\"");
        } catch (IOException e) {
            return false;
        }
    }

    private static ArrayMetadata read(String path) {
        try {
            return (ArrayMetadata) MetadataParser.parse("/" + path, Files.readAllBytes(CORPUS.resolve(path).resolve("zarr.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The files of an array's directory that are not metadata (zarr.json, and .zarray/.zattrs of v2 copies). */
    private static List<Path> chunks(String path) throws IOException {
        try (Stream<Path> files = Files.walk(CORPUS.resolve(path))) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().equals("zarr.json") && !f.getFileName().toString().startsWith("."))
                    .sorted().toList();
        }
    }
}
