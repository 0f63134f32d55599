package dev.stride.s3;

import dev.stride.Zarr;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.s3.testing.S3TestServer;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import dev.stride.testing.ShardVersions;
import dev.stride.testing.SwappingStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Map;

import static dev.stride.testing.ShardVersions.SHARD_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A shard overwritten in the bucket by a same-size version with its inner chunks in another order, right after its
 * index was read: s3proxy answers the inner chunks' GETs, which carry the index answer's ETag in If-Match, with 412,
 * and the scan reads the shard again from its index, or fails saying it changed; never records of the other version.
 */
class ReplacedShardOverS3Test {
    private static final S3TestServer SERVER = S3TestServer.get();

    @TempDir
    Path dir;

    /** A store of a new bucket holding the hierarchy, that overwrites the shard with version {@code n % 2} after its index is read. */
    private SwappingStore swapping(String options, int swaps) {
        Map<String, byte[]> files = ShardVersions.write(dir);
        byte[][] versions = {files.get(SHARD_KEY), ShardVersions.reordered()};
        WritableStore s3 = new S3StoreProvider().openWritable(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("replaced"), "data.zarr", options)));
        files.forEach((key, bytes) -> s3.write(key, MemorySegment.ofArray(bytes)));
        return new SwappingStore(s3, SHARD_KEY, swaps, n -> s3.write(SHARD_KEY, MemorySegment.ofArray(versions[n % 2])));
    }

    @Test
    void aShardReplacedAfterItsIndexWasReadIsReadAgainFromItsIndex() {
        for (String options : new String[] {"inFlight=1", "inFlight=8"}) {
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
