package dev.stride.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12, item 6: small files that made {@code stride scan} allocate what their headers claim. Each runs
 * {@code scan --threads 4} in a child JVM and bounds its peak resident memory (a JVM alone takes 50-100 MB here).
 */
class DecodeBombTest {
    private static final long PEAK_LIMIT_KB = 400 * 1024;
    private static final int ZSTD_BLOCK = 128 << 10;

    @TempDir
    Path dir;

    /** What the child printed: the exit code, the error line, the peak resident memory in kB. */
    private record Run(int exitCode, String err, long peakKb) {
    }

    /** float64 [65536] in chunks of 8192 (64 KiB) through {@code codecs} after a little-endian bytes codec. */
    private Path array(String codecs) throws IOException {
        String json = "{\"zarr_format\":3,\"node_type\":\"array\",\"shape\":[65536],\"data_type\":\"float64\","
                + "\"chunk_grid\":{\"name\":\"regular\",\"configuration\":{\"chunk_shape\":[8192]}},"
                + "\"chunk_key_encoding\":{\"name\":\"default\"},\"fill_value\":0.0,"
                + "\"codecs\":[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"little\"}}," + codecs + "]}";
        Files.writeString(dir.resolve("zarr.json"), json, StandardCharsets.UTF_8);
        Files.createDirectories(dir.resolve("c"));
        return dir;
    }

    private static Run scanInChildJvm(Path array) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isReadable(Path.of("/proc/self/status")),
                () -> { System.out.println("DecodeBombTest skipped: no /proc/self/status to read peak memory from"); return "no /proc"; });
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process p = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                PeakRss.class.getName(), "scan", array.toString(), "--threads", "4").redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not end");
        assertEquals(3, lines.size(), () -> String.join("\n", lines));
        Run run = new Run(Integer.parseInt(lines.get(0)), lines.get(1), Long.parseLong(lines.get(2)));
        System.out.println("DecodeBombTest: peak resident memory of stride scan --threads 4: " + run.peakKb() / 1024 + " MB");
        return run;
    }

    /** One zstd frame of {@code size} zero bytes, in RLE blocks of 128 KiB: 4 bytes of frame per block. */
    private static byte[] zstdFrameOfZeros(long size) {
        int blocks = (int) ((size + ZSTD_BLOCK - 1) / ZSTD_BLOCK);
        ByteBuffer frame = ByteBuffer.allocate(4 + 1 + 8 + 4 * blocks).order(ByteOrder.LITTLE_ENDIAN);
        // magic; descriptor: 8-byte content size, single segment (the window is the frame), no checksum
        frame.putInt(0xFD2FB528).put((byte) 0xe0).putLong(size);
        for (int i = 0; i < blocks; i++) {
            long n = Math.min(ZSTD_BLOCK, size - (long) i * ZSTD_BLOCK);
            int header = (i == blocks - 1 ? 1 : 0) | 1 << 1 | (int) n << 3;  // last block?, RLE, its size
            frame.put((byte) header).put((byte) (header >> 8)).put((byte) (header >> 16)).put((byte) 0);
        }
        return frame.array();
    }

    @Test
    void aZstdChunkWhoseOuterFrameDeclaresTwoGiBIsRefusedInBoundedMemory() throws Exception {
        String zstd = "{\"name\":\"zstd\",\"configuration\":{\"level\":3,\"checksum\":false}}";
        Path a = array(zstd + "," + zstd);
        byte[] bomb = zstdFrameOfZeros(Integer.MAX_VALUE - 99);
        assertEquals(65549, bomb.length, "a 64 KiB file");
        for (int c = 0; c < 8; c++) {
            Files.write(a.resolve("c/" + c), bomb);
        }
        Run run = scanInChildJvm(a);
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.err().matches("stride scan: .* chunk c/\\d: zstd: frame header says 2147483548 decoded bytes, more than the 65824 bytes "
                + "the next codec can take"), run.err());
        assertTrue(run.peakKb() < PEAK_LIMIT_KB, "peak resident memory " + run.peakKb() + " kB");
    }

    @Test
    void aOneGiBSparseFileAsAGzipChunkIsRefusedFromItsSizeInBoundedMemory() throws Exception {
        Path a = array("{\"name\":\"gzip\",\"configuration\":{\"level\":1}}");
        try (RandomAccessFile sparse = new RandomAccessFile(a.resolve("c/0").toFile(), "rw")) {
            sparse.setLength(1L << 30);
        }
        Run run = scanInChildJvm(a);
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.err().endsWith(" chunk c/0: chunk holds 1073741824 bytes, but [8192] float64 encodes to at most 143769 through [gzip]"),
                run.err());
        assertTrue(run.peakKb() < PEAK_LIMIT_KB, "peak resident memory " + run.peakKb() + " kB");
    }
}
