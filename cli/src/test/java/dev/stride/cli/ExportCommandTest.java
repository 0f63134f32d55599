package dev.stride.cli;

import dev.stride.conformance.Corpus;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** stride export: the formats, the format by extension, usage errors, and a file written whole or not at all. */
class ExportCommandTest {
    @TempDir
    Path dir;

    private Path records() {
        return Fixtures.records(dir.resolve("records"));
    }

    @Test
    void csvAndJsonlAreWhatCatPrints() throws IOException {
        Path records = records();
        for (String format : List.of("csv", "jsonl")) {
            Path out = dir.resolve("out." + format);
            CliRun run = CliRun.of("export", records, out);
            assertEquals(0, run.exitCode(), run.err());
            assertEquals(CliRun.of("cat", records, "--format", format).out(), Files.readString(out, StandardCharsets.UTF_8), format);
        }
    }

    @Test
    void anArrowFileHoldsEveryRowWithNaTAsNull() throws IOException {
        Path out = dir.resolve("records.arrow");
        CliRun run = CliRun.of("export", records(), out, "--fields", "id,when");
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.out() + run.err());
        try (BufferAllocator allocator = new RootAllocator();
             FileChannel in = FileChannel.open(out);
             ArrowFileReader reader = new ArrowFileReader(in, allocator)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            List<String> ids = new ArrayList<>();
            List<Long> whens = new ArrayList<>();
            while (reader.loadNextBatch()) {
                UInt8Vector id = (UInt8Vector) root.getVector("id");
                TimeStampSecVector when = (TimeStampSecVector) root.getVector("when");
                for (int i = 0; i < root.getRowCount(); i++) {
                    ids.add(id.getObjectNoOverflow(i).toString());
                    whens.add(when.isNull(i) ? null : when.get(i));
                }
            }
            assertEquals(6, ids.size());
            assertEquals("18446744073709551615", ids.get(1));
            assertEquals("7", ids.get(5), "the fill value of the chunk never written");
            assertEquals(List.of(false, true, false, false, true, true), whens.stream().map(w -> w == null).toList());
            assertEquals(1767225600L, whens.get(2));
        }
    }

    @Test
    void parquetIsWrittenWithTheCodecAsked() throws IOException {
        Path records = records();
        for (String codec : List.of("zstd", "snappy", "none")) {
            Path out = dir.resolve(codec + ".parquet");
            CliRun run = CliRun.of("export", records, out, "--compression", codec);
            assertEquals(0, run.exitCode(), run.err());
            byte[] bytes = Files.readAllBytes(out);
            assertEquals("PAR1", new String(bytes, 0, 4, StandardCharsets.US_ASCII));
            assertEquals("PAR1", new String(bytes, bytes.length - 4, 4, StandardCharsets.US_ASCII));
            String footer = new String(bytes, StandardCharsets.ISO_8859_1);
            // the file's key-value metadata carries the array's attributes and dimension names
            assertTrue(footer.contains("zarr.attributes") && footer.contains("{\"unit\":\"m\"}"), codec);
            assertTrue(footer.contains("zarr.dimension_names") && footer.contains("[\"t\"]"), codec);
        }
    }

    @Test
    void theFormatComesFromTheExtensionOrMustBeGiven() {
        CliRun unknown = CliRun.of("export", records(), dir.resolve("out.bin"));
        assertEquals(2, unknown.exitCode());
        assertTrue(unknown.err().startsWith("stride export: say --format: '" + dir.resolve("out.bin")
                + "' ends in none of .arrow, .arrows, .parquet, .csv, .jsonl"), unknown.err());
        assertEquals(0, CliRun.of("export", records(), dir.resolve("out.bin"), "--format", "arrow-stream").exitCode());
        CliRun toStdout = CliRun.of("export", records(), "-");
        assertEquals(2, toStdout.exitCode());
        assertTrue(toStdout.err().startsWith("stride export: writing to stdout (-) needs --format: arrow-stream, csv or jsonl"),
                toStdout.err());
        CliRun badFormat = CliRun.of("export", records(), dir.resolve("out.bin"), "--format", "feather");
        assertEquals(2, badFormat.exitCode());
        assertTrue(badFormat.err().contains("'feather' is no format: arrow, arrow-stream, parquet, csv or jsonl"), badFormat.err());
    }

    @Test
    void compressionIsParquetsAndTheArrowFileFormatNeedsAFile() {
        CliRun compressed = CliRun.of("export", records(), dir.resolve("out.arrow"), "--compression", "zstd");
        assertEquals(2, compressed.exitCode());
        assertTrue(compressed.err().startsWith("stride export: --compression is Parquet's; arrow is written uncompressed"), compressed.err());
        CliRun toStdout = CliRun.of("export", records(), "-", "--format", "arrow");
        assertEquals(2, toStdout.exitCode());
        assertTrue(toStdout.err().startsWith("stride export: the arrow file format needs a file it can seek in; write arrow-stream to stdout"),
                toStdout.err());
    }

    @Test
    void aFailedExportLeavesTheEarlierFileAndNoPartOfTheNewOne() throws IOException {
        Path records = records();
        Path out = dir.resolve("out.arrow");
        Files.writeString(out, "an earlier export");
        Files.write(records.resolve("c/1"), new byte[] {1, 2, 3});
        CliRun run = CliRun.of("export", records, out);
        assertEquals(1, run.exitCode());
        assertTrue(run.err().contains("c/1"), run.err());
        assertEquals("an earlier export", Files.readString(out));
        try (Stream<Path> files = Files.list(dir)) {
            assertArrayEquals(new String[] {"out.arrow", "records"}, files.map(p -> p.getFileName().toString()).sorted().toArray(),
                    "no partial file is left beside it");
        }
    }

    @Test
    void anOutputThatIsNotAFileIsRefusedUntouchedAndALinkIsFollowed() throws Exception {
        Path records = records();
        Path fifo = dir.resolve("fifo.csv");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        CliRun refused = CliRun.of("export", records, fifo);
        assertEquals(Failures.USAGE, refused.exitCode());
        assertEquals("stride export: " + fifo + " is not a regular file (a directory, a pipe or a device): give the path of"
                + " a file to write (see 'stride export --help')\n", refused.err());
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "still the pipe");
        Path target = Files.createDirectory(dir.resolve("big")).resolve("out.csv");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), dir.relativize(target));
        CliRun linked = CliRun.of("export", records, link);
        assertEquals(0, linked.exitCode(), linked.err());
        assertTrue(Files.isSymbolicLink(link), "the link is kept");
        assertEquals(CliRun.of("cat", records, "--format", "csv").out(), Files.readString(target), "written where it leads");
    }

    @Test
    void aZipFileReadIsNeverTheOutput() throws IOException {
        Path zip = Files.copy(Corpus.shared().resolve("conformance/zarr-v2/zarr-python-2/data.zipped_from_within.zarr.zip"),
                dir.resolve("data.zarr.zip"));
        byte[] before = Files.readAllBytes(zip);
        String array = zip + "/3d.chunked.i2";
        CliRun export = CliRun.of("export", array, zip, "--format", "csv");
        assertEquals(Failures.USAGE, export.exitCode());
        assertEquals("stride export: " + zip + " lies inside " + array + ", which is being exported; write it elsewhere"
                + " (see 'stride export --help')\n", export.err());
        CliRun index = CliRun.of("index", array, "--statistics", zip);
        assertEquals(Failures.USAGE, index.exitCode());
        assertTrue(index.err().startsWith("stride index: " + zip + " lies inside " + array), index.err());
        assertArrayEquals(before, Files.readAllBytes(zip), "the zip is as it was");
    }

    @Test
    void aFileThatCannotBeWrittenIsNamedWithTheReason() {
        Path out = dir.resolve("missing").resolve("out.csv");
        CliRun run = CliRun.of("export", records(), out);
        assertEquals(Failures.UNREADABLE, run.exitCode());
        assertEquals("stride export: " + out + ": cannot write: no such file or directory\n", run.err());
    }

    @Test
    void anExportRemovesWhatAKilledExportOfTheSameFileLeft() throws IOException {
        Path out = dir.resolve("out.csv");
        String host = ".out.csv.h-" + Files.readString(Path.of("/proc/sys/kernel/hostname")).strip().replaceAll("[^A-Za-z0-9.-]", "_");
        // no process has pid 2^31-1 (Linux stops at 2^22); this test's JVM is alive, so its partial file stays
        Path killed = Files.createFile(dir.resolve(host + ".p-2147483647-1733300000000.k1.partial"));
        long self = ProcessHandle.current().pid();
        long started = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        Path running = Files.createFile(dir.resolve(host + ".p-" + self + "-" + started + ".r2.partial"));
        CliRun run = CliRun.of("export", records(), out);
        assertEquals(0, run.exitCode(), run.err());
        assertFalse(Files.exists(killed), "a killed export's partial file is removed");
        assertTrue(Files.exists(running), "a running export's partial file stays");
        assertTrue(Files.size(out) > 0);
    }

    @Test
    void aSecondTimestampBeyondParquetsMillisecondsIsRefusedNamingTheColumn() throws IOException {
        Path records = records();
        byte[] chunk = Files.readAllBytes(records.resolve("c/0"));
        // record 0's "when" (bytes 8..15) set to the largest int64 that is no NaT
        Arrays.fill(chunk, 8, 15, (byte) 0xff);
        chunk[15] = 0x7f;
        Files.write(records.resolve("c/0"), chunk);
        CliRun run = CliRun.of("export", records, dir.resolve("out.parquet"));
        assertEquals(2, run.exitCode(), "asked for what the format cannot hold");
        assertTrue(run.err().contains("a value of column 'when' is beyond what Parquet's milliseconds hold"), run.err());
        assertFalse(Files.exists(dir.resolve("out.parquet")));
        assertEquals(0, CliRun.of("export", records, dir.resolve("out.arrow")).exitCode(), "Arrow holds seconds as they are");
    }

    @Test
    void anExportedArrowStreamHasTheSameRowsAsTheFile() throws IOException {
        Path records = records();
        Path stream = dir.resolve("out.arrows");
        assertEquals(0, CliRun.of("export", records, stream).exitCode());
        byte[] bytes = Files.readAllBytes(stream);
        // a stream ends with the end-of-stream marker: a continuation token and a zero length
        assertArrayEquals(new byte[] {-1, -1, -1, -1, 0, 0, 0, 0}, Arrays.copyOfRange(bytes, bytes.length - 8, bytes.length));
        try (BufferAllocator allocator = new RootAllocator();
             ArrowStreamReader reader = new ArrowStreamReader(Files.newInputStream(stream), allocator)) {
            assertTrue(reader.loadNextBatch());
            assertEquals(6, reader.getVectorSchemaRoot().getRowCount());
            assertEquals("18446744073709551615", ((UInt8Vector) reader.getVectorSchemaRoot().getVector("id")).getObjectNoOverflow(1).toString());
        }
    }
}
