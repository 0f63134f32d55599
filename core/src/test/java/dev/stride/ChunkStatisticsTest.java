package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.FilteredScan;
import dev.stride.model.Predicate;
import dev.stride.model.ScanOptions;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import dev.stride.testing.OldFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

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
        OldFiles.backdate(dir, 60);
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
                    "{\"format\": \"stride.statistics\", \"version\": 1}".getBytes(StandardCharsets.UTF_8), "s.json"));
            assertEquals("s.json version: statistics of layout version 1; this Stride reads 2", e.getMessage());
            String built = new String(ChunkStatistics.build(array, null).toJson(), StandardCharsets.UTF_8);
            String json = built.replaceFirst("\"min\":0,", "\"min\":\"zero\",");
            String undecoded = built.replaceFirst("\"decoding\":", "\"encoding\":");
            e = assertThrows(ZarrException.InvalidMetadata.class, () -> ChunkStatistics.parse(array, undecoded.getBytes(StandardCharsets.UTF_8), "s.json"));
            assertEquals("s.json decoding: is not an object", e.getMessage());
            e = assertThrows(ZarrException.InvalidMetadata.class, () -> ChunkStatistics.parse(array, json.getBytes(StandardCharsets.UTF_8), "s.json"));
            assertEquals("s.json chunks/0/fields/x/min: is not an integer", e.getMessage());
        }
    }

    /** A pass that stops after a few inner chunks leaves them to its checkpoint; the next reads only the others. */
    @Test
    void anIndexKilledMidwayGoesOnFromItsLastCheckpoint() throws IOException {
        try (Zarr zarr = write()) {
            ZarrArray array = sharded(zarr);
            List<ChunkStatistics> checkpoints = new ArrayList<>();
            class Killed extends RuntimeException {
            }
            assertThrows(Killed.class, () -> ChunkStatistics.update(array, null, Long.MAX_VALUE, ScanOptions.threads(1), Duration.ZERO, soFar -> {
                checkpoints.add(soFar);
                if (checkpoints.size() == 7) {
                    throw new Killed();
                }
            }));
            ChunkStatistics saved = checkpoints.getLast();
            assertEquals(7, saved.chunks(), "one inner chunk more at each checkpoint");
            ChunkStatistics resumed = ChunkStatistics.update(array, ChunkStatistics.parse(array, saved.toJson(), "saved.json"),
                    Long.MAX_VALUE, null, null, null);
            assertEquals(List.of(20, 13L, 7L), List.of(resumed.chunks(), resumed.chunksRead(), resumed.chunksKept()));
            assertEquals(new String(ChunkStatistics.build(array, null).toJson(), StandardCharsets.UTF_8),
                    new String(resumed.toJson(), StandardCharsets.UTF_8));
        }
    }

    /** At most so many chunks a pass; what is stored is kept until its value changes, then read again. */
    @Test
    void updatesReadOnlyWhatChangedAndAtMostWhatTheyAreAllowed() throws IOException {
        try (Zarr zarr = write()) {
            ZarrArray array = sharded(zarr);
            ChunkStatistics first = ChunkStatistics.update(array, null, 6, null, null, null);
            assertEquals(List.of(6, 6L, 0L), List.of(first.chunks(), first.chunksRead(), first.chunksKept()));
            ChunkStatistics all = ChunkStatistics.update(array, first, Long.MAX_VALUE, null, null, null);
            assertEquals(List.of(20, 14L, 6L), List.of(all.chunks(), all.chunksRead(), all.chunksKept()));
            // the shard c/1 (inner chunks 4..7) rewritten as it was: a new time, so its four entries are read again
            Path shard = dir.resolve("c/1");
            Files.write(shard, Files.readAllBytes(shard));
            OldFiles.backdate(shard, 1);
            ChunkStatistics again = ChunkStatistics.update(array, all, Long.MAX_VALUE, null, null, null);
            assertEquals(List.of(20, 4L, 16L), List.of(again.chunks(), again.chunksRead(), again.chunksKept()));
            var e = assertThrows(ZarrException.BadRequest.class, () -> ChunkStatistics.update(array, null, -1, null, null, null));
            assertEquals("/: cannot read at most -1 chunks; give 0 or more", e.getMessage());
        }
    }
}
