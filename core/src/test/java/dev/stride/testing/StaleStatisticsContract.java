package dev.stride.testing;

import dev.stride.ArrayWriter;
import dev.stride.ChunkStatistics;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.FilteredScan;
import dev.stride.model.Predicate;
import dev.stride.model.StructType;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * What chunk statistics built over a store must do when a chunk is rewritten behind their back, with values of the same
 * size: the rewritten chunk is read and its matches found, while the chunks left alone stay unread where the store
 * gives version tags. The array, laid out here from the spec, holds {@value #CHUNKS} chunks of {@value #RECORDS}
 * records {@code {v: int32, x: float64}}, {@code v} counting from 0 and {@code x = v / 2}, raw little-endian; the
 * rewrite gives one chunk {@code v} from {@value #REWRITTEN_FROM} on, which no record held before.
 */
public abstract class StaleStatisticsContract {
    static final int CHUNKS = 4;
    static final int RECORDS = 100;
    static final int REWRITTEN_FROM = 1000;
    private static final String REWRITTEN = "c/2";
    private static final Predicate NEW_VALUES = Predicate.parse("v >= " + REWRITTEN_FROM);

    /**
     * A store holding {@code values} at its root; with {@code settled}, dated an hour back where the medium keeps the
     * times of values (so that a tag made of times can vouch for them), else as just written.
     */
    protected abstract Store holding(Map<String, byte[]> values, boolean settled);

    /** Replaces a value of the store made last, now, as another writer would. */
    protected abstract void rewrite(String key, byte[] value);

    @Test
    void aChunkRewrittenAfterItsStatisticsIsReadAndItsMatchesFound() {
        try (Zarr zarr = Zarr.open(holding(array(), true))) {
            ZarrArray array = zarr.array("/");
            ChunkStatistics stats = ChunkStatistics.build(array, null);
            String json = new String(stats.toJson(), StandardCharsets.UTF_8);
            assertEquals(CHUNKS, versions(json).size(), json);
            assertFalse(versions(json).contains("null"), "every chunk has a version tag: " + json);
            assertEquals(List.of(0L, 0L, (long) CHUNKS), counts(array.where(NEW_VALUES).withStatistics(stats).scan(List.of("x"), null, null)));

            rewrite(REWRITTEN, chunk(REWRITTEN_FROM));
            FilteredScan found = array.where(NEW_VALUES).withStatistics(stats).scan(List.of("x"), null, null);
            assertEquals(List.of((long) RECORDS, 1L, CHUNKS - 1L), counts(found));
            assertEquals(REWRITTEN_FROM / 2.0, found.fields().getFirst().minAsDouble());
        }
    }

    @Test
    void aChunkRewrittenMomentsAfterItWasWrittenIsReadToo() {
        try (Zarr zarr = Zarr.open(holding(array(), false))) {
            ZarrArray array = zarr.array("/");
            ChunkStatistics stats = ChunkStatistics.build(array, null);
            rewrite(REWRITTEN, chunk(REWRITTEN_FROM));
            FilteredScan found = array.where(NEW_VALUES).withStatistics(stats).scan(List.of("x"), null, null);
            assertEquals(RECORDS, found.records());
            assertEquals(REWRITTEN_FROM / 2.0, found.fields().getFirst().minAsDouble());
        }
    }

    /** The contract for a store over a directory of files: the chunk is rewritten in place on disk (same inode). */
    public abstract static class OverFiles extends StaleStatisticsContract {
        private Path root;
        private boolean settled;

        /** A store reading the files below {@code root}. */
        protected abstract Store serving(Path root);

        @Override
        protected final Store holding(Map<String, byte[]> values, boolean settled) {
            this.settled = settled;
            // not settled: a minute ahead, so that no delay of a loaded machine lets the times look settled
            FileTime then = FileTime.fromMillis(System.currentTimeMillis() + (settled ? -3_600_000L : 60_000L));
            try {
                root = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "stale-statistics");
                for (var v : values.entrySet()) {
                    Path file = Files.createDirectories(root.resolve(v.getKey()).getParent()).resolve(Path.of(v.getKey()).getFileName());
                    Files.write(file, v.getValue());
                    Files.setLastModifiedTime(file, then);
                }
                if (settled) {
                    OldFiles.settle();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return serving(root);
        }

        /** A value written moments ago keeps its time, as a rewrite within the clock's tick would. */
        @Override
        protected final void rewrite(String key, byte[] value) {
            try {
                Path file = root.resolve(key);
                FileTime time = Files.getLastModifiedTime(file);
                Files.write(file, value);
                if (!settled) {
                    Files.setLastModifiedTime(file, time);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The contract for a store that writes: the values are written through it, and the chunk rewritten so. */
    public abstract static class OverWrites extends StaleStatisticsContract {
        private WritableStore store;

        /** A new store holding nothing. */
        protected abstract WritableStore emptyWritable();

        @Override
        protected final Store holding(Map<String, byte[]> values, boolean settled) {
            store = emptyWritable();
            values.forEach((key, bytes) -> store.write(key, MemorySegment.ofArray(bytes)));
            return store;
        }

        @Override
        protected final void rewrite(String key, byte[] value) {
            store.write(key, MemorySegment.ofArray(value));
        }

        /**
         * The statistics {@link ZarrWriter} stores beside a new array carry the store's tags: a read skips the chunks
         * they rule out, until one is rewritten behind their back.
         */
        @Test
        void statisticsTheWriterStoredSkipChunksUntilOneIsRewritten() {
            store = emptyWritable();
            StoreDescriptor where = store.descriptor();
            int[] v = new int[CHUNKS * RECORDS];
            double[] x = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                v[i] = i;
                x[i] = i / 2.0;
            }
            ArraySpec spec = ArraySpec.of(StructType.of(new StructType.Field("v", CoreType.INT32), new StructType.Field("x", CoreType.FLOAT64)),
                    v.length).chunks(RECORDS);
            try (ZarrWriter writer = ZarrWriter.open(where); ArrayWriter array = writer.createArray("/", spec)) {
                array.write(null, Map.of("v", v, "x", x));
            }
            try (Zarr zarr = Zarr.open(where)) {
                ZarrArray array = zarr.array("/");
                assertEquals(CHUNKS, ChunkStatistics.sidecar(array).chunks());
                assertEquals(List.of(0L, 0L, (long) CHUNKS), counts(array.where(NEW_VALUES).scan(List.of("x"), null, null)));
                rewrite(REWRITTEN, chunk(REWRITTEN_FROM));
                FilteredScan found = array.where(NEW_VALUES).scan(List.of("x"), null, null);
                assertEquals(List.of((long) RECORDS, 1L, CHUNKS - 1L), counts(found));
            } finally {
                store.close();
            }
        }
    }

    private static List<Long> counts(FilteredScan scan) {
        return List.of(scan.records(), scan.chunksRead(), scan.chunksSkipped());
    }

    /** Each chunk entry's {@code version} member as JSON text. */
    private static List<String> versions(String json) {
        Matcher m = Pattern.compile("\"version\":(null|\"(?:[^\"\\\\]|\\\\.)*\")").matcher(json.substring(json.indexOf("\"chunks\"")));
        return m.results().map(r -> r.group(1)).toList();
    }

    private static Map<String, byte[]> array() {
        Map<String, byte[]> values = new TreeMap<>();
        values.put("zarr.json", Doc.array(Doc.struct(Doc.field("v", "'int32'"), Doc.field("x", "'float64'")),
                "[" + CHUNKS * RECORDS + "]", "[" + RECORDS + "]", "{'v': 0, 'x': 0.0}", Doc.BYTES_LE).bytes());
        for (int c = 0; c < CHUNKS; c++) {
            values.put("c/" + c, chunk(c * RECORDS));
        }
        return values;
    }

    /** {@value #RECORDS} records, {@code v} counting from {@code first}. */
    private static byte[] chunk(int first) {
        ByteBuffer b = ByteBuffer.allocate(RECORDS * 12).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < RECORDS; i++) {
            b.putInt(first + i).putDouble((first + i) / 2.0);
        }
        return b.array();
    }
}
