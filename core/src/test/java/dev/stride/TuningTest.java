package dev.stride;

import dev.stride.conformance.Corpus;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.StructType;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tuning end to end on arrays of the shared corpus (written by other Zarr implementations), on a clock that moves one
 * nanosecond a reading, so every candidate fits in the budget and nothing depends on how fast the machine is.
 */
class TuningTest {
    @TempDir
    Path scratch;

    /** A clock that moves {@code step} nanoseconds each time it is read. */
    private static LongSupplier ticking(long step) {
        AtomicLong now = new AtomicLong();
        return () -> now.addAndGet(step);
    }

    private static Path struct(String name) {
        return Corpus.shared().resolve("conformance/struct").resolve(name);
    }

    private TuningOptions options() {
        return TuningOptions.defaults().withScratch(scratch.toString()).withThreads(2);
    }

    /** Every file below {@code root} with its size and modification time. */
    private static Map<Path, String> files(Path root) throws IOException {
        Map<Path, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(p, Files.size(p) + "@" + Files.getLastModifiedTime(p));
            }
        }
        return files;
    }

    @Test
    void wholeChunksSpreadOverTheArrayAreMeasuredInEveryCandidateAndCleanedUp() throws IOException {
        Path source = struct("nested_gzip");
        Map<Path, String> before = files(source);
        TuningReport report;
        try (Zarr zarr = Zarr.open(source); ZarrArray array = zarr.array("/")) {
            report = Tuning.measure(array, options().withSampleRecords(50).withFields(List.of("point.x")), ticking(1));
        }
        // chunks of 40 over 90 records: 2 wanted, the middles of two stretches, the first and the last, which holds 10
        assertEquals(50, report.sampleRecords());
        assertEquals(2, report.sampleUnits());
        assertEquals(90, report.arrayRecords());
        assertEquals(Files.size(source.resolve("c/0")) + Files.size(source.resolve("c/2")), report.sourceSampleBytes());
        assertEquals(List.of("point.x"), report.fields());
        assertEquals(0, report.unmeasured());
        // uncompressed, the sample stores its records' bytes exactly: 50 records of 16 bytes, in one chunk of 50
        TuningReport.Candidate none = report.ranked().stream().filter(c -> c.layout().compression() == Compression.NONE).findFirst().orElseThrow();
        assertEquals(50 * 16, none.storedBytes());
        assertEquals(List.of("--chunks", "50", "--codec", "none"), none.layout().copyOptions());
        // core alone encodes none and gzip: every level of gzip is measured
        assertEquals(List.of("gzip:1", "gzip:6", "gzip:9", "none"),
                report.ranked().stream().map(c -> c.layout().compression().toString()).sorted().toList());
        assertTrue(report.reason().contains("scans point.x at") || report.reason().contains("the fastest scan of point.x"), report.reason());
        assertEquals(before, files(source), "the source is only read");
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList(), "the scratch directory is removed");
        }
    }

    @Test
    void anArrayOfOneChunkIsSampledWholeAndChunkedWhole() {
        try (Zarr zarr = Zarr.open(struct("points")); ZarrArray array = zarr.array("/")) {
            TuningReport report = Tuning.measure(array, options(), ticking(1));
            assertEquals(100, report.sampleRecords());
            assertEquals(1, report.sampleUnits());
            assertTrue(report.ranked().stream().allMatch(c -> c.layout().chunk() == 100 && c.layout().shard() == 0));
        }
    }

    @Test
    void aBudgetTooSmallForOneCandidateSaysHowLongOneTakes() {
        try (Zarr zarr = Zarr.open(struct("nested_gzip")); ZarrArray array = zarr.array("/")) {
            // each reading of the clock moves it a second: reading the sample "takes" one, a layout about four
            ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class,
                    () -> Tuning.measure(array, options().withBudget(Duration.ofSeconds(5)), ticking(1_000_000_000)));
            assertEquals("a budget of 5 s is too small for one candidate layout: reading the sample took 1.0 s, and one"
                    + " layout needs about 4.0 s more; give a larger budget or a smaller sample", e.reason());
        }
        try (Stream<Path> left = Files.list(scratch)) {
            assertEquals(List.of(), left.toList());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void anUnknownFieldIsRefusedBeforeAnythingIsWritten() {
        try (Zarr zarr = Zarr.open(struct("nested_gzip")); ZarrArray array = zarr.array("/")) {
            ZarrException.BadRequest e = assertThrows(ZarrException.BadRequest.class,
                    () -> Tuning.measure(array, options().withFields(List.of("value", "nope")), ticking(1)));
            assertTrue(e.reason().contains("nope"), e.reason());
        }
    }

    @Test
    void aScratchLocationThatCannotHoldADirectoryIsNamed() throws IOException {
        Path file = Files.writeString(scratch.resolve("a-file"), "x");
        try (Zarr zarr = Zarr.open(struct("points")); ZarrArray array = zarr.array("/")) {
            ZarrException.StoreFailure e = assertThrows(ZarrException.StoreFailure.class,
                    () -> Tuning.measure(array, options().withScratch(file.toString()), ticking(1)));
            assertTrue(e.reason().startsWith("cannot write the candidates under the scratch location " + file + ": "), e.reason());
        }
    }

    @Test
    void anArrayWithoutRecordsOrWithoutStoredChunksHasNothingToMeasure(@TempDir Path arrays) {
        StructType type = StructType.of(new StructType.Field("x", CoreType.FLOAT64));
        try (ZarrWriter writer = ZarrWriter.open(arrays)) {
            writer.createArray("/empty", ArraySpec.of(type, 0).chunks(10)).close();
            writer.createArray("/unwritten", ArraySpec.of(type, 100).chunks(10)).close();
        }
        try (Zarr zarr = Zarr.open(arrays); ZarrArray empty = zarr.array("/empty"); ZarrArray unwritten = zarr.array("/unwritten")) {
            assertEquals("holds no records (its shape is [0]); there is nothing to measure",
                    assertThrows(ZarrException.BadRequest.class, () -> Tuning.measure(empty, options(), ticking(1))).reason());
            assertEquals("stores no chunks: every record is the fill value, so there is nothing to measure",
                    assertThrows(ZarrException.BadRequest.class, () -> Tuning.measure(unwritten, options(), ticking(1))).reason());
        }
    }

    @Test
    void aRowOfAGridIsSampledAcrossEveryColumnOfChunks() throws IOException {
        Path source = struct("grid_transpose_crc");
        try (Zarr zarr = Zarr.open(source); ZarrArray array = zarr.array("/")) {
            TuningReport report = Tuning.measure(array, options().withSampleRecords(100), ticking(1));
            // 37 x 23 in chunks of 8 x 5: one row of chunks, the middle one (16..23), is 8 x 23 records in 5 chunks
            assertEquals(184, report.sampleRecords());
            assertEquals(5, report.sampleUnits());
            long stored = 0;
            for (int c = 0; c < 5; c++) {
                stored += Files.size(source.resolve("c/2/" + c));
            }
            assertEquals(stored, report.sourceSampleBytes());
            // 5 uncompressed chunks of 8 x 5 records of 12 bytes, the edge chunk stored whole as Zarr stores it
            TuningReport.Candidate none = report.ranked().stream().filter(c -> c.layout().compression() == Compression.NONE).findFirst().orElseThrow();
            assertEquals(5 * 8 * 5 * 12, none.storedBytes());
        }
    }

    @Test
    void shapedFieldsAreSentToCopyFirst(@TempDir Path v2) throws IOException {
        // numpy's [('id', '<i4'), ('pos', '<f4', (3,))] as zarr-python 2 stores it, uncompressed: 4 records of 16 bytes
        Files.writeString(v2.resolve(".zarray"), """
                {"zarr_format": 2, "shape": [4], "chunks": [4], "dtype": [["id", "<i4"], ["pos", "<f4", [3]]],
                 "fill_value": null, "order": "C", "filters": null, "compressor": null}""");
        Files.write(v2.resolve("0"), new byte[64]);
        try (Zarr zarr = Zarr.open(v2); ZarrArray array = zarr.array("/")) {
            ZarrException.Unsupported e = assertThrows(ZarrException.Unsupported.class, () -> Tuning.measure(array, options(), ticking(1)));
            assertEquals("field 'pos' has a shape, which a Zarr v3 struct cannot hold; copy it with --flatten-shaped first"
                    + " and tune the copy", e.reason());
        }
    }

    /** A round is a chunk on each thread at once; a fresh reader's opening holds a chunk for every thread. */
    @Test
    void roundsCountChunksOverTheThreadsAndAnOpeningGivesEachThreadOne() {
        TuningTrial.Rounds chunks = new TuningTrial.Rounds(131072, 1, 2);
        assertEquals(1, chunks.of(131072));
        assertEquals(1, chunks.of(262144));
        assertEquals(2, chunks.of(262145));
        assertEquals(8, chunks.of(2097152));
        assertEquals(262144, chunks.opening(131072), "a chunk for each of two threads");
        // in shards of 8 chunks, whose inner chunks the threads share: one shard is 4 rounds and opens for both
        assertEquals(4, chunks.of(1048576));
        assertEquals(1048576, chunks.opening(1048576));
        // two chunks across the second dimension for each chunk along the first, on 4 threads
        TuningTrial.Rounds across = new TuningTrial.Rounds(1000, 2, 4);
        assertEquals(1, across.of(2000));
        assertEquals(2, across.of(2001));
        assertEquals(2000, across.opening(1000));
    }

    /** A pass's start is the intercept of its time against its rounds, never below 0 nor above the shorter pass. */
    @Test
    void aPassStartIsTheTimeOfNoRounds() {
        // 3 ms to start, 1 ms a round: one round takes 4 ms and eight take 11 ms
        assertEquals(0.003, TuningTrial.passStart(0.004, 1, 0.011, 8), 1e-12);
        // the longer pass no slower (noise) or a line through 0 below the origin: no start is claimed
        assertEquals(0, TuningTrial.passStart(0.004, 1, 0.004, 8));
        assertEquals(0, TuningTrial.passStart(0.0001, 1, 0.01, 8));
        // as many rounds in both (a sample of no more units than threads): no line, however the times differ
        assertEquals(0, TuningTrial.passStart(0.001, 1, 0.0011, 1));
    }
}
