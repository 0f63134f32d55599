package dev.stride.http;

import dev.stride.Zarr;
import dev.stride.http.testing.Nginx;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.ShardVersions;
import dev.stride.testing.SwappingStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Map;

import static dev.stride.testing.ShardVersions.SHARD_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A shard replaced on the server by a same-size version with its inner chunks in another order, right after its index
 * was read: the inner chunks' GETs carry the index answer's ETag in If-Match, nginx answers 412, and the scan reads
 * the shard again from its index, or fails saying it changed; it never takes records from the other version.
 */
class ReplacedShardOverHttpTest {
    private static Path root;
    private static Nginx nginx;
    private static byte[][] versions;

    @BeforeAll
    static void serve() throws IOException {
        root = Files.createDirectories(Path.of("target", "replaced-shard", Long.toString(ProcessHandle.current().pid())));
        Map<String, byte[]> files = ShardVersions.write(root);
        versions = new byte[][] {files.get(SHARD_KEY), ShardVersions.reordered()};
        nginx = Nginx.serve(root);
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    /**
     * Renames version {@code n % 2} over the shard, dated {@code n} minutes on: nginx's ETag is the modification
     * second and the size, so versions of one size written within a second would look alike.
     */
    private static void replace(int n) {
        try {
            Path shard = root.resolve(SHARD_KEY);
            Path next = shard.resolveSibling(".next");
            Files.write(next, versions[n % 2]);
            Files.setLastModifiedTime(next, FileTime.fromMillis(Files.getLastModifiedTime(shard).toMillis() + 60_000L * n));
            Files.move(next, shard, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SwappingStore swapping(String options, int swaps) {
        replace(0);
        var http = HttpStore.open(StoreDescriptor.parse("http://127.0.0.1:" + nginx.port() + "/" + options));
        return new SwappingStore(http, SHARD_KEY, swaps, ReplacedShardOverHttpTest::replace);
    }

    @Test
    void aShardReplacedAfterItsIndexWasReadIsReadAgainFromItsIndex() {
        for (String options : new String[] {"?inFlight=1", "?inFlight=8"}) {
            SwappingStore store = swapping(options, 1);
            try (Zarr z = Zarr.open(store)) {
                var s = z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(2)).asIntegers();
                assertEquals(ShardVersions.FIRST_SUM, s.sum(), options);
                assertEquals(ShardVersions.INNER, s.count());
                assertEquals(1, store.swapped());
            }
        }
    }

    @Test
    void aShardReplacedAfterEveryIndexReadFailsSayingSo() {
        SwappingStore store = swapping("", 10);
        try (Zarr z = Zarr.open(store)) {
            var e = assertThrows(ZarrException.StoreFailure.class,
                    () -> z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(2)));
            assertEquals("key " + SHARD_KEY + ": changed while being read (3 times in a row)", e.getMessage());
            assertEquals(3, store.swapped());
        }
    }
}
