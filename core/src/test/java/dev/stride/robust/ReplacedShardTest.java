package dev.stride.robust;

import dev.stride.Zarr;
import dev.stride.internal.store.LocalStore;
import dev.stride.model.FieldStats;
import dev.stride.model.IoMode;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.testing.ShardVersions;
import dev.stride.testing.SwappingStore;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Map;

import static dev.stride.testing.ShardVersions.SHARD_KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A shard renamed over by a same-size version with its inner chunks in another order, between the read of its index
 * and the reads of its inner chunks: the scan reads one version (from the index again), or fails saying the shard
 * changed; it never takes records from the other version.
 */
class ReplacedShardTest {
    @TempDir
    Path dir;

    private static void replace(Path file, byte[] bytes) {
        try {
            Path next = file.resolveSibling(".next");
            Files.write(next, bytes);
            Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void aShardReplacedAfterItsIndexWasReadIsReadFromOneVersion(IoMode mode) {
        Map<String, byte[]> files = ShardVersions.write(dir);
        byte[] other = ShardVersions.reordered();
        assertEquals(files.get(SHARD_KEY).length, other.length);
        assertFalse(Arrays.equals(files.get(SHARD_KEY), other));
        SwappingStore store = new SwappingStore(LocalStore.open(dir, mode), SHARD_KEY, 1, n -> replace(dir.resolve(SHARD_KEY), other));
        try (Zarr z = Zarr.open(store)) {
            FieldStats.Integers s = z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(1)).asIntegers();
            assertEquals(ShardVersions.FIRST_SUM, s.sum());
            assertEquals(ShardVersions.INNER, s.count());
            assertEquals(1, store.swapped());
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void aShardReplacedAfterEveryIndexReadFailsSayingSoUnlessOneMappingHoldsIt(IoMode mode) {
        Map<String, byte[]> files = ShardVersions.write(dir);
        byte[][] versions = {files.get(SHARD_KEY), ShardVersions.reordered()};
        SwappingStore store = new SwappingStore(LocalStore.open(dir, mode), SHARD_KEY, 10,
                n -> replace(dir.resolve(SHARD_KEY), versions[n % 2]));
        try (Zarr z = Zarr.open(store)) {
            if (mode == IoMode.MAP) {
                // the whole shard is mapped with its index: its inner chunks come from that one file
                assertEquals(ShardVersions.FIRST_SUM, z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(1))
                        .asIntegers().sum());
                return;
            }
            var e = assertThrows(ZarrException.StoreFailure.class,
                    () -> z.array(ShardVersions.ARRAY).scan("", ShardVersions.FIRST, ScanOptions.threads(1)));
            assertEquals("key " + SHARD_KEY + ": changed while being read (3 times in a row)", e.getMessage());
            assertEquals(3, store.swapped());
        }
    }
}
