package dev.stride.robust;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.IoMode;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.spi.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static dev.stride.robust.ChunkFixture.records;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads never invent data: a chunk, shard or {@code zarr.json} that is there but cannot be read (a FIFO, a directory, a
 * key below a plain file) is an error naming its key, for sharded and unsharded arrays alike and in every I/O mode;
 * only a key with nothing at its path is missing. A FIFO must be refused without the {@code open} that would block.
 * Arrays are 800 x 6 records in two chunks (or shards) {@code a/c/0/0} and {@code a/c/1/0}.
 */
class UnreadableKeyTest {
    private static final int ROWS = 800;
    private static final byte[] RECORDS = records(ROWS * 6, 7);
    /** Catches a command that blocks; it only passes when one does, so it can be generous for a busy machine. */
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    static Stream<Arguments> layoutsAndModes() {
        return Chain.core("bytes", "shard index at end").stream()
                .flatMap(c -> Stream.of(IoMode.values()).map(m -> Arguments.of(c, m)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("layoutsAndModes")
    void aChunkOrShardThatIsAFifoIsRefusedWithoutBlocking(Chain chain, IoMode mode) throws Exception {
        Path store = write(chain);
        Files.delete(store.resolve("a/c/1/0"));
        mkfifo(store.resolve("a/c/1/0"));
        assertRefused(store, mode, "a/c/1/0", "is a FIFO, not a regular file");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("layoutsAndModes")
    void aChunkOrShardThatIsADirectoryIsRefused(Chain chain, IoMode mode) throws Exception {
        Path store = write(chain);
        Files.delete(store.resolve("a/c/1/0"));
        Files.createDirectories(store.resolve("a/c/1/0/x"));
        assertRefused(store, mode, "a/c/1/0", "is a directory, not a file");
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("layoutsAndModes")
    void aChunkBelowAPlainFileIsRefused(Chain chain, IoMode mode) throws Exception {
        Path store = write(chain);
        try (Stream<Path> files = Files.walk(store.resolve("a/c"))) {
            files.sorted((x, y) -> y.compareTo(x)).forEach(p -> p.toFile().delete());
        }
        Files.write(store.resolve("a/c"), new byte[] {1});
        try (Zarr zarr = Zarr.open(store, mode)) {
            ZarrArray a = zarr.array("/a");
            var e = assertThrows(ZarrException.StoreFailure.class, () -> records(a, null));
            assertTrue(e.chunkKey().equals("a/c/0/0") || e.chunkKey().equals("a/c/1/0"), e.getMessage());
            assertEquals(Store.PARENT_NOT_A_DIRECTORY, e.reason());
        }
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("layoutsAndModes")
    void aMissingChunkOrShardIsStillTheFillValue(Chain chain, IoMode mode) throws Exception {
        Path store = write(chain);
        Files.delete(store.resolve("a/c/1/0"));
        try (Zarr zarr = Zarr.open(store, mode)) {
            byte[] got = records(zarr.array("/a"), null);
            byte[] fill = new byte[RECORDS.length / 2];
            assertEquals(java.nio.ByteBuffer.wrap(RECORDS, 0, fill.length), java.nio.ByteBuffer.wrap(got, 0, fill.length));
            assertEquals(java.nio.ByteBuffer.wrap(fill), java.nio.ByteBuffer.wrap(got, fill.length, fill.length));
        }
    }

    @Test
    void aZarrJsonThatIsAFifoIsRefusedWithoutBlocking() throws Exception {
        Path store = write(Chain.core("bytes").getFirst());
        ChunkFixture.write(store, "/b", Chain.core("bytes").getFirst(), RECORDS, ROWS / 2);
        Files.delete(store.resolve("b/zarr.json"));
        mkfifo(store.resolve("b/zarr.json"));
        for (IoMode mode : IoMode.values()) {
            try (Zarr zarr = Zarr.open(store, mode)) {
                var open = assertBounded(ZarrException.StoreFailure.class, () -> zarr.array("/b"));
                assertEquals("key b/zarr.json: is a FIFO, not a regular file", open.getMessage());
                var list = assertBounded(ZarrException.StoreFailure.class, () -> zarr.children("/"));
                assertEquals("key b/zarr.json: is a FIFO, not a regular file", list.getMessage());
            }
        }
    }

    @Test
    void childrenSkipPlainFilesAndFoldersWithoutMetadataButNotFoldersThatFail() throws IOException {
        Path store = write(Chain.core("bytes").getFirst());
        Files.write(store.resolve("notes.txt"), new byte[] {1});
        Files.createDirectories(store.resolve("plain/sub"));
        try (Zarr zarr = Zarr.open(store, IoMode.AUTO)) {
            assertEquals(List.of("a"), zarr.children("/"));
            Files.createDirectories(store.resolve("plain/zarr.json"));
            var e = assertThrows(ZarrException.StoreFailure.class, () -> zarr.children("/"));
            assertEquals("key plain/zarr.json: is a directory, not a file", e.getMessage());
        }
    }

    @Test
    void listingsBelowAFileOrOfAFifoFailButAValueHasNoNamesBelowIt() throws Exception {
        Path store = write(Chain.core("bytes").getFirst());
        mkfifo(store.resolve("a/fifo"));
        try (Zarr zarr = Zarr.open(store, IoMode.READ)) {
            ListableStore s = (ListableStore) zarr.store();
            assertEquals(List.of(), s.list("a/zarr.json/"));
            assertEquals(List.of(), s.list("a/nothing/"));
            var below = assertBounded(ZarrException.StoreFailure.class, () -> s.list("a/zarr.json/x/"));
            assertEquals("key a/zarr.json/x/: " + Store.PARENT_NOT_A_DIRECTORY, below.getMessage());
            var fifo = assertBounded(ZarrException.StoreFailure.class, () -> s.list("a/fifo/"));
            assertEquals("key a/fifo/: is a FIFO, not a directory", fifo.getMessage());
        }
    }

    @Test
    void aMemoryStoreKeepsTheSameContract() {
        try (MemoryStore s = new MemoryStore(); ThreadScratch scratch = new ThreadScratch()) {
            s.put("a/c", new byte[] {1}).put("b/c/0", new byte[] {2});
            var below = assertThrows(ZarrException.StoreFailure.class, () -> s.read("a/c/0", 0, -1, scratch));
            assertEquals("key a/c/0: " + Store.PARENT_NOT_A_DIRECTORY, below.getMessage());
            var folder = assertThrows(ZarrException.StoreFailure.class, () -> s.size("b/c"));
            assertEquals("key b/c: is a directory, not a file", folder.getMessage());
            assertThrows(ZarrException.StoreFailure.class, () -> s.readBytes("b/c"));
            assertNull(s.read("b/c/1", 0, -1, scratch));
            assertNull(s.read("x/y", 0, -1, scratch));
            assertEquals(-1, s.size("b/c0"));
        }
    }

    /** Every read of the array fails naming the key, in bounded time; the other chunk still reads. */
    private static void assertRefused(Path store, IoMode mode, String key, String reason) {
        try (Zarr zarr = Zarr.open(store, mode)) {
            ZarrArray a = zarr.array("/a");
            for (int pass = 0; pass < 2; pass++) {
                var e = assertBounded(ZarrException.StoreFailure.class, () -> records(a, null));
                assertEquals(key, e.chunkKey(), e.getMessage());
                assertEquals(reason, e.reason());
            }
            try (ThreadScratch scratch = new ThreadScratch()) {
                var size = assertBounded(ZarrException.StoreFailure.class, () -> zarr.store().size(key));
                assertEquals(reason, size.reason());
                assertBounded(ZarrException.StoreFailure.class, () -> zarr.store().read(key, 0, 1, scratch));
            }
        }
    }

    private static <T extends Throwable> T assertBounded(Class<T> type, Executable call) {
        return assertTimeoutPreemptively(BOUND, () -> assertThrows(type, call), "a read that blocks on a FIFO");
    }

    private Path write(Chain chain) {
        Path store = dir.resolve("store");
        ChunkFixture.write(store, "/a", chain, RECORDS, ROWS / 2);
        return store;
    }

    static void mkfifo(Path path) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo " + path);
    }
}
