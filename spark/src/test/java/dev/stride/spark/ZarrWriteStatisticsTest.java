package dev.stride.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stride.ChunkStatistics;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.Json;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The chunk statistics a Spark write gathers as its tasks encode the chunks, published beside the array: compared,
 * chunk by chunk, with the numbers computed here from the DataFrame's rows (NaN, nulls that leave the fill value, NaT,
 * a chunk of NaN only, a chunk whose bools are all true), for rows placed by index (chunks stored by the tasks and
 * chunks assembled from staged records) and rows in DataFrame order (every chunk assembled).
 */
class ZarrWriteStatisticsTest {
    private static final int ROWS = 1000;
    private static final int CHUNK = 100;
    private static final long EPOCH_MICROS = 1_700_000_000_000_000L;

    @TempDir
    Path dir;

    /** Three partitions of rows; {@code x} is NaN in all of chunk 3, and null (0.0, the fill value) now and then. */
    private static Dataset<Row> rows(boolean indexed) {
        Dataset<Row> df = Sessions.spark().range(0, ROWS, 1, 3).selectExpr(
                "id as _index",
                "id as n",
                "case when (id >= 300 and id < 400) or id % 17 = 0 then cast('NaN' as double)"
                        + " when id % 23 = 0 then null else (id * 37 % 100) * 0.5 - 20 end as x",
                "case when id % 13 = 0 then cast('NaN' as float) else cast(-id / 4.0 as float) end as f",
                "id < 100 or id % 3 = 0 as b",
                "case when id % 11 = 0 then null else timestamp_micros(" + EPOCH_MICROS + " + id * 7919 % 1000) end as t",
                "cast(id * 7 % 50 - 25 as int) as i");
        return indexed ? df : df.drop("_index");
    }

    private static JsonNode sidecar(Path array) throws IOException {
        return new ObjectMapper().readTree(Files.readAllBytes(array.resolve(ChunkStatistics.SIDECAR)));
    }

    @ParameterizedTest(name = "indexed={0}")
    @ValueSource(booleans = {true, false})
    void everyChunkHasTheStatisticsOfItsRows(boolean indexed) throws IOException {
        Path out = dir.resolve("out.zarr");
        rows(indexed).write().format("zarr").mode("overwrite").option("chunks", CHUNK).save(TaggedStoreProvider.uri(out));
        List<Row> written = rows(true).collectAsList().stream().sorted(Comparator.comparingLong(r -> r.getLong(0))).toList();

        JsonNode doc = sidecar(out);
        assertEquals(List.of(ROWS), ints(doc.get("shape")));
        assertEquals(List.of(CHUNK), ints(doc.get("chunk_shape")));
        assertEquals("float64", doc.get("fields").get("x").asText());
        assertEquals(ROWS / CHUNK, doc.get("chunks").size());
        for (int c = 0; c < ROWS / CHUNK; c++) {
            JsonNode entry = doc.get("chunks").get(c);
            String at = "chunk " + c + ": " + entry;
            assertEquals(List.of(c), ints(entry.get("chunk")), at);
            assertEquals("c/" + c, entry.get("key").asText(), at);
            assertEquals(Files.size(out.resolve("c").resolve(String.valueOf(c))), entry.get("size").asLong(), at);
            assertTrue(entry.get("version").isTextual(), at);
            assertEquals(CHUNK, entry.get("records").asInt(), at);
            List<Row> chunk = written.subList(c * CHUNK, (c + 1) * CHUNK);
            JsonNode fields = entry.get("fields");
            assertReals(chunk, r -> r.isNullAt(2) ? 0.0 : r.getDouble(2), fields.get("x"), at);
            assertReals(chunk, r -> r.getFloat(3), fields.get("f"), at);
            assertReals(chunk, r -> r.getLong(1), fields.get("n"), at);
            assertReals(chunk, r -> r.getInt(6), fields.get("i"), at);
            assertBools(chunk, fields.get("b"), at);
            assertTimes(chunk, fields.get("t"), at);
        }
        try (Zarr zarr = Zarr.open(out.toString()); ZarrArray array = zarr.array("/")) {
            assertEquals(Json.object("path", Json.string(ChunkStatistics.SIDECAR), "version", Json.number(2)),
                    array.metadata().attributes().get("stride.statistics"));
            assertEquals(ROWS / CHUNK, ChunkStatistics.sidecar(array).chunks());
        }
    }

    /** Count, NaN count, least and greatest of the others (null when none), as numbers. */
    private static void assertReals(List<Row> chunk, ToDoubleFunction<Row> value, JsonNode summary, String at) {
        double[] values = chunk.stream().mapToDouble(value).toArray();
        double[] ordinary = java.util.Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        assertEquals(values.length, summary.get("count").asLong(), at);
        assertEquals(values.length - ordinary.length, summary.get("nan_count").asLong(), at);
        if (ordinary.length == 0) {
            assertTrue(summary.get("min").isNull() && summary.get("max").isNull(), at);
        } else {
            assertEquals(java.util.Arrays.stream(ordinary).min().orElseThrow(), summary.get("min").asDouble(), at);
            assertEquals(java.util.Arrays.stream(ordinary).max().orElseThrow(), summary.get("max").asDouble(), at);
        }
    }

    private static void assertBools(List<Row> chunk, JsonNode summary, String at) {
        boolean anyTrue = chunk.stream().anyMatch(r -> r.getBoolean(4));
        boolean anyFalse = chunk.stream().anyMatch(r -> !r.getBoolean(4));
        assertEquals(chunk.size(), summary.get("count").asLong(), at);
        assertEquals(0, summary.get("nan_count").asLong(), at);
        assertEquals(!anyFalse, summary.get("min").asBoolean(), at);
        assertEquals(anyTrue, summary.get("max").asBoolean(), at);
    }

    /** A null timestamp is stored as NaT, counted with {@code nan_count}; the others as microseconds since the epoch. */
    private static void assertTimes(List<Row> chunk, JsonNode summary, String at) {
        List<Long> micros = new ArrayList<>();
        for (Row r : chunk) {
            if (!r.isNullAt(5)) {
                micros.add(ChronoUnit.MICROS.between(Instant.EPOCH, r.getInstant(5)));
            }
        }
        assertEquals(chunk.size(), summary.get("count").asLong(), at);
        assertEquals(chunk.size() - micros.size(), summary.get("nan_count").asLong(), at);
        assertEquals(micros.stream().min(Long::compare).orElseThrow(), summary.get("min").asLong(), at);
        assertEquals(micros.stream().max(Long::compare).orElseThrow(), summary.get("max").asLong(), at);
    }

    private static List<Integer> ints(JsonNode array) {
        return IntStream.range(0, array.size()).mapToObj(k -> array.get(k).asInt()).toList();
    }

    /** Tags that count at once (content hashes, as S3's ETags) let the statistics just written prune a query. */
    @Test
    void aQueryOnTheWrittenArrayIsPrunedByTheStatistics() {
        Path out = dir.resolve("pruned.zarr");
        rows(true).write().format("zarr").mode("overwrite").option("chunks", CHUNK).save(TaggedStoreProvider.uri(out));
        Dataset<Row> df = Sessions.spark().read().format("zarr").option("partitionBytes", 1).load(TaggedStoreProvider.uri(out))
                .where("n >= 950 and x < 0");
        String scan = Plans.scanText(df);
        assertTrue(scan.contains(" chunksRuledOut=9 of 10 stored"), scan);
        List<Long> found = df.select("n").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList();
        Dataset<Row> unpruned = Sessions.spark().read().format("zarr").option("pushFilters", false).load(out.toString())
                .where("n >= 950 and x < 0");
        assertEquals(unpruned.select("n").collectAsList().stream().map(r -> r.getLong(0)).sorted().toList(), found);
        assertFalse(found.isEmpty());
    }

    @Test
    void optionStatisticsFalseWritesNone() {
        Path out = dir.resolve("plain.zarr");
        rows(true).write().format("zarr").mode("overwrite").option("chunks", CHUNK).option("statistics", false).save(out.toString());
        assertFalse(Files.exists(out.resolve(ChunkStatistics.SIDECAR)));
        try (Zarr zarr = Zarr.open(out.toString()); ZarrArray array = zarr.array("/")) {
            assertFalse(array.metadata().attributes().members().containsKey("stride.statistics"));
            assertEquals(ROWS, array.shape()[0]);
        }
    }

    @Test
    void aWriteThatFailsPublishesNoStatistics() throws IOException {
        Path out = dir.resolve("failed.zarr");
        Dataset<Row> twice = rows(true).selectExpr("case when _index = 700 then 699 else _index end as _index", "x");
        Exception e = assertThrows(Exception.class, () -> twice.write().format("zarr").mode("overwrite").option("chunks", CHUNK).save(out.toString()));
        assertTrue(e.getMessage().contains("two rows have _index = 699"), e.getMessage());
        if (Files.exists(out)) {
            try (var left = Files.walk(out)) {
                assertEquals(List.of(), left.filter(Files::isRegularFile).toList(), "nothing left of the failed write");
            }
        }
    }
}
