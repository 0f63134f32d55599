package dev.stride;

import dev.stride.model.ArraySpec;
import dev.stride.model.CodecChain;
import dev.stride.model.CoreType;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A distributed write's statistics: writers of chunks ({@link ZarrWriter#chunkWriter}, each a worker's) gather those
 * of the chunks they store, and the publisher takes them ({@link ArrayWriter#addChunkStatistics}) and publishes them
 * as if it had stored every chunk: the same document as reading the array back ({@link ChunkStatistics#build}).
 */
class ChunkWriterStatisticsTest {
    static LongStream seeds() {
        return LongStream.range(1, 16);
    }

    /** Random records (NaN, -0.0, NaT, chunks of fill values only) copied chunk row by chunk row by three workers. */
    @ParameterizedTest
    @MethodSource("seeds")
    void thePublisherPublishesWhatItsWorkersGathered(long seed, @TempDir Path dir) throws IOException {
        Random random = new Random(seed);
        RandomRecords data = new RandomRecords(random, dir.resolve("source"));
        Path copy = dir.resolve("copy");
        try (Zarr source = Zarr.open(data.dir); ZarrWriter publisher = ZarrWriter.open(copy)) {
            ZarrArray array = source.array("/");
            ArraySpec spec = ArraySpec.of(array.metadata().dataType(), array.shape()).fill(array.metadata().fillValue())
                    .chunks(data.chunks);
            if (random.nextBoolean()) {
                long[] outer = data.chunks.clone();
                outer[0] *= 2;
                spec = spec.chunks(outer).codecs(CodecChain.sharding(data.chunks, CodecChain.IndexLocation.END, CodecChain.bytes(ByteOrder.LITTLE_ENDIAN)));
            }
            long rowsPerChunk = spec.chunks()[0];
            List<byte[]> gathered = new ArrayList<>();
            for (int worker = 0; worker < 3; worker++) {
                try (ZarrWriter own = ZarrWriter.open(copy); ArrayWriter chunks = own.chunkWriter("/", spec)) {
                    for (long from = worker * rowsPerChunk; from < array.shape()[0]; from += 3 * rowsPerChunk) {
                        long[] start = new long[array.shape().length];
                        long[] stop = array.shape().clone();
                        start[0] = from;
                        stop[0] = Math.min(stop[0], from + rowsPerChunk);
                        Region slab = new Region(start, stop);
                        try (Arena arena = Arena.ofConfined()) {
                            chunks.write(slab, array.readRecords(slab, arena), array.layout().order());
                        }
                    }
                    gathered.add(chunks.chunkStatistics());
                }
            }
            try (ArrayWriter out = publisher.createArray("/", spec)) {
                gathered.forEach(out::addChunkStatistics);
                out.commit();
            }
        }
        try (Zarr written = Zarr.open(copy)) {
            ZarrArray array = written.array("/");
            assertEquals(WriterStatisticsTest.versionless(ChunkStatistics.build(array, null).toJson()),
                    WriterStatisticsTest.versionless(ChunkStatistics.sidecar(array).toJson()));
        }
    }

    /**
     * A worker that wrote before the length was known summarized the edge chunk whole, padding and all: that entry
     * is dropped, the others kept; what the publisher cannot read is refused naming it.
     */
    @Test
    void anEntryOfMoreRecordsThanTheChunkHoldsIsDropped(@TempDir Path dir) throws IOException {
        ArraySpec published = ArraySpec.of(CoreType.FLOAT64, 10).chunks(4).codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN));
        ArraySpec guessed = ArraySpec.of(CoreType.FLOAT64, 12).chunks(4).codecs(CodecChain.bytes(ByteOrder.LITTLE_ENDIAN));
        byte[] gathered;
        try (ZarrWriter worker = ZarrWriter.open(dir); ArrayWriter chunks = worker.chunkWriter("/", guessed)) {
            double[] values = {1, 2, 3, 4, -5, Double.NaN, 7, 8, 9, 10, 0, 0};
            chunks.write(new Region(new long[]{0}, new long[]{12}), MemorySegment.ofArray(values), ByteOrder.nativeOrder());
            gathered = chunks.chunkStatistics();
        }
        try (ZarrWriter publisher = ZarrWriter.open(dir); ArrayWriter out = publisher.createArray("/", published)) {
            ZarrException bad = assertThrows(ZarrException.InvalidMetadata.class, () -> out.addChunkStatistics("{}".getBytes(StandardCharsets.UTF_8)));
            assertTrue(bad.getMessage().contains("gathered chunk statistics"), bad.getMessage());
            out.addChunkStatistics(gathered);
            out.commit();
        }
        String sidecar = Files.readString(dir.resolve(ChunkStatistics.SIDECAR));
        assertTrue(sidecar.contains("\"chunk\":[0],\"key\":\"c/0\",\"size\":32"), sidecar);
        assertTrue(sidecar.contains("{\"count\":4,\"nan_count\":1,\"min\":-5.0,\"max\":8.0}"), sidecar);
        assertTrue(!sidecar.contains("\"chunk\":[2]"), sidecar);
        try (Zarr zarr = Zarr.open(dir); ZarrArray array = zarr.array("/")) {
            assertEquals(2, ChunkStatistics.sidecar(array).chunks());
            // NaN, 8, 9 and 10: NaN is above every number; chunk 2 is read though it has no entry
            assertEquals(4, array.where(dev.stride.model.Predicate.parse("value > 7")).scan(List.of(), null, null).records());
        }
    }

    @Test
    void aWriterWithoutStatisticsGathersNone(@TempDir Path dir) {
        ArraySpec spec = ArraySpec.of(CoreType.INT32, 8).chunks(4);
        try (ZarrWriter worker = ZarrWriter.open(dir).statistics(false); ArrayWriter chunks = worker.chunkWriter("/", spec)) {
            chunks.write(null, Map.of("", new int[]{1, 2, 3, 4, 5, 6, 7, 8}));
            assertNull(chunks.chunkStatistics());
        }
    }
}
