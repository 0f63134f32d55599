package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.conformance.Corpus;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.codec.CodecRegistry;
import dev.stride.internal.metadata.Node;
import dev.stride.model.CoreType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.DecodedSize;
import dev.stride.spi.BytesToBytesCodec;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every compressor and filter of the Zarr v2 corpus ({@code conformance/zarr-v2}, zarr-python 2 and numcodecs output)
 * as its {@code numcodecs.<id>} codec: each array's chunks decode through them to the chunk's size, and those of
 * one-dimensional arrays of numbers to the manifest's values. The chain is laid out as zarr-python 3 would: element
 * filters, {@code bytes} in the data type's byte order, {@code shuffle}, the compressor. Object arrays' codecs and the
 * corpus's unknown compressor are the v2 reader's to refuse.
 */
class V2CorpusCodecsTest {
    private static final Pattern NUMBER = Pattern.compile("[<>|][iuf][1248]");
    private static final List<String> REFUSED = List.of("json2", "vlen-utf8", "no-such-codec");

    static Stream<Arguments> arrays() {
        Path root = Corpus.shared().resolve("conformance/zarr-v2");
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().equals(".zarray")).sorted()
                    .map(p -> Arguments.of(Named.of(root.relativize(p.getParent()).toString(), p.getParent()))).toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @MethodSource("arrays")
    void everyChunkDecodesThroughItsNumcodecsCodecs(Path dir) throws IOException {
        Json.JObject zarray = (Json.JObject) JsonCodec.parse(Files.readAllBytes(dir.resolve(".zarray")));
        List<Json.JObject> filters = zarray.get("filters") instanceof Json.JArray a ? a.items().stream().map(Json.JObject.class::cast).toList() : List.of();
        Json.JObject compressor = zarray.get("compressor") instanceof Json.JObject o ? o : null;
        List<Json.JObject> all = new ArrayList<>(filters);
        if (compressor != null) {
            all.add(compressor);
        }
        if (all.stream().anyMatch(c -> REFUSED.contains(id(c)))) {
            return;
        }
        for (Json.JObject c : all) {
            assertTrue(CodecRegistry.defaults().names().contains("numcodecs." + id(c)), "numcodecs." + id(c) + " is registered");
        }
        long chunkElements = 1;
        for (Json d : ((Json.JArray) zarray.get("chunks")).items()) {
            chunkElements *= ((Json.JNumber) d).bigInteger().longValueExact();
        }
        List<Path> chunks;
        try (Stream<Path> files = Files.walk(dir)) {
            chunks = files.filter(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
        String dtype = zarray.get("dtype") instanceof Json.JString s ? s.value() : null;
        try (ChunkContext ctx = new ChunkContext()) {
            if (dtype == null || !NUMBER.matcher(dtype).matches()) {
                // records: the compressor alone, to a whole number of records (the filters here are all on numbers)
                assertTrue(filters.isEmpty());
                for (Path chunk : chunks) {
                    ctx.at(dir.toString(), chunk.getFileName().toString());
                    MemorySegment stored = MemorySegment.ofArray(Files.readAllBytes(chunk));
                    long n = compressor == null ? stored.byteSize()
                            : ((BytesToBytesCodec) pipeline(dir, List.of(compressor), CoreType.UINT8, ByteOrder.LITTLE_ENDIAN, 1).byteCodecs().getFirst())
                                    .decode(stored, DecodedSize.ANY, ctx).byteSize();
                    assertEquals(0, n % Math.max(chunkElements, 1), chunk + " holds whole records");
                }
                return;
            }
            CoreType type = NumpyType.required(Fixtures.config("{\"name\":\"x\",\"configuration\":{\"t\":\"" + dtype + "\"}}"), "t").coreType();
            ByteOrder order = dtype.startsWith(">") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            CodecPipeline pipeline = pipeline(dir, all, type, order, chunkElements);
            List<Json> values = values(dir);
            long[] shape = ((Json.JArray) zarray.get("shape")).items().stream().mapToLong(d -> ((Json.JNumber) d).bigInteger().longValueExact()).toArray();
            for (Path chunk : chunks) {
                ctx.at(dir.toString(), chunk.getFileName().toString());
                MemorySegment decoded = pipeline.decode(MemorySegment.ofArray(Files.readAllBytes(chunk)), ctx);
                assertEquals(chunkElements * type.byteSize(), decoded.byteSize());
                if (shape.length == 1 && values != null) {
                    NumpyType element = new NumpyType(dtype.charAt(1), type.byteSize(), order);
                    long first = Long.parseLong(chunk.getFileName().toString()) * chunkElements;
                    for (long i = 0; i < chunkElements && first + i < shape[0]; i++) {
                        Json value = values.get((int) (first + i));
                        // non-finite floats are the manifest's strings "NaN", "Infinity" and "-Infinity"
                        double want = value instanceof Json.JString s ? Double.parseDouble(s.value()) : ((Json.JNumber) value).doubleValue();
                        double got = element.isFloat() ? element.getDouble(decoded, i) : element.getLong(decoded, i);
                        assertEquals(want, got, chunk + " element " + i);
                    }
                }
            }
        }
    }

    private static String id(Json.JObject codec) {
        return ((Json.JString) codec.get("id")).value();
    }

    /** A v2 codec list as the v3 chain zarr-python 3 writes: element filters, bytes, then bytes->bytes codecs. */
    private static CodecPipeline pipeline(Path dir, List<Json.JObject> v2, CoreType type, ByteOrder order, long elements) {
        List<Json> before = new ArrayList<>();
        List<Json> after = new ArrayList<>();
        for (Json.JObject c : v2) {
            Map<String, Json> configuration = new LinkedHashMap<>(c.members());
            configuration.remove("id");
            Json entry = Json.object("name", Json.string("numcodecs." + id(c)), "configuration", new Json.JObject(configuration));
            boolean onBytes = c == v2.getLast() && !id(c).equals("delta") && !id(c).equals("fixedscaleoffset") && !id(c).equals("bitround")
                    || id(c).equals("shuffle");
            (onBytes ? after : before).add(entry);
        }
        List<Json> chain = new ArrayList<>(before);
        chain.add(Json.object("name", Json.string("bytes"), "configuration",
                Json.object("endian", Json.string(order == ByteOrder.BIG_ENDIAN ? "big" : "little"))));
        chain.addAll(after);
        byte[] json = JsonCodec.print(new Json.JArray(chain)).getBytes(StandardCharsets.UTF_8);
        ChunkSpec spec = new ChunkSpec(new long[] {elements}, type, new FillValue(type, Json.number(0), new byte[type.byteSize()]));
        return CodecRegistry.defaults().pipeline(dir.toString(), new Node(dir.toString()).extensions(JsonCodec.parse(json), "/codecs"), spec, "/codecs");
    }

    /** The manifest's values of the array, or null when it lists none. */
    private static List<Json> values(Path dir) throws IOException {
        Path root = Corpus.shared().resolve("conformance/zarr-v2");
        Json.JObject manifest = (Json.JObject) JsonCodec.parse(Files.readAllBytes(root.resolve("manifest.json")));
        String path = root.relativize(dir).toString();
        for (Json c : ((Json.JArray) manifest.get("cases")).items()) {
            Json.JObject o = (Json.JObject) c;
            if (((Json.JString) o.get("path")).value().equals(path) && o.get("values") instanceof Json.JArray a) {
                return a.items();
            }
        }
        return null;
    }
}
