package dev.stride;

import dev.stride.internal.store.MemoryStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.FilteredScan;
import dev.stride.model.Json;
import dev.stride.model.Predicate;
import dev.stride.model.Region;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import dev.stride.testing.ForwardingStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The statistics {@link ZarrWriter} gathers as it encodes chunks: the same numbers as reading the written array back
 * ({@link ChunkStatistics#build}), for every field kind, chunking, sharding and write pattern; linked from the array's
 * attributes; and none when asked for none.
 */
class WriterStatisticsTest {
    private static final String LINK = "{\"path\":\"stride.statistics.json\",\"version\":2}";

    static LongStream seeds() {
        return LongStream.range(1, 31);
    }

    /**
     * Random records laid out from the spec (NaN, -0.0, NaT, infinities, extremes of every width), copied by the writer in
     * random slabs (so chunks are read back and completed) into a random chunking, sharded or not.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void theWriterGathersWhatReadingTheChunksBackFinds(long seed, @TempDir Path dir) throws IOException {
        Random random = new Random(seed);
        RandomRecords data = new RandomRecords(random, dir.resolve("source"));
        Path copy = dir.resolve("copy");
        try (Zarr source = Zarr.open(data.dir); ZarrWriter writer = ZarrWriter.open(copy)) {
            ZarrArray array = source.array("/");
            ArraySpec spec = ArraySpec.of(array.metadata().dataType(), array.shape()).fill(array.metadata().fillValue())
                    .chunks(layout(random, array.shape()));
            if (random.nextBoolean()) {
                long[] inner = spec.chunks().clone();
                inner[0] = Math.max(1, inner[0] / (1 + random.nextInt(3)));
                long[] outer = spec.chunks().clone();
                outer[0] = inner[0] * (1 + random.nextInt(3));
                spec = spec.chunks(outer).codecs(CodecChain.sharding(inner, CodecChain.IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)));
            } else if (random.nextBoolean()) {
                spec = spec.codecs(CodecChain.bytes(ByteOrder.BIG_ENDIAN));
            }
            ArrayWriter out = writer.createArray("/", spec);
            long rows = array.shape()[0];
            for (long from = 0; from < rows; ) {
                long to = Math.min(rows, from + 1 + random.nextInt((int) rows));
                long[] start = new long[array.shape().length];
                long[] stop = array.shape().clone();
                start[0] = from;
                stop[0] = to;
                Region slab = new Region(start, stop);
                try (Arena arena = Arena.ofConfined()) {
                    out.write(slab, array.readRecords(slab, arena), array.layout().order());
                }
                from = to;
            }
            out.commit();
        }
        try (Zarr written = Zarr.open(copy)) {
            ZarrArray array = written.array("/");
            ChunkStatistics gathered = ChunkStatistics.sidecar(array);
            assertNotNull(gathered, "the writer stored statistics beside the array");
            assertEquals(versionless(ChunkStatistics.build(array, null).toJson()), versionless(gathered.toJson()));
            assertTrue(Files.readString(copy.resolve("zarr.json")).replaceAll("\\s", "").contains("\"stride.statistics\":" + LINK));
        }
    }

    /** A chunk shape per dimension, often not dividing the shape (edge chunks). */
    private static long[] layout(Random random, long[] shape) {
        long[] chunks = new long[shape.length];
        for (int d = 0; d < shape.length; d++) {
            chunks[d] = 1 + random.nextInt((int) shape[d] + 2);
        }
        return chunks;
    }

    /** The document with every chunk's version tag left out: reading back later may find tags the writer could not. */
    static String versionless(byte[] json) {
        return new String(json, StandardCharsets.UTF_8).replaceAll("\"version\":(null|\"(?:[^\"\\\\]|\\\\.)*\")", "\"version\":null");
    }

    @Test
    void withoutStatisticsNoneAreWrittenAndACopiedLinkIsDropped(@TempDir Path dir) throws IOException {
        ArraySpec spec = ArraySpec.of(StructType.of(new StructType.Field("v", CoreType.INT32)), 10).chunks(5)
                .attributes(Json.object("stride.statistics", Json.object("path", Json.string("elsewhere.json")), "units", Json.string("m")));
        for (boolean gather : new boolean[] {true, false}) {
            Path at = dir.resolve("gather-" + gather);
            try (ZarrWriter writer = ZarrWriter.open(at).statistics(gather); ArrayWriter out = writer.createArray("/", spec)) {
                out.write(null, Map.of("v", new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
            }
            String metadata = Files.readString(at.resolve("zarr.json")).replaceAll("\\s", "");
            assertTrue(metadata.contains("\"units\":\"m\""), metadata);
            assertEquals(gather, Files.exists(at.resolve(ChunkStatistics.SIDECAR)));
            assertEquals(gather, metadata.contains("\"stride.statistics\":" + LINK), metadata);
            assertFalse(metadata.contains("elsewhere"), metadata);
            try (Zarr zarr = Zarr.open(at)) {
                FilteredScan found = zarr.array("/").where(Predicate.parse("v > 7")).scan(List.of(), null, null);
                assertEquals(3, found.records());
            }
        }
    }
    /**
     * A chunk whose store write fails while its statistics are gathered beside it: the store's failure is what the
     * write throws (not one of the gathering's), and nothing is published.
     */
    @Test
    void aChunkWhoseWriteFailsFailsAsTheStoreSaysAndPublishesNothing() {
        MemoryStore memory = new MemoryStore();
        boolean[] failed = {false};
        ForwardingStore store = new ForwardingStore(memory) {
            @Override
            public void write(String key, MemorySegment value) {
                if (key.equals("c/1") && !failed[0]) {
                    failed[0] = true;
                    throw new ZarrException.StoreFailure(key, "no space left on device", null);
                }
                super.write(key, value);
            }
        };
        ArraySpec spec = ArraySpec.of(StructType.of(new StructType.Field("v", CoreType.FLOAT64)), 12).chunks(4);
        double[] values = {3, -1, Double.NaN, 7, 2, 8, 5, 1, -0.0, 4, 6, 9};
        try (ZarrWriter writer = ZarrWriter.open(store); ArrayWriter out = writer.createArray("/", spec)) {
            var e = assertThrows(ZarrException.StoreFailure.class, () -> out.write(null, Map.of("v", values)));
            assertTrue(e.getMessage().contains("c/1") && e.getMessage().contains("no space left on device"), e.getMessage());
            assertThrows(ZarrException.class, out::commit);
            assertNull(memory.read("zarr.json", 0, -1, null), "nothing published");
            assertNull(memory.read(ChunkStatistics.SIDECAR, 0, -1, null), "no statistics published");
            assertNotNull(memory.read("c/0", 0, -1, null), "the chunk before the failure was stored");
        }
    }
}
