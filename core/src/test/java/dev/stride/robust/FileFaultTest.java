package dev.stride.robust;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.store.LocalStore;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static dev.stride.robust.ChunkFixture.records;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Files that change under a reader or lead elsewhere: a chunk truncated while it is mapped (the JVM turns the SIGBUS
 * into an InternalError, which must surface as our exception while the process goes on), a chunk replaced while
 * mapped, symbolic links leading out of the store, keys with {@code ..}, and files too large to be chunks or metadata.
 * Arrays are 800 x 6 random records in two chunks of 400 x 6 ({@code a/c/0/0} and {@code a/c/1/0}, 36 000 bytes
 * before compression): a truncation removes whole pages of a mapping, which is what faults.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class FileFaultTest {
    private static final int ROWS = 800;
    private static final byte[] OLD = records(ROWS * 6, 3);
    private static final byte[] NEW = records(ROWS * 6, 5);

    @TempDir
    Path dir;

    /** The chains whose chunks are truncated under a reader; the codecs module adds zstd and blosc, read by native code. */
    protected List<Chain> chains() {
        return Chain.core("bytes", "crc32c", "gzip", "transpose gzip crc32c", "shard index at end", "nested shards");
    }

    Stream<Arguments> chainsAndModes() {
        return chains().stream().flatMap(c -> Stream.of(IoMode.values()).map(m -> Arguments.of(c, m)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("chainsAndModes")
    void aChunkTruncatedWhileMappedIsRefusedAndTheProcessGoesOn(Chain chain, IoMode mode) throws IOException {
        Path store = write(chain, OLD);
        try (Zarr zarr = Zarr.open(store, mode)) {
            ZarrArray a = zarr.array("/a");
            for (int pass = 0; pass < 3; pass++) {
                // AUTO keeps a chunk mapped once a pass read all of it, so the third pass reads through kept mappings
                assertArrayEquals(OLD, records(a, null));
            }
            Path chunk = store.resolve("a/c/1/0");
            try (FileChannel ch = FileChannel.open(chunk, StandardOpenOption.WRITE)) {
                ch.truncate(ch.size() / 2);
            }
            var e = assertThrows(ZarrException.CorruptChunk.class, () -> records(a, null));
            assertEquals("a/c/1/0", e.chunkKey(), e.getMessage());
            assertEquals("/a", e.node());
            assertArrayEquals(Arrays.copyOf(OLD, OLD.length / 2), records(a, firstChunk()), "the other chunk still reads");
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void anOpenArrayReadsChunksReplacedSinceAsTheyAreNow(IoMode mode) throws IOException {
        Path store = write(Chain.core("bytes").getFirst(), OLD);
        try (Zarr zarr = Zarr.open(store, mode)) {
            ZarrArray a = zarr.array("/a");
            for (int pass = 0; pass < 3; pass++) {
                // AUTO keeps a chunk mapped once a pass read all of it: the third pass reads through kept mappings
                assertArrayEquals(OLD, records(a, null));
            }
            write(Chain.core("bytes").getFirst(), NEW);
            assertArrayEquals(NEW, records(a, null), mode + ": the chunks written by renames since the open");
            Files.delete(store.resolve("a/c/1/0"));
            byte[] firstNewThenFill = Arrays.copyOf(Arrays.copyOf(NEW, NEW.length / 2), NEW.length);
            assertArrayEquals(firstNewThenFill, records(a, null), mode + ": a deleted chunk reads as the fill value (0)");
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void symlinksLeadingOutOfTheStoreAreRefused(IoMode mode) throws IOException {
        Path store = write(Chain.core("bytes").getFirst(), OLD);
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.copy(store.resolve("a/c/1/0"), outside.resolve("chunk"));
        Files.delete(store.resolve("a/c/1/0"));
        Files.createSymbolicLink(store.resolve("a/c/1/0"), outside.resolve("chunk"));
        Files.copy(store.resolve("a/zarr.json"), outside.resolve("zarr.json"));
        Files.createDirectories(store.resolve("b"));
        Files.createSymbolicLink(store.resolve("b/zarr.json"), outside.resolve("zarr.json"));
        Files.createSymbolicLink(store.resolve("c"), outside);
        try (Zarr zarr = Zarr.open(store, mode)) {
            ZarrArray a = zarr.array("/a");
            var e = assertThrows(ZarrException.StoreFailure.class, () -> records(a, null));
            assertEquals("a/c/1/0", e.chunkKey());
            assertTrue(e.getMessage().contains("leads outside the store"), e.getMessage());
            assertArrayEquals(Arrays.copyOf(OLD, OLD.length / 2), records(a, firstChunk()));
            assertThrows(ZarrException.StoreFailure.class, () -> zarr.array("/b"));
            assertThrows(ZarrException.StoreFailure.class, () -> zarr.array("/c"));
            assertEquals(List.of("a"), zarr.children("/"));
        }
    }

    @Test
    void symlinksInsideTheStoreAreFollowed() throws IOException {
        Path store = write(Chain.core("bytes").getFirst(), OLD);
        Files.createSymbolicLink(store.resolve("b"), store.resolve("a"));
        try (Zarr zarr = Zarr.open(store, IoMode.READ)) {
            assertArrayEquals(OLD, records(zarr.array("/b"), null));
        }
    }

    @Test
    void keysWithDotDotAreRefused() throws IOException {
        Path store = write(Chain.core("bytes").getFirst(), OLD);
        Files.writeString(dir.resolve("secret"), "{}");
        List<String> keys = List.of("..", "../secret", "a/../../secret", "a/./zarr.json", "a//zarr.json", "/etc/passwd", "a\\..\\..\\secret");
        for (ListableStore s : List.of(LocalStore.open(store, IoMode.READ), LocalStore.open(store, IoMode.MAP), new MemoryStore())) {
            try (s; ThreadScratch scratch = new ThreadScratch()) {
                for (String key : keys) {
                    assertThrows(ZarrException.StoreFailure.class, () -> s.read(key, 0, -1, scratch), key);
                    assertThrows(ZarrException.StoreFailure.class, () -> s.size(key), key);
                    assertThrows(ZarrException.StoreFailure.class, () -> s.readBytes(key), key);
                }
                assertThrows(ZarrException.StoreFailure.class, () -> s.list("../"));
            }
        }
        try (Zarr zarr = Zarr.open(store)) {
            for (String path : List.of("/..", "/../secret", "a/../..", "/a/./c")) {
                assertThrows(ZarrException.BadRequest.class, () -> zarr.array(path), path);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void filesTooLargeForChunksOrMetadataAreRefusedUnread(IoMode mode) throws IOException {
        Path store = write(Chain.core("gzip").getFirst(), OLD);
        write(Chain.core("bytes").getFirst(), OLD, "/b");
        for (String file : List.of("a/c/1/0", "b/c/1/0", "b/zarr.json")) {
            try (RandomAccessFile f = new RandomAccessFile(store.resolve(file).toFile(), "rw")) {
                f.setLength(3L << 30);
            }
        }
        try (Zarr zarr = Zarr.open(store, mode)) {
            ZarrArray a = zarr.array("/a");
            var e = assertThrows(ZarrException.class, () -> records(a, null));
            assertEquals("a/c/1/0", e.chunkKey(), e.getMessage());
            var m = assertThrows(ZarrException.StoreFailure.class, () -> zarr.array("/b"));
            assertTrue(m.getMessage().contains("b/zarr.json"), m.getMessage());
        }
    }

    private static Region firstChunk() {
        return new Region(new long[] {0, 0}, new long[] {ROWS / 2, 6});
    }

    private Path write(Chain chain, byte[] records) {
        return write(chain, records, "/a");
    }

    private Path write(Chain chain, byte[] records, String path) {
        Path store = dir.resolve("store");
        ChunkFixture.write(store, path, chain, records, ROWS / 2);
        return store;
    }
}
