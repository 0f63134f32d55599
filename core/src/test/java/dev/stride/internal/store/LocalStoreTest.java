package dev.stride.internal.store;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;
import dev.stride.spi.ValueIdentity;
import dev.stride.spi.WritableStore;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.OldFiles;
import dev.stride.testing.Shard;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.assertContains;
import static dev.stride.testing.Refusals.corrupt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The local store: both I/O strategies read the same values, keys never leave the root, symbolic links included. */
class LocalStoreTest {

    /** Three arrays: a big-endian struct array, a gzip one, a sharded one with an empty inner chunk. */
    static Tree tree() {
        Tree t = Tree.group(Doc.group())
                .node("s", Doc.array(struct(field("id", "'int32'"), field("v", "'float64'")), "[5]", "[2]", "{'id': -1, 'v': 0.5}", Doc.BYTES_BE))
                .node("z", Doc.array("'int16'", "[4]", "[4]", "0", Doc.BYTES_LE, "{'name': 'gzip', 'configuration': {'level': 1}}"))
                .put("z/c/0", Enc.gzip(Enc.le().i16(1).i16(-2).i16(3).i16(-4).bytes()));
        for (int c = 0; c < 2; c++) {
            Enc e = Enc.be();
            for (int i = c * 2; i < c * 2 + 2; i++) {
                e.i32(i * 10).f64(i + 0.25);
            }
            t.put("s/c/" + c, e.bytes());
        }
        Shard shard = new Shard(4).put(2, Enc.le().f32(5).f32(6).bytes()).put(0, Enc.le().f32(1).f32(2).bytes()).put(3, Enc.le().f32(7).f32(8).bytes());
        return t.node("h", Doc.array("'float32'", "[8]", "[8]", "-1", shard.codec("[2]", "[" + Doc.BYTES_LE + "]"))).put("h/c/0", shard.bytes());
    }

    static void checkValues(Zarr z) {
        ZarrArray s = z.array("/s");
        assertArrayEquals(new int[] {0, 10, 20, 30, -1}, s.read("id", null).asInts().values());
        assertArrayEquals(new double[] {0.25, 1.25, 2.25, 3.25, 0.5}, s.readDoubles("v"));
        assertEquals(7.5, s.scan("v", null, ScanOptions.threads(2)).sumAsDouble());
        assertArrayEquals(new short[] {1, -2, 3, -4}, z.array("/z").read("", null).asShorts().values());
        assertArrayEquals(new float[] {1, 2, -1, -1, 5, 6, 7, 8}, z.array("/h").read("", null).asFloats().values());
        assertArrayEquals(new float[] {6, 7}, z.array("/h").read("", Region.parse("5:7", new long[] {8})).asFloats().values());
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void everyIoModeReadsTheSameValues(IoMode mode, @TempDir Path dir) {
        tree().writeTo(dir);
        try (Zarr z = Zarr.open(dir, mode)) {
            for (int pass = 0; pass < 3; pass++) {
                checkValues(z);
            }
            assertEquals(mode, ((LocalStore) z.store()).mode());
        }
        try (Zarr memory = tree().open()) {
            checkValues(memory);
        }
    }

    @Test
    void theDefaultModeIsAuto(@TempDir Path dir) {
        tree().writeTo(dir);
        try (Zarr z = Zarr.open(dir)) {
            assertEquals(IoMode.AUTO, ((LocalStore) z.store()).mode());
            checkValues(z);
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void corruptChunksAreNamedInEveryMode(IoMode mode, @TempDir Path dir) throws Exception {
        byte[] bad = Enc.withCrc32c(Enc.le().i32(1).i32(2).bytes());
        bad[1] ^= 1;
        Tree.array(Doc.array("'int32'", "[4]", "[2]", "0", Doc.BYTES_LE, "{'name': 'crc32c'}"))
                .put("c/0", Enc.withCrc32c(Enc.le().i32(1).i32(2).bytes())).put("c/1", bad).writeTo(dir);
        try (Zarr z = Zarr.open(dir, mode)) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new int[] {1, 2}, a.read("", Region.parse(":2", a.shape())).asInts().values());
            corrupt("c/1", "crc32c mismatch", () -> a.read("", null));
        }
        Path other = Tree.array(Doc.array("'int32'", "[4]", "[2]", "0", Doc.BYTES_LE)).put("c/1", new byte[12])
                .writeTo(Files.createDirectories(dir.resolve("other")));
        try (Zarr z = Zarr.open(other, mode)) {
            corrupt("c/1", "chunk holds 12 bytes", () -> z.array("/").read("", null));
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void rangesMissingKeysSizesAndListings(IoMode mode, @TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("a/b"));
        Files.write(dir.resolve("a/b/k"), new byte[] {0, 1, 2, 3, 4, 5, 6, 7});
        Files.write(dir.resolve("a/z"), new byte[0]);
        try (LocalStore s = LocalStore.open(dir, mode); ThreadScratch scratch = new ThreadScratch()) {
            for (int pass = 0; pass < 2; pass++) {
                MemorySegment part = s.read("a/b/k", 2, 3, scratch);
                assertArrayEquals(new byte[] {2, 3, 4}, part.toArray(ValueLayout.JAVA_BYTE));
                assertArrayEquals(new byte[] {6, 7}, s.read("a/b/k", 6, -1, scratch).toArray(ValueLayout.JAVA_BYTE));
                assertEquals(8, s.read("a/b/k", 0, -1, scratch).byteSize());
            }
            assertEquals(0, s.read("a/z", 0, -1, scratch).byteSize());
            assertNull(s.read("a/missing", 0, -1, scratch));
            assertNull(s.read("nope/missing", 0, 4, scratch));
            assertEquals(8, s.size("a/b/k"));
            assertEquals(-1, s.size("a/missing"));
            var directory = assertThrows(ZarrException.StoreFailure.class, () -> s.size("a/b"), "a directory is not a value");
            assertEquals("key a/b: is a directory, not a file", directory.getMessage());
            assertEquals(List.of("a"), s.list(""));
            assertEquals(List.of("b", "z"), s.list("a/"));
            assertEquals(List.of(), s.list("nope/"));
            var e = assertThrows(ZarrException.StoreFailure.class, () -> s.read("a/b/k", 6, 3, scratch));
            assertContains(e.getMessage(), "range [6, 9) is outside the value's 8 bytes");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"..", "../x", "a/../b", "a/..", "/etc/passwd", "", "a//b", "a/./b", "./a", "a/", "a\\..\\b"})
    void keysThatCouldLeaveTheRootAreRefused(String key, @TempDir Path dir) throws Exception {
        Path root = Files.createDirectories(dir.resolve("root"));
        Files.write(dir.resolve("x"), new byte[] {1});
        try (LocalStore local = LocalStore.open(root, IoMode.READ); MemoryStore memory = new MemoryStore(); ThreadScratch scratch = new ThreadScratch()) {
            for (Store s : List.of(local, memory)) {
                assertThrows(ZarrException.StoreFailure.class, () -> s.read(key, 0, -1, scratch), key);
                assertThrows(ZarrException.StoreFailure.class, () -> s.size(key), key);
            }
            assertThrows(ZarrException.StoreFailure.class, () -> memory.put(key, new byte[1]));
            assertThrows(ZarrException.StoreFailure.class, () -> local.list(key + "/"));
        }
        try (LocalStore mapped = LocalStore.open(root, IoMode.MAP); ThreadScratch scratch = new ThreadScratch()) {
            assertThrows(ZarrException.StoreFailure.class, () -> mapped.read(key, 0, -1, scratch), key);
        }
    }

    @ParameterizedTest
    @EnumSource(IoMode.class)
    void symbolicLinksOutOfTheRootAreRefused(IoMode mode, @TempDir Path dir) throws Exception {
        Path outside = Tree.array(Doc.array("'uint8'", "[2]", "[2]", "0", "'bytes'")).put("c/0", new byte[] {1, 2})
                .writeTo(Files.createDirectories(dir.resolve("outside")));
        Path root = Tree.group(Doc.group()).node("inside", Doc.array("'uint8'", "[2]", "[2]", "0", "'bytes'"))
                .writeTo(Files.createDirectories(dir.resolve("root")));
        Files.createSymbolicLink(root.resolve("evil"), outside);
        Files.createDirectories(root.resolve("inside/c"));
        Files.createSymbolicLink(root.resolve("inside/c/0"), outside.resolve("c/0"));
        try (Zarr z = Zarr.open(root, mode)) {
            assertEquals(List.of("inside"), z.children("/"), "a link out of the store is no child");
            var e = assertThrows(ZarrException.StoreFailure.class, () -> z.array("/evil"));
            assertContains(e.getMessage(), "leads outside the store through a symbolic link");
            assertContains(e.getMessage(), "evil/zarr.json");
            ZarrArray inside = z.array("/inside");
            var chunk = assertThrows(ZarrException.StoreFailure.class, () -> inside.read("", null));
            assertContains(chunk.getMessage(), "inside/c/0");
            assertContains(chunk.getMessage(), "leads outside the store");
            try (ThreadScratch scratch = new ThreadScratch()) {
                assertThrows(ZarrException.StoreFailure.class, () -> z.store().read("evil/c/0", 0, -1, scratch));
            }
        }
    }

    @Test
    void symbolicLinksInsideTheRootAndARootThatIsALinkAreFine(@TempDir Path dir) throws Exception {
        Path real = tree().writeTo(Files.createDirectories(dir.resolve("real")));
        Files.createSymbolicLink(real.resolve("alias"), real.resolve("s"));
        Path link = Files.createSymbolicLink(dir.resolve("link"), real);
        try (Zarr z = Zarr.open(link, IoMode.MAP)) {
            checkValues(z);
            assertArrayEquals(new int[] {0, 10, 20, 30, -1}, z.array("/alias").read("id", null).asInts().values());
        }
    }

    @Test
    void aLinkedValueIsKnownByTheFileItLeadsTo(@TempDir Path dir) throws Exception {
        Path target = Files.write(dir.resolve("target"), new byte[] {1, 2, 3});
        Files.createSymbolicLink(dir.resolve("linked"), target.getFileName());
        OldFiles.backdate(dir, 5);
        try (LocalStore store = LocalStore.open(dir, IoMode.AUTO)) {
            ValueIdentity before = store.identity("linked");
            assertNotNull(before.versionTag(), "settled");
            assertEquals(store.identity("target"), before, "the link's own size, times and inode say nothing of its value");
            FileTime modified = Files.getLastModifiedTime(target);
            Files.write(target, new byte[] {4, 5, 6});
            Files.setLastModifiedTime(target, modified);
            OldFiles.settle();
            assertNotEquals(before, store.identity("linked"), "the file it leads to was rewritten in place");
        }
    }

    @Test
    void openingSomethingThatIsNotADirectoryFails(@TempDir Path dir) throws Exception {
        var e = assertThrows(ZarrException.StoreFailure.class, () -> Zarr.open(dir.resolve("missing")));
        assertContains(e.getMessage(), "no such directory");
        Files.write(dir.resolve("file"), new byte[1]);
        e = assertThrows(ZarrException.StoreFailure.class, () -> LocalStore.open(dir.resolve("file"), IoMode.AUTO));
        assertEquals("key " + dir.resolve("file") + ": not a directory", e.getMessage());
    }

    @Test
    void aStoreOpenedForReadingCannotBeWrittenAndOneOpenedForWritingCan(@TempDir Path dir) {
        try (LocalStore reading = LocalStore.open(dir, IoMode.READ); LocalStore writing = LocalStore.openWritable(dir, IoMode.READ)) {
            assertFalse(reading instanceof WritableStore);
            assertTrue(writing instanceof WritableStore);
        }
    }

    @Test
    void writtenFilesMayBeReadByOthersAsTheUmaskAllows(@TempDir Path dir) throws Exception {
        Path plain = Files.createFile(dir.resolve("plain"));
        try (WritableLocalStore s = LocalStore.openWritable(dir, IoMode.READ)) {
            s.write("a/c/0", MemorySegment.ofArray(new byte[] {1, 2}));
        }
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(dir.resolve("a/c/0")));
    }
}
