package dev.stride.internal.zip;

import dev.stride.conformance.Corpus;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.internal.store.LocalStore;
import dev.stride.internal.store.MemoryStore;
import dev.stride.model.IoMode;
import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;
import dev.stride.testing.Zips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Zips written by zarr-python's ZipStore (the corpus) and by the JDK's ZipOutputStream, read through a ZipStore. */
class ZipStoreTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = IoMode.class)
    void theCorpusZipsHoldTheFolderByteForByte(IoMode mode) throws IOException {
        Path v2 = Corpus.shared().resolve("conformance/zarr-v2/zarr-python-2");
        Path folder = v2.resolve("data.zarr");
        List<String> keys = filesBelow(folder);
        for (String[] zip : new String[][] {{"data.zipped_from_parent.zarr.zip", "data.zarr/"}, {"data.zipped_from_within.zarr.zip", ""}}) {
            try (ZipStore store = ZipStore.open(LocalStore.open(v2, mode), zip[0], zip[1], null)) {
                for (String key : keys) {
                    assertArrayEquals(Files.readAllBytes(folder.resolve(key)), readAll(store, key), zip[0] + " " + key);
                }
                assertEquals(listing(folder), store.list(""), zip[0]);
                assertEquals(listing(folder.resolve("my group with spaces")), store.list("my group with spaces/"));
            }
        }
    }

    @Test
    void storedAndDeflatedEntriesReadWholeAndInRanges() throws IOException {
        byte[] stored = bytes(100_000, 7);
        byte[] deflated = bytes(300_000, 3);
        writeZip("a.zip", List.of(new Entry("g/zarr.json", "{}".getBytes(StandardCharsets.UTF_8), true),
                new Entry("g/c/0", stored, false), new Entry("g/c/1", deflated, true)));
        try (ZipStore store = open("a.zip", "")) {
            assertArrayEquals(stored, readAll(store, "g/c/0"));
            assertArrayEquals(deflated, readAll(store, "g/c/1"));
            assertArrayEquals(Arrays.copyOfRange(stored, 4_000, 4_100), read(store, "g/c/0", 4_000, 100));
            assertArrayEquals(Arrays.copyOfRange(deflated, 299_990, 300_000), read(store, "g/c/1", 299_990, -1));
            assertEquals(300_000, store.size("g/c/1"));
            assertEquals(-1, store.size("g/c/2"));
            assertNull(readOrNull(store, "nothing/here"));
            assertEquals(List.of("g"), store.list(""));
            assertEquals(List.of("c", "zarr.json"), store.list("g/"));
            assertEquals(List.of(), store.list("g/zarr.json/"));
            ZarrException.StoreFailure past = assertThrows(ZarrException.StoreFailure.class, () -> read(store, "g/c/0", 99_990, 20));
            assertEquals("key g/c/0: range [99990, 100010) is outside the value's 100000 bytes (in the zip a.zip)", past.getMessage());
        }
    }

    @Test
    void openingCostsOneSuffixReadAndAnEntryOneReadWithItsHeader() throws IOException {
        byte[] chunk = bytes(5_000, 11);
        Counting outer = new Counting(new MemoryStore().put("c.zip", zipBytes(List.of(new Entry("a/zarr.json", new byte[] {1}, true),
                new Entry("a/c/0", chunk, false)))));
        try (ZipStore store = ZipStore.open(outer, "c.zip", "a/", null)) {
            assertEquals(1, outer.reads.get(), "reads to open the zip");
            assertArrayEquals(chunk, readAll(store, "c/0"));
            assertArrayEquals(new byte[] {1}, readAll(store, "zarr.json"));
            assertEquals(3, outer.reads.get(), "reads after two entries");
            assertArrayEquals(Arrays.copyOfRange(chunk, 10, 20), read(store, "c/0", 10, 10));
            assertEquals(4, outer.reads.get(), "reads after a range of a known entry");
        }
    }

    /** Counts the reads a store is asked for (whole, ranged, prefix or suffix). */
    private static final class Counting implements Store {
        final AtomicInteger reads = new AtomicInteger();
        final Store store;

        Counting(Store store) {
            this.store = store;
        }

        @Override
        public MemorySegment read(String key, long offset, long length, Scratch scratch) {
            reads.incrementAndGet();
            return store.read(key, offset, length, scratch);
        }

        @Override
        public ValuePart readSuffix(String key, long length, Scratch scratch) {
            reads.incrementAndGet();
            long size = store.size(key);
            return size < 0 ? null : new ValuePart(store.read(key, Math.max(0, size - length), Math.min(length, size), scratch), size);
        }

        @Override
        public long size(String key) {
            return store.size(key);
        }

        @Override
        public void close() {
            store.close();
        }
    }

    @Test
    void aPathInsideTheZipIsTheStoresRoot() throws IOException {
        writeZip("b.zip", List.of(new Entry("top/data.zarr/zarr.json", new byte[] {1}, true), new Entry("top/other", new byte[] {2}, false)));
        try (ZipStore store = open("b.zip", "top/data.zarr/")) {
            assertArrayEquals(new byte[] {1}, readAll(store, "zarr.json"));
            assertEquals(List.of("zarr.json"), store.list(""));
            assertEquals(-1, store.size("other"));
        }
    }

    @Test
    void keysThatAreDirectoriesOrLieBelowAFileFailAsOnDisk() throws IOException {
        writeZip("d.zip", List.of(new Entry("g/c/0", new byte[] {1}, false)));
        try (ZipStore store = open("d.zip", "")) {
            assertEquals("key g/c: is a directory, not a file",
                    assertThrows(ZarrException.StoreFailure.class, () -> store.size("g/c")).getMessage());
            assertEquals("key g/c/0/x: " + Store.PARENT_NOT_A_DIRECTORY,
                    assertThrows(ZarrException.StoreFailure.class, () -> store.size("g/c/0/x")).getMessage());
        }
    }

    @Test
    void moreEntriesThanSixteenBitsCountAreReadThroughZip64() throws IOException {
        List<Entry> many = new ArrayList<>();
        for (int i = 0; i < 70_000; i++) {
            many.add(new Entry("c/" + i, new byte[] {(byte) i}, false));
        }
        writeZip("many.zip", many);
        try (ZipStore store = open("many.zip", "")) {
            assertEquals(70_000, store.list("c/").size());
            assertArrayEquals(new byte[] {(byte) 69_999}, readAll(store, "c/69999"));
        }
    }

    @Test
    void aFileThatIsNoZipIsRefusedNamingIt() throws IOException {
        Files.write(dir.resolve("not.zip"), bytes(1_000, 1));
        assertEquals("key not.zip: is not a zip file (no end of central directory record)",
                assertThrows(ZarrException.StoreFailure.class, () -> open("not.zip", "")).getMessage());
        assertEquals("key gone.zip: no such zip file", assertThrows(ZarrException.StoreFailure.class, () -> open("gone.zip", "")).getMessage());
    }

    @Test
    void aDirectoryOffsetPastTheEndIsRefused() throws IOException {
        byte[] zip = zipBytes(List.of(new Entry("k", new byte[] {1, 2, 3}, false)));
        int end = endRecord(zip);
        putInt(zip, end + 16, zip.length + 10);
        Files.write(dir.resolve("lie.zip"), zip);
        String message = assertThrows(ZarrException.StoreFailure.class, () -> open("lie.zip", "")).getMessage();
        assertEquals("key lie.zip: its central directory [" + (zip.length + 10) + ", +" + getInt(zip, end + 12)
                + ") lies outside the file's " + zip.length + " bytes", message);
    }

    @Test
    void aLocalHeaderThatDisagreesWithTheDirectoryIsRefusedNamingTheEntry() throws IOException {
        byte[] zip = zipBytes(List.of(new Entry("g/k", new byte[] {1, 2, 3}, false)));
        putInt(zip, 18, 2); // the local header's compressed size
        Files.write(dir.resolve("lie.zip"), zip);
        try (ZipStore store = open("lie.zip", "")) {
            assertEquals("key g/k: its local header gives 2 stored and 3 uncompressed bytes, the central directory 3 and 3 (in the zip lie.zip)",
                    assertThrows(ZarrException.StoreFailure.class, () -> readAll(store, "g/k")).getMessage());
        }
    }

    @Test
    void anEntryReachingPastTheDirectoryIsRefusedNamingIt() throws IOException {
        byte[] zip = zipBytes(List.of(new Entry("k", new byte[] {1, 2, 3}, false)));
        int central = getInt(zip, endRecord(zip) + 16);
        putInt(zip, central + 42, central); // the entry's local header offset: at the directory itself
        Files.write(dir.resolve("lie.zip"), zip);
        String message = assertThrows(ZarrException.StoreFailure.class, () -> open("lie.zip", "")).getMessage();
        assertEquals("key lie.zip/k: its local header at " + central + " and 3 stored bytes reach past the central directory at " + central, message);
    }

    @Test
    void damagedDeflatedBytesAreAFailureNamingTheEntry() throws IOException {
        byte[] zip = zipBytes(List.of(new Entry("k", bytes(10_000, 5), true)));
        int central = getInt(zip, endRecord(zip) + 16);
        int data = 30 + 1 + getShort(zip, 28);
        for (int i = data + 10; i < central - 20; i += 7) {
            zip[i] ^= 0x5A;
        }
        Files.write(dir.resolve("bad.zip"), zip);
        try (ZipStore store = open("bad.zip", "")) {
            String message = assertThrows(ZarrException.StoreFailure.class, () -> readAll(store, "k")).getMessage();
            assertEquals("key k", message.substring(0, message.indexOf(':')), message);
            assertEquals(true, message.endsWith("(in the zip bad.zip)"), message);
        }
    }

    @Test
    void aZipReplacedWhileOpenIsRefusedNotReadThroughItsOldTable() throws IOException {
        writeZip("r.zip", List.of(new Entry("k", bytes(1_000, 2), false)));
        try (ZipStore store = open("r.zip", "")) {
            writeZip("r2.zip", List.of(new Entry("other", bytes(5, 1), false), new Entry("k", bytes(1_000, 9), false)));
            Files.move(dir.resolve("r2.zip"), dir.resolve("r.zip"), StandardCopyOption.REPLACE_EXISTING);
            assertEquals("key r.zip: " + Store.CHANGED, assertThrows(ZarrException.StoreFailure.class, () -> readAll(store, "k")).getMessage());
        }
    }

    private ZipStore open(String zip, String inner) {
        return ZipStore.open(LocalStore.open(dir, IoMode.READ), zip, inner, null);
    }

    private record Entry(String name, byte[] value, boolean deflate) {
    }

    private void writeZip(String name, List<Entry> entries) throws IOException {
        Files.write(dir.resolve(name), zipBytes(entries));
    }

    private static byte[] zipBytes(List<Entry> entries) {
        Map<String, byte[]> values = new LinkedHashMap<>();
        Set<String> deflated = new HashSet<>();
        for (Entry e : entries) {
            values.put(e.name(), e.value());
            if (e.deflate()) {
                deflated.add(e.name());
            }
        }
        return Zips.of(values, deflated::contains);
    }

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ((i * seed) ^ (i >> 7));
        }
        return b;
    }

    private static byte[] readAll(Store store, String key) {
        return read(store, key, 0, -1);
    }

    private static byte[] readOrNull(Store store, String key) {
        try (ThreadScratch scratch = new ThreadScratch()) {
            var s = store.read(key, 0, -1, scratch);
            return s == null ? null : s.toArray(ValueLayout.JAVA_BYTE);
        }
    }

    private static byte[] read(Store store, String key, long offset, long length) {
        try (ThreadScratch scratch = new ThreadScratch()) {
            return store.read(key, offset, length, scratch).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    private static List<String> filesBelow(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/')).sorted().toList();
        }
    }

    private static List<String> listing(Path folder) throws IOException {
        try (Stream<Path> children = Files.list(folder)) {
            return children.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static int endRecord(byte[] zip) {
        for (int at = zip.length - 22; at >= 0; at--) {
            if (getInt(zip, at) == 0x06054b50) {
                return at;
            }
        }
        throw new AssertionError("no end record");
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    private static int getShort(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static void putInt(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
