package dev.stride.spark;

import dev.stride.testing.Enc;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Executors keep arrays open between queries ({@link OpenArrays}): later queries open nothing on the executors, and
 * still read every change made to the array since, to its chunks or to its metadata.
 */
class ZarrOpenArraysTest {
    @TempDir
    Path dir;

    private static long sumOfIds(String uri) {
        // a task per chunk, so the two task threads share the open array
        return Sessions.spark().read().format("zarr").option("partitionBytes", Points.CHUNK * Points.RECORD_BYTES)
                .load(uri).selectExpr("sum(id)").first().getLong(0);
    }

    /** Replaces a file as writers do, by a rename over it: the new file has a new inode. */
    private static void replace(Path file, byte[] bytes) throws IOException {
        Path temp = file.resolveSibling(".new-" + file.getFileName());
        Files.write(temp, bytes);
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void laterQueriesReuseTheOpenArrayAndSeeEveryChangeMadeToIt() throws IOException {
        Path points = Points.write(dir.resolve("points"));
        String uri = RecordingStoreProvider.uri(points);
        int[] opens = new int[4];
        for (int query = 0; query < opens.length; query++) {
            int before = RecordingStoreProvider.opens(points);
            // the default io=auto keeps a chunk mapped from the second pass over it
            assertEquals(4950, sumOfIds(uri));
            opens[query] = RecordingStoreProvider.opens(points) - before;
        }
        assertTrue(opens[1] < opens[0], "the first query's executors opened the array, later ones did not: " + Arrays.toString(opens));
        assertEquals(opens[1], opens[3], Arrays.toString(opens));

        Enc chunk = Enc.of(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < Points.CHUNK; i++) {
            chunk.i32(1000 + i).f64(0).f32(0).f32(0);
        }
        replace(points.resolve("c/0"), chunk.bytes());
        assertEquals(4950 - 45 + 10045, sumOfIds(uri), "a chunk replaced under the kept mapping");

        replace(points.resolve("zarr.json"), Points.metadata(7).bytes());
        Files.delete(points.resolve("c/9"));
        assertEquals(4950 - 45 + 10045 - 945 + 7 * Points.CHUNK, sumOfIds(uri), "the missing chunk reads as the new fill value");
    }
}
