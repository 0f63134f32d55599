package dev.stride.cli;

import dev.stride.ZarrWriter;
import dev.stride.http.testing.Nginx;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.Json;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code stride copy} makes of a Zarr v2 hierarchy beyond the values: consolidated metadata in zarr-python 3's
 * form, written last; xarray's dimension names; order F stored in C order; the legacy {@code structured} spelling; and
 * sources in a zip file, over HTTP and in S3.
 */
class V2MigrationTest {
    private static final S3TestServer S3 = S3TestServer.get();

    @TempDir
    Path dir;

    private static V2Corpus.Case corpusCase(String path) {
        return V2Corpus.readable().stream().filter(c -> c.path().equals(path)).findFirst().orElseThrow();
    }

    /** What a copy adds to each array's attributes: the link to the statistics it wrote beside it. */
    private static final Json STATISTICS_LINK = Json.object("path", Json.string("stride.statistics.json"), "version", Json.number(2));

    private static CliRun copy(Object... args) {
        Object[] all = new Object[args.length + 1];
        all[0] = "copy";
        System.arraycopy(args, 0, all, 1, args.length);
        CliRun run = CliRun.of(all);
        assertEquals(0, run.exitCode(), run.err());
        return run;
    }

    /** The consolidated hierarchy of the corpus: its .zmetadata becomes the root's consolidated_metadata, zarr-python 3's form. */
    @Test
    void consolidatedMetadataIsCarriedOverInZarrPython3sForm() {
        Path copy = dir.resolve("tree.zarr");
        CliRun run = copy(V2Corpus.root().resolve("numcodecs/tree.zarr"), copy);
        assertTrue(run.out().contains("consolidated     metadata in /"), run.out());
        Json.JObject points = V2Corpus.parse(copy.resolve("tracks/points/zarr.json"));
        assertEquals(Json.object("units", Json.string("deg"), "stride.statistics", STATISTICS_LINK), points.get("attributes"));
        assertEquals(json("""
                {"zarr_format": 3, "node_type": "group", "attributes": {"title": "a v2 hierarchy"},
                 "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {
                   "tracks": {"zarr_format": 3, "node_type": "group", "attributes": {},
                              "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {}}},
                   "tracks/points": %s}}}""".formatted(read(copy.resolve("tracks/points/zarr.json")))),
                V2Corpus.parse(copy.resolve("zarr.json")));
        V2Corpus.Case c = corpusCase("numcodecs/tree.zarr/tracks/points");
        // over HTTP the hierarchy cannot be listed: it is found through the consolidated metadata
        try (Nginx nginx = Nginx.serve(dir)) {
            String url = "http://127.0.0.1:" + nginx.port() + "/tree.zarr";
            CliRun info = CliRun.of("info", url);
            assertEquals(0, info.exitCode(), info.err());
            assertTrue(info.out().contains("points  array"), info.out());
            V2Corpus.assertValues(c.values(), V2Corpus.elements(CliRun.of("cat", url + "/tracks/points", "--format", "jsonl")), url);
        }
    }

    /** The v2 source over HTTP (found through its .zmetadata), the copy into S3 with its consolidated metadata, and back. */
    @Test
    void remoteSourcesAndDestinations() {
        V2Corpus.Case c = corpusCase("numcodecs/tree.zarr/tracks/points");
        String bucket = S3.bucket("migrate");
        try (Nginx nginx = Nginx.serve(V2Corpus.root())) {
            copy("http://127.0.0.1:" + nginx.port() + "/numcodecs/tree.zarr", S3.uri(bucket, "v3.zarr", ""), "--codec", "gzip:1");
        }
        String root = S3.uri(bucket, "v3.zarr", "");
        try (ZarrWriter written = ZarrWriter.open(root)) {
            Json.JObject doc = (Json.JObject) JsonCodec.parse(written.store().readBytes("zarr.json"));
            Json.JObject metadata = (Json.JObject) ((Json.JObject) doc.get("consolidated_metadata")).get("metadata");
            assertEquals(List.of("tracks", "tracks/points"), List.copyOf(metadata.members().keySet()));
            assertEquals(Json.string("inline"), ((Json.JObject) doc.get("consolidated_metadata")).get("kind"));
        }
        V2Corpus.assertValues(c.values(), V2Corpus.elements(CliRun.of("cat", S3.uri(bucket, "v3.zarr/tracks/points", ""), "--format", "jsonl")), root);

        String v2 = S3.uri(bucket, "v2.zarr", "");
        upload(V2Corpus.root().resolve("numcodecs/tree.zarr"), v2);
        Path back = dir.resolve("back.zarr");
        copy(v2, back);
        assertTrue(V2Corpus.parse(back.resolve("zarr.json")).has("consolidated_metadata"));
        V2Corpus.assertValues(c.values(), V2Corpus.elements(CliRun.of("cat", back.resolve("tracks/points"), "--format", "jsonl")), v2);
    }

    @Test
    void aZipSourceCopiesAsItsFolderDoes() {
        Path zip = V2Corpus.root().resolve("zarr-python-2/data.zipped_from_parent.zarr.zip");
        V2Corpus.Case c = corpusCase("zarr-python-2/data.zarr/3d.chunked.mixed.i2.F");
        Path array = dir.resolve("f.zarr");
        copy(zip + "/data.zarr/3d.chunked.mixed.i2.F", array);
        V2Corpus.assertValues(c.values(), V2Corpus.elements(CliRun.of("cat", array, "--format", "jsonl")), "zip");
        Path group = dir.resolve("g.zarr");
        copy(zip + "/data.zarr/my group with spaces", group);
        assertEquals(Json.object("description", Json.string("A group with spaces in the name")), V2Corpus.parse(group.resolve("zarr.json")).get("attributes"));
    }

    /** Order F is stored in C order, with no transpose codec: the copy's chunk holds its elements in C order. */
    @Test
    void orderFIsStoredInCOrder() throws IOException {
        V2Corpus.Case c = corpusCase("zarr-python-2/data.zarr/3d.chunked.mixed.i2.F");
        Path copy = dir.resolve("f.zarr");
        copy(c.dir(), copy, "--chunks", "3,3,3");
        ByteBuffer want = ByteBuffer.allocate(27 * 2).order(ByteOrder.LITTLE_ENDIAN);
        c.values().forEach(v -> want.putShort(((Json.JNumber) v).bigInteger().shortValueExact()));
        assertArrayEquals(want.array(), Files.readAllBytes(copy.resolve("c/0/0/0")));
        assertEquals(json("[{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]"), V2Corpus.parse(copy.resolve("zarr.json")).get("codecs"));
    }

    /** xarray's _ARRAY_DIMENSIONS become dimension_names and leave the attributes; the other attributes stay. */
    @Test
    void xarrayDimensionsBecomeDimensionNames() throws IOException {
        Path v2 = Files.createDirectories(dir.resolve("xr.zarr/temperature"));
        Files.writeString(dir.resolve("xr.zarr/.zgroup"), "{\"zarr_format\": 2}");
        Files.writeString(dir.resolve("xr.zarr/.zattrs"), "{\"Conventions\": \"CF-1.8\"}");
        Files.writeString(v2.resolve(".zarray"), """
                {"zarr_format": 2, "shape": [3], "chunks": [3], "dtype": "<i4", "compressor": null, "fill_value": 0,
                 "order": "C", "filters": null}""");
        Files.writeString(v2.resolve(".zattrs"), "{\"_ARRAY_DIMENSIONS\": [\"time\"], \"units\": \"K\"}");
        Files.write(v2.resolve("0"), ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(280).putInt(281).putInt(-3).array());
        Path copy = dir.resolve("xr3.zarr");
        copy(dir.resolve("xr.zarr"), copy);
        Json.JObject doc = V2Corpus.parse(copy.resolve("temperature/zarr.json"));
        assertEquals(new Json.JArray(List.of(Json.string("time"))), doc.get("dimension_names"));
        assertEquals(Json.object("units", Json.string("K"), "stride.statistics", STATISTICS_LINK), doc.get("attributes"));
        assertEquals(Json.object("Conventions", Json.string("CF-1.8")), V2Corpus.parse(copy.resolve("zarr.json")).get("attributes"));
        assertEquals("280\n281\n-3\n", CliRun.of("cat", copy.resolve("temperature")).out());
    }

    /** --struct-name structured: zarr-python 3.1's spelling, laid out here; the values are unchanged. */
    @Test
    void theLegacyStructuredSpelling() {
        V2Corpus.Case c = corpusCase("numcodecs/points.zstd.fill");
        Path copy = dir.resolve("points.zarr");
        copy(c.dir(), copy, "--struct-name", "structured", "--codec", "none");
        assertEquals(json("""
                {"zarr_format": 3, "node_type": "array", "shape": [100],
                 "data_type": {"name": "structured", "configuration": {"fields": [["lat", "float64"], ["lon", "float64"], ["elev", "float32"]]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [32]}},
                 "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                 "fill_value": "AAAAAAAA+D8AAAAAAAAEwAAAUEA=",
                 "codecs": [{"name": "bytes"}],
                 "attributes": {"stride.statistics": {"path": "stride.statistics.json", "version": 2}}}"""),
                V2Corpus.parse(copy.resolve("zarr.json")));
        V2Corpus.assertValues(c.values(), V2Corpus.elements(CliRun.of("cat", copy, "--format", "jsonl")), c.path());

        CliRun big = CliRun.of("copy", c.dir(), dir.resolve("big.zarr"), "--struct-name", "structured", "--endian", "big");
        assertEquals(Failures.USAGE, big.exitCode());
        assertTrue(big.err().contains("--struct-name structured stores records little-endian"), big.err());
    }

    private static Json json(String text) {
        return JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Puts every file below {@code folder} into the store at {@code uri}, key by relative path. */
    /**
     * zarr-python 2's own hierarchy holds two object arrays Stride cannot read: the copy refuses naming the first and the
     * option, and with --skip-unreadable copies the other 30 arrays, naming each left out.
     */
    @Test
    void unreadableArraysFailTheCopyUnlessSkipped() {
        Path source = V2Corpus.root().resolve("zarr-python-2/data.zarr");
        CliRun refused = CliRun.of("copy", source, dir.resolve("refused.zarr"));
        assertEquals(Failures.UNREADABLE, refused.exitCode());
        assertEquals("stride copy: " + source + "/1d.contiguous.json2.O/.zarray at /dtype: object dtype '|O' holds variable-length"
                + " Python objects; Stride reads fixed-size types only; --skip-unreadable copies the rest without it\n", refused.err());
        assertFalse(Files.exists(dir.resolve("refused.zarr")));

        Path copy = dir.resolve("skipped.zarr");
        CliRun run = copy("--skip-unreadable", source, copy);
        assertTrue(run.err().contains("stride copy: warning: left out /1d.contiguous.json2.O: object dtype '|O'"), run.err());
        assertTrue(run.err().contains("stride copy: warning: left out /3d.chunked.O: object dtype '|O'"), run.err());
        assertTrue(run.out().contains("arrays           30, in 2 groups with their attributes"), run.out());
        assertTrue(run.out().contains("left out         2 unreadable nodes (named in the warnings)"), run.out());
        assertFalse(Files.exists(copy.resolve("3d.chunked.O")));
        assertEquals("1\n2\n3\n4\n", CliRun.of("cat", copy.resolve("1d.contiguous.i4"), "--format", "jsonl").out());
    }

    private static void upload(Path folder, String uri) {
        try (ZarrWriter target = ZarrWriter.open(uri); Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                target.store().write(folder.relativize(f).toString(), MemorySegment.ofArray(Files.readAllBytes(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
