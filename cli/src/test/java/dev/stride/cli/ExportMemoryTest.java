package dev.stride.cli;

import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Commands in a small heap, in a JVM of their own: Parquet export fits, and running out of memory is one line naming
 * the launcher's setting (the test's command fills the heap: where a real command runs out varies with the class path).
 */
class ExportMemoryTest {
    private static final int CHUNK = 1 << 20;
    private static final int CHUNKS = 6;

    @TempDir
    Path dir;

    /** The command line in a child JVM with {@code heap} as -Xmx; its exit code and stderr. */
    private CliRun child(String heap, Object... args) throws IOException, InterruptedException {
        return childOf(heap, Main.class, args);
    }

    /** The same, with {@code main} as the main class. */
    private CliRun childOf(String heap, Class<?> main, Object... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), "-Xmx" + heap,
                "--enable-native-access=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow", "-cp", System.getProperty("java.class.path"), main.getName()));
        for (Object a : args) {
            command.add(a.toString());
        }
        Path err = dir.resolve("child.err");
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        int code = p.waitFor();
        return new CliRun(code, "", Files.readString(err));
    }

    /** 192 MiB of records: 6 chunks of 2^20 records of four float64 of random bits, which no codec shrinks. */
    private Path big() throws IOException {
        Path array = dir.resolve("big.zarr");
        Fixtures.write(array.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [%d],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                   {"name": "a", "data_type": "float64"}, {"name": "b", "data_type": "float64"},
                   {"name": "c", "data_type": "float64"}, {"name": "d", "data_type": "float64"}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [%d]}},
                 %s, "fill_value": {"a": 0.0, "b": 0.0, "c": 0.0, "d": 0.0},
                 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}""".formatted(CHUNKS * CHUNK, CHUNK, Fixtures.KEYS));
        Random random = new Random(46);
        ByteBuffer chunk = ByteBuffer.allocate(32 * CHUNK).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c < CHUNKS; c++) {
            chunk.clear();
            while (chunk.hasRemaining()) {
                chunk.putLong(random.nextLong());
            }
            Fixtures.write(array.resolve("c/" + c), chunk.array());
        }
        return array;
    }

    @Test
    void parquetExportOfMoreThanTheHeapFitsA64MiBHeap() throws Exception {
        Path out = dir.resolve("o.parquet");
        CliRun run = child("64m", "export", big(), out);
        assertEquals(0, run.exitCode(), run.err());
        assertEquals("", run.err());
        FileMetaData footer = footer(out);
        assertEquals((long) CHUNKS * CHUNK, footer.getNum_rows());
        List<RowGroup> groups = footer.getRow_groups();
        assertTrue(groups.size() >= 12, groups.size() + " row groups");
        for (RowGroup g : groups) {
            assertTrue(g.getTotal_byte_size() <= 20L << 20, g.getTotal_byte_size() + " bytes in a row group");
        }
    }

    /** A Parquet file's footer: its length and PAR1 end the file. */
    private static FileMetaData footer(Path parquet) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(parquet.toFile(), "r")) {
            byte[] tail = new byte[8];
            f.seek(f.length() - 8);
            f.readFully(tail);
            assertEquals("PAR1", new String(tail, 4, 4, java.nio.charset.StandardCharsets.US_ASCII));
            int length = ByteBuffer.wrap(tail, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            byte[] bytes = new byte[length];
            f.seek(f.length() - 8 - length);
            f.readFully(bytes);
            return Util.readFileMetaData(new ByteArrayInputStream(bytes));
        }
    }

    @Test
    void runningOutOfMemoryIsOneLineNamingTheSettingToRaise() throws Exception {
        CliRun run = childOf("16m", Exhausting.class, "exhaust");
        assertEquals(Failures.UNREADABLE, run.exitCode(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().matches("stride exhaust: out of memory: the Java heap \\(\\d+ MiB\\) is too small for this; "
                + "give it more with STRIDE_JAVA_OPTS=-Xmx64m \\(or larger\\)\n"), run.err());
    }

    /** The command line with one more command, which fills the heap until the JVM throws OutOfMemoryError. */
    static final class Exhausting {
        public static void main(String[] args) {
            PrintWriter out = new PrintWriter(System.out, true);
            PrintWriter err = new PrintWriter(System.err, true);
            CommandLine cli = Main.commandLine(out, err);
            cli.addSubcommand("exhaust", new Exhaust());
            System.exit(cli.execute(args));
        }
    }

    @CommandLine.Command(name = "exhaust")
    static final class Exhaust implements Callable<Integer> {
        @Override
        public Integer call() {
            List<long[]> held = new ArrayList<>();
            while (true) {
                held.add(new long[1 << 17]);
            }
        }
    }
}
