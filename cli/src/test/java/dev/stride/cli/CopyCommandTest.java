package dev.stride.cli;

import dev.stride.Zarr;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ChunkEncoding;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Copies of the fixture hierarchy (a nested struct with fill-valued chunks, a 2-d big-endian grid with overhanging
 * chunks, an unwritten sharded array, groups with attributes) through every codec, sharding, byte order and checksum,
 * compared value by value with {@code cat}; and the usage errors.
 */
class CopyCommandTest {
    private static final List<String> ARRAYS = List.of("records", "sub/grid", "sharded");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "--codec gzip:5", "--codec zstd:3", "--codec blosc:lz4:5:shuffle", "--codec blosc:zstd:1:bitshuffle",
            "--codec none --endian big", "--crc32c", "--chunks 1 --shards 3", "--chunks 2 --shards 4 --codec zstd:1 --crc32c --endian big --threads 3"})
    void everyLayoutReadsBackTheSameValues(String options) {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        CliRun run = copy(source, copy, options);
        assertEquals(0, run.exitCode(), run.err());
        for (String array : ARRAYS) {
            assertEquals(CliRun.of("cat", source.resolve(array)).out(), CliRun.of("cat", copy.resolve(array)).out(), array + " " + options);
        }
    }

    @Test
    void theCopyIsStoredAsAsked() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        assertEquals(0, copy(source, copy, "--chunks 2 --shards 4 --codec zstd:7 --crc32c --endian big").exitCode());
        try (Zarr zarr = Zarr.open(copy)) {
            ArrayMetadata records = (ArrayMetadata) zarr.metadata("/records");
            assertArrayEquals(new long[] {4}, records.chunkShape());
            ChunkEncoding encoding = zarr.array("/records").chunkEncoding();
            assertArrayEquals(new long[] {2}, encoding.innerChunkShape());
            assertEquals(json("""
                    [{"name": "sharding_indexed", "configuration": {"chunk_shape": [2],
                      "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}, {"name": "zstd", "configuration": {"level": 7}},
                                 {"name": "crc32c", "configuration": {}}],
                      "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c", "configuration": {}}],
                      "index_location": "end"}}]"""), new Json.JArray(List.<Json>copyOf(encoding.codecs())));
            assertEquals(List.of("t"), records.dimensionNames());
            assertEquals(json("{\"unit\": \"m\", \"stride.statistics\": {\"path\": \"stride.statistics.json\", \"version\": 2}}"),
                    records.attributes(), "the source's attributes and the link to the statistics the copy wrote");
            assertEquals(json("{\"id\": 7, \"when\": \"NaT\", \"point\": {\"x\": 0.0, \"y\": 0.0}, \"h\": 0.0, \"z\": [0.0, 0.0], "
                    + "\"tag\": [0, 0, 0], \"ok\": false}"), records.fillValue().json());
            assertArrayEquals(new long[] {4, 4}, ((ArrayMetadata) zarr.metadata("/sub/grid")).chunkShape(), "--shards sets the leading dimension");
        }
    }

    @Test
    void groupsKeepTheirAttributesAndFillChunksAreLeftOut() throws IOException {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        assertEquals(0, copy(source, copy, "").exitCode());
        try (Zarr zarr = Zarr.open(copy)) {
            assertEquals(json("{\"title\": \"demo\", \"n\": 3}"), zarr.root().attributes());
            assertEquals(List.of("records", "sharded", "sub"), zarr.children("/"));
            assertEquals(List.of("grid"), zarr.children("/sub"));
        }
        assertEquals(List.of("c/0", "c/1", "stride.statistics.json"), files(copy.resolve("records")), "the third chunk holds only fill values");
        assertEquals(List.of("stride.statistics.json"), files(copy.resolve("sharded")));
    }

    @Test
    void slabsOfAnyAlignmentOnSeveralThreadsCopyEveryRecord() {
        Path source = dir.resolve("demo");
        assertEquals(0, CliRun.of("demo", source, "--records", "20000", "--threads", "2").exitCode());
        Path copy = dir.resolve("copy");
        assertEquals(0, copy(source, copy, "--chunks 700 --shards 2100 --threads 3 --codec blosc:lz4:5:shuffle").exitCode());
        assertEquals(CliRun.of("cat", source.resolve("tracks")).out(), CliRun.of("cat", copy.resolve("tracks")).out());
    }

    @Test
    void oneArrayBecomesTheRootOfTheCopy() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        CliRun run = copy(source.resolve("sub/grid"), copy, "--codec gzip:1");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(CliRun.of("cat", source.resolve("sub/grid")).out(), CliRun.of("cat", copy).out());
        assertTrue(run.out().startsWith("array "), run.out());
        assertTrue(run.lines()[1].matches(Pattern.quote(source.resolve("sub/grid").toString()) + " +24 +2,4 .*"), run.out());
    }

    @Test
    void reportsEachArrayAndTheTotals() {
        CliRun run = copy(Fixtures.hierarchy(dir.resolve("source")), dir.resolve("copy"), "--codec zstd:3 --chunks 2 --shards 4");
        String[] lines = run.lines();
        assertTrue(lines[0].matches("array +records +chunks +before +after +after/before"), lines[0]);
        assertTrue(lines[1].matches("/records +6 +2 in shards of 4 +[\\d.]+ (KiB|B) +[\\d.]+ (KiB|B) +\\d+\\.\\d%"), lines[1]);
        assertTrue(lines[2].startsWith("/sharded "), lines[2]);
        assertTrue(lines[3].startsWith("/sub/grid "), lines[3]);
        assertEquals("arrays           3, in 2 groups with their attributes", lines[5]);
        assertEquals("codecs           zstd:3, little endian", lines[6]);
        assertTrue(lines[7].startsWith("stored  "), lines[7]);
        assertTrue(lines[8].matches("time +\\d+\\.\\d{3} s"), lines[8]);
        assertTrue(lines[9].matches("speed +[\\d,]+ records/s, .*/s of records"), lines[9]);
    }

    @Test
    void aBadCodecIsAUsageErrorThatSaysWhatIsWrong() {
        Path source = Fixtures.records(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        assertUsage(copy(source, copy, "--codec lz4"), "'lz4' is not none, gzip:LEVEL, zstd:LEVEL or blosc:CNAME:CLEVEL:SHUFFLE");
        assertUsage(copy(source, copy, "--codec gzip"), "'gzip' is not of the form gzip:LEVEL");
        assertUsage(copy(source, copy, "--codec gzip:10"), "level must be an integer in [0, 9]");
        assertUsage(copy(source, copy, "--codec zstd:fast"), "LEVEL must be an integer, not 'fast'");
        assertUsage(copy(source, copy, "--codec blosc:lz5:5:shuffle"), "cname 'lz5' is not one of [blosclz, lz4, lz4hc, snappy, zlib, zstd]");
        assertUsage(copy(source, copy, "--codec blosc:lz4:5:twice"), "SHUFFLE must be noshuffle, shuffle or bitshuffle, not 'twice'");
        assertFalse(Files.exists(copy), "nothing is written");
    }

    @Test
    void layoutsThatDoNotFitAreUsageErrors() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        Path copy = dir.resolve("copy");
        CliRun notAMultiple = copy(source, copy, "--chunks 2 --shards 3");
        assertEquals(Failures.USAGE, notAMultiple.exitCode());
        assertEquals("stride copy: " + source + "/records: cannot be stored with --chunks 2 --shards 3: inner chunk size 2"
                + " does not divide the shard size 3\n", notAMultiple.err());
        CliRun tooManyDimensions = copy(source, copy, "--chunks 2,2");
        assertEquals("stride copy: " + source + "/records: --chunks 2,2 has 2 dimensions, the array 1\n", tooManyDimensions.err());
        CliRun hugeChunks = copy(source, copy, "--chunks 9223372036854775807");
        assertEquals(Failures.USAGE, hugeChunks.exitCode(), hugeChunks.err());
        assertTrue(hugeChunks.err().startsWith("stride copy: " + source + "/records: cannot be stored with --chunks 9223372036854775807: a chunk of "), hugeChunks.err());
        assertTrue(hugeChunks.err().endsWith(" would be larger than 2 GiB\n"), hugeChunks.err());
        CliRun hugeShards = copy(source, copy, "--chunks 1 --shards 100000000");
        assertEquals(Failures.USAGE, hugeShards.exitCode(), hugeShards.err());
        assertEquals("stride copy: " + source + "/records: cannot be stored with --chunks 1 --shards 100000000: a shard of"
                + " 100000000 inner chunks has an index larger than 1 GiB\n", hugeShards.err());
        assertEquals(Failures.USAGE, copy(source, copy, "--chunks 0").exitCode());
        assertEquals(Failures.USAGE, copy(source, copy, "--threads 0").exitCode());
        assertFalse(Files.exists(copy), "nothing is written before every array's layout is known to fit");
    }

    @Test
    void theDestinationMustBeNew() {
        Path source = Fixtures.hierarchy(dir.resolve("source"));
        CliRun occupied = copy(source, source.resolve("sub"), "");
        assertEquals(Failures.USAGE, occupied.exitCode());
        assertTrue(occupied.err().contains("already exists and is not an empty directory"), occupied.err());
        CliRun inside = copy(source, source.resolve("new"), "");
        assertEquals(Failures.USAGE, inside.exitCode());
        assertTrue(inside.err().contains("lies inside " + source), inside.err());
    }

    @Test
    void aDestinationThroughALinkIsWrittenWhereTheLinkLeads() throws IOException {
        Path source = Fixtures.records(dir.resolve("source"));
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), empty.getFileName());
        CliRun run = copy(source, link, "");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(Files.isSymbolicLink(link), "the link is kept");
        assertTrue(Files.isRegularFile(empty.resolve("zarr.json")), "the copy is where it leads");
    }

    @Test
    void anEmptyMountPointIsRefusedBeforeAnythingIsCopied() throws Exception {
        Path source = Fixtures.records(dir.resolve("source"));
        Path mount = Files.createDirectories(dir.resolve("disk"));
        assumeTrue(Tmpfs.mount(mount, "size=1m"), "needs root to mount a tmpfs");
        try {
            CliRun run = copy(source, mount, "");
            assertEquals(Failures.USAGE, run.exitCode());
            assertEquals("stride copy: " + mount + " is a mount point, which a finished copy cannot be renamed onto; give a"
                    + " new directory inside it (see 'stride copy --help')\n", run.err());
            try (var left = Files.list(dir)) {
                assertEquals(List.of(mount, source), left.sorted().toList(), "no staging directory beside it");
            }
        } finally {
            Tmpfs.unmount(mount);
        }
    }

    @Test
    void aWriteFailureIsLocatedUnderTheDestination() throws IOException {
        Path source = Fixtures.records(dir.resolve("source"));
        Path file = Files.writeString(dir.resolve("file"), "not a directory");
        CliRun run = copy(source, file.resolve("copy"), "");
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertTrue(run.err().startsWith("stride copy: " + file.resolve("copy")), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    /** Values of one byte have no byte order: their bytes codec is written without an endian, whatever --endian says. */
    @Test
    void singleByteValuesGetNoEndian() throws IOException {
        Path flags = dir.resolve("flags");
        Fixtures.write(flags.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [3],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                   {"name": "ok", "data_type": "bool"}, {"name": "n", "data_type": "uint8"}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [3]}},
                 %s, "fill_value": {"ok": false, "n": 0}, "codecs": [{"name": "bytes"}]}""".formatted(Fixtures.KEYS));
        Fixtures.write(flags.resolve("c/0"), new byte[] {1, 7, 0, 8, 1, 9});
        Path copy = dir.resolve("copy");
        assertEquals(0, copy(flags, copy, "--endian big").exitCode());
        Json.JObject doc = (Json.JObject) JsonCodec.parse(Files.readAllBytes(copy.resolve("zarr.json")));
        assertEquals("[{\"name\":\"bytes\"}]", JsonCodec.print(doc.get("codecs")));
        assertEquals(CliRun.of("cat", flags).out(), CliRun.of("cat", copy).out());
        Path grid = dir.resolve("grid-copy");
        assertEquals(0, copy(Fixtures.grid(dir.resolve("grid")), grid, "--endian big").exitCode());
        Json.JObject gridDoc = (Json.JObject) JsonCodec.parse(Files.readAllBytes(grid.resolve("zarr.json")));
        assertEquals("[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"big\"}}]", JsonCodec.print(gridDoc.get("codecs")));
    }

    private static CliRun copy(Path source, Path copy, String options) {
        List<Object> args = new ArrayList<>(List.of("copy", source, copy));
        if (!options.isBlank()) {
            args.addAll(List.of(options.split(" ")));
        }
        return CliRun.of(args.toArray());
    }

    private static void assertUsage(CliRun run, String message) {
        assertEquals(Failures.USAGE, run.exitCode(), run.err());
        assertEquals("stride copy: Invalid value for option '--codec': " + message + " (see 'stride copy --help')\n", run.err());
    }

    private static Json json(String text) {
        return JsonCodec.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Files below an array's directory other than its zarr.json, as store keys. */
    private static List<String> files(Path array) throws IOException {
        try (Stream<Path> all = Files.walk(array)) {
            return all.filter(Files::isRegularFile).map(p -> array.relativize(p).toString())
                    .filter(k -> !k.equals("zarr.json")).sorted().toList();
        }
    }
}
