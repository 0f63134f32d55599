package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.FilteredScan;
import dev.stride.model.Predicate;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Statistics of a sharded array (one entry per inner chunk, keyed by its shard) and the documents a reader refuses or ignores. */
class ChunkStatisticsTest {
    @TempDir
    Path dir;

    private static ZarrArray sharded(Zarr zarr) {
        return zarr.array("/");
    }

    /** 1000 records {x: int64 = i, y: float64 = i / 2} in shards of 200 holding inner chunks of 50, dated an hour back. */
    private Zarr write() throws IOException {
        StructType type = StructType.of(new StructType.Field("x", CoreType.INT64), new StructType.Field("y", CoreType.FLOAT64));
        ArraySpec spec = ArraySpec.of(type, 1000).chunks(200)
                .codecs(CodecChain.sharding(new long[] {50}, CodecChain.IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)));
        try (ZarrWriter writer = ZarrWriter.open(dir); ArrayWriter array = writer.createArray("/", spec)) {
            array.write(null, Map.of("x", IntStream.range(0, 1000).asLongStream().toArray(),
                    "y", IntStream.range(0, 1000).asDoubleStream().map(i -> i / 2).toArray()));
            array.commit();
        }
        FileTime then = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000L);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(f, then);
            }
        }
        return Zarr.open(dir);
    }

    @Test
    void shardedArraysHaveAnEntryPerInnerChunkKeyedByItsShard() throws IOException {
        try (Zarr zarr = write()) {
            ZarrArray array = sharded(zarr);
            ChunkStatistics stats = ChunkStatistics.build(array, null);
            assertEquals(20, stats.chunks());
            String json = new String(stats.toJson(), StandardCharsets.UTF_8);
            assertTrue(json.contains("{\"chunk\":[3],\"key\":\"c/0\""), json);
            assertTrue(json.contains("\"x\":{\"count\":50,\"nan_count\":0,\"min\":150,\"max\":199}"), json);
            FilteredScan found = array.where(Predicate.parse("x >= 120 and x < 170")).withStatistics(stats)
                    .scan(List.of("y"), null, null);
            assertEquals(List.of(50L, 2L, 18L), List.of(found.records(), found.chunksRead(), found.chunksSkipped()));
            assertEquals(60.0, found.fields().getFirst().minAsDouble());
        }
    }

    @Test
    void statisticsOfAnotherShapeAreIgnoredWhole() throws IOException {
        try (Zarr zarr = write()) {
            ZarrArray array = sharded(zarr);
            String json = new String(ChunkStatistics.build(array, null).toJson(), StandardCharsets.UTF_8);
            ChunkStatistics other = ChunkStatistics.parse(array, json.replace("\"shape\":[1000]", "\"shape\":[999]")
                    .getBytes(StandardCharsets.UTF_8), "other.json");
            FilteredScan found = array.where(Predicate.parse("x < 10")).withStatistics(other).scan(List.of(), null, null);
            assertEquals(List.of(10L, 20L, 0L), List.of(found.records(), found.chunksRead(), found.chunksSkipped()));
        }
    }

    @Test
    void documentsThatAreNotStatisticsAreRefusedNamingTheMember() throws IOException {
        try (Zarr zarr = write()) {
            ZarrArray array = sharded(zarr);
            ZarrException e = assertThrows(ZarrException.InvalidMetadata.class, () -> ChunkStatistics.parse(array,
                    "{\"format\": \"parquet\"}".getBytes(StandardCharsets.UTF_8), "s.json"));
            assertEquals("s.json format: is not \"stride.statistics\"", e.getMessage());
            e = assertThrows(ZarrException.Unsupported.class, () -> ChunkStatistics.parse(array,
                    "{\"format\": \"stride.statistics\", \"version\": 2}".getBytes(StandardCharsets.UTF_8), "s.json"));
            assertEquals("s.json version: statistics of layout version 2; this Stride reads 1", e.getMessage());
            String json = new String(ChunkStatistics.build(array, null).toJson(), StandardCharsets.UTF_8)
                    .replaceFirst("\"min\":0,", "\"min\":\"zero\",");
            e = assertThrows(ZarrException.InvalidMetadata.class, () -> ChunkStatistics.parse(array, json.getBytes(StandardCharsets.UTF_8), "s.json"));
            assertEquals("s.json chunks/0/fields/x/min: is not an integer", e.getMessage());
        }
    }
}
