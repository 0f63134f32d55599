package dev.stride;

import dev.stride.model.FieldStats;
import dev.stride.model.FilteredScan;
import dev.stride.model.Predicate;
import dev.stride.model.ScanOptions;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Records are tested a few thousand at a time; runs of matches that start, end or continue at the edges of those
 * batches, in a chunk several batches long, give exactly the records a test of each record gives. The chunk is laid out
 * byte by byte as the spec says, the values ascending ({@code k = i}) with a flag set on every third record.
 */
class WhereBatchesTest {
    private static final int RECORDS = 20_000;

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "k >= 4000 and k < 8300; 4000; 8300",
        "k >= 4096 and k < 8192; 4096; 8192",
        "k < 4096; 0; 4096",
        "k >= 8191; 8191; 20000",
        "k between 4095 and 4096; 4095; 4097",
        "not (k < 12287); 12287; 20000"})
    void runsAcrossBatchEdgesAreFoundWhole(String where, long from, long to, @TempDir Path dir) throws IOException {
        check(dir, where, k -> k >= from && k < to);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"flag = true and k >= 4000", "flag = true or k >= 19990", "not flag = true and k < 4100"})
    void scatteredMatchesAreFoundOneByOne(String where, @TempDir Path dir) throws IOException {
        LongPredicate flag = k -> k % 3 == 0;
        LongPredicate expected = switch (where) {
            case "flag = true and k >= 4000" -> k -> flag.test(k) && k >= 4000;
            case "flag = true or k >= 19990" -> k -> flag.test(k) || k >= 19990;
            default -> k -> !flag.test(k) && k < 4100;
        };
        check(dir, where, expected);
    }

    private static void check(Path dir, String where, LongPredicate expected) throws IOException {
        write(dir);
        List<Long> want = LongStream.range(0, RECORDS).filter(expected).boxed().toList();
        try (Zarr zarr = Zarr.open(dir.toString()); ZarrArray array = zarr.array("/")) {
            FilteredArray filtered = array.where(Predicate.parse(where));
            for (int threads = 1; threads <= 2; threads++) {
                FilteredScan scan = filtered.scan(List.of("k"), null, ScanOptions.threads(threads));
                FieldStats k = scan.fields().getFirst();
                assertEquals(want.size(), scan.records(), where);
                assertEquals(want.stream().mapToLong(Long::longValue).sum(), (long) k.sumAsDouble(), where);
                List<Long> visited = new ArrayList<>();
                filtered.forEachRecord(null, Long.MAX_VALUE, ScanOptions.threads(threads), (index, records, i) -> visited.add(index));
                assertEquals(want, visited, where);
            }
        }
    }

    /** One chunk of {k: int32, flag: bool} records, little-endian, packed: 5 bytes each. */
    private static void write(Path dir) throws IOException {
        String doc = Doc.array(struct(field("k", "'int32'"), field("flag", "'bool'")), "[" + RECORDS + "]",
                "[" + RECORDS + "]", "{'k': 0, 'flag': false}", Doc.BYTES_LE).json();
        Files.writeString(dir.resolve("zarr.json"), doc, StandardCharsets.UTF_8);
        ByteBuffer chunk = ByteBuffer.allocate(RECORDS * 5).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < RECORDS; k++) {
            chunk.putInt(k).put((byte) (k % 3 == 0 ? 1 : 0));
        }
        Files.createDirectories(dir.resolve("c"));
        Files.write(dir.resolve("c/0"), chunk.array());
    }
}
