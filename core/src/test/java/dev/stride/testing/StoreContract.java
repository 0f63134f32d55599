package dev.stride.testing;

import dev.stride.Zarr;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValuePart;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.stride.testing.StoreValues.ALL;
import static dev.stride.testing.StoreValues.EMPTY;
import static dev.stride.testing.StoreValues.LARGE;
import static dev.stride.testing.StoreValues.ONE_BYTE;
import static dev.stride.testing.StoreValues.bytes;
import static dev.stride.testing.StoreValues.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every {@link Store} must do, read side: whole values, ranges, prefixes and suffixes with the value's size,
 * several ranges at once, missing keys, refused keys and ranges, failures that name the key, concurrent reads from
 * several threads, closing. A store's test extends this class (or {@link ListableStoreContract},
 * {@link WritableStoreContract} for a store that lists or writes) and says how to make a store holding given values;
 * the kit checks that the class extended matches what the store implements, so a store cannot leave a capability
 * untested by extending a smaller contract.
 */
public abstract class StoreContract {
    /** Reads per thread in the concurrent tests: enough for the threads' reads to overlap on any machine. */
    protected static final int READS_PER_THREAD = 40;
    protected static final int THREADS = 4;

    /** What a key that names a folder of other keys, or that lies below a value, reads as in this store. */
    public enum Folders {
        /**
         * Folders exist (directories on disk): a key naming one fails as {@code "is a directory, not a file"}, a key
         * below a value fails with {@link Store#PARENT_NOT_A_DIRECTORY}, and no name is both a value and a folder.
         */
        DIRECTORIES,
        /** Keys are plain names (object stores): a folder is only a shared prefix, so such keys are missing. */
        PREFIXES,
        /** The store says what its server says (HTTP): missing or a failure naming the key, never a value. */
        AS_SERVED
    }

    /**
     * A key of a store that is there but cannot be read (HTTP 403, a directory where a file should be), and the text
     * its failure must hold to say where or why: the URI the failed request went to, for a remote store.
     */
    public record Unreadable(Store store, String key, String says) {
    }

    private final List<AutoCloseable> opened = new ArrayList<>();
    protected Scratch scratch;

    /** A new store holding exactly these values (each call a store of its own). */
    protected abstract Store storeWith(Map<String, byte[]> values);

    /** What keys naming folders, or below values, read as in this store. */
    protected abstract Folders folders();

    /** A store with a key it fails to read though something is there. */
    protected abstract Unreadable unreadable();

    @BeforeEach
    void newScratch() {
        scratch = track(new ThreadScratch());
    }

    @AfterEach
    void closeOpened() throws Exception {
        for (AutoCloseable c : opened.reversed()) {
            c.close();
        }
        opened.clear();
    }

    /** Closes {@code c} after the test. */
    protected final <T extends AutoCloseable> T track(T c) {
        opened.add(c);
        return c;
    }

    /** A store holding {@link StoreValues#ALL}, closed after the test. */
    protected final Store store() {
        return track(storeWith(ALL));
    }

    /** True for a store that reads through a network, and so counts its requests ({@link Store#requestsSent()}). */
    protected boolean sendsRequests() {
        return false;
    }

    /** True for the contracts of stores that list; {@link ListableStoreContract} says so. */
    boolean lists() {
        return false;
    }

    /** True for the contracts of stores that write; {@link WritableStoreContract} says so. */
    boolean writes() {
        return false;
    }

    @Test
    void theContractExtendedMatchesWhatTheStoreImplements() {
        Store store = store();
        String name = store.getClass().getName();
        assertEquals(store instanceof ListableStore, lists(),
                name + (lists() ? " does not list" : " lists: its test must extend ListableStoreContract"));
        assertEquals(store instanceof WritableStore, writes(),
                name + (writes() ? " does not write" : " writes: its test must extend WritableStoreContract"));
    }

    @Test
    void aStoreThatSendsRequestsCountsEachRead() {
        Store store = store();
        OptionalLong before = store.requestsSent();
        assertArrayEquals(ALL.get(ONE_BYTE), bytes(store.read(ONE_BYTE, 0, -1, scratch)));
        OptionalLong after = store.requestsSent();
        assertEquals(sendsRequests(), before.isPresent(), "a store counts requests if and only if it sends them");
        assertEquals(sendsRequests(), after.isPresent());
        if (sendsRequests()) {
            assertTrue(after.getAsLong() > before.getAsLong(), "the read sent " + (after.getAsLong() - before.getAsLong()));
        }
    }

    @Test
    void wholeValuesReadBackWithTheirSizes() {
        Store store = store();
        ALL.forEach((key, value) -> {
            assertEquals(value.length, store.size(key), key);
            assertEquals(value.length, store.identity(key).size(), key);
            assertArrayEquals(value, bytes(store.read(key, 0, -1, scratch)), key);
            assertArrayEquals(value, store.readBytes(key), key);
        });
    }

    @Test
    void rangesReadTheirBytesUpToTheEnd() {
        Store store = store();
        byte[] large = ALL.get(LARGE);
        int n = large.length;
        assertArrayEquals(slice(large, 1000, 5000), bytes(store.read(LARGE, 1000, 5000, scratch)));
        assertArrayEquals(slice(large, 0, 1), bytes(store.read(LARGE, 0, 1, scratch)));
        assertArrayEquals(slice(large, n - 1, 1), bytes(store.read(LARGE, n - 1, 1, scratch)));
        assertArrayEquals(slice(large, 9000, n - 9000), bytes(store.read(LARGE, 9000, -1, scratch)), "to the end");
        assertArrayEquals(large, bytes(store.read(LARGE, 0, n, scratch)));
        assertEquals(0, store.read(LARGE, 7, 0, scratch).byteSize(), "zero bytes in the middle");
        assertEquals(0, store.read(LARGE, n, 0, scratch).byteSize(), "zero bytes at the end");
        assertEquals(0, store.read(LARGE, n, -1, scratch).byteSize(), "from the end to the end");
        assertEquals(0, store.read(EMPTY, 0, -1, scratch).byteSize(), "all of an empty value");
        assertEquals(0, store.read(EMPTY, 0, 0, scratch).byteSize());
        assertArrayEquals(new byte[] {7}, bytes(store.read(ONE_BYTE, 0, 1, scratch)));
    }

    @Test
    void rangesPastTheEndFailNamingTheKey() {
        Store store = store();
        int n = ALL.get(LARGE).length;
        long[][] ranges = {{n - 10, 20}, {n, 1}, {n + 1, 0}, {n + 1, -1}, {n + 10, 20}, {-1, 1}};
        for (long[] r : ranges) {
            failsNaming(LARGE, () -> store.read(LARGE, r[0], r[1], scratch));
        }
        failsNaming(EMPTY, () -> store.read(EMPTY, 0, 1, scratch));
        failsNaming(LARGE, () -> store.readRanges(LARGE, new long[] {0, n - 1}, new long[] {1, 2}, scratch));
        failsNaming(LARGE, () -> store.readRanges(LARGE, new long[] {0, 1}, new long[] {1}, scratch));
    }

    @Test
    void prefixesComeWithTheValueSize() {
        Store store = store();
        byte[] large = ALL.get(LARGE);
        int n = large.length;
        for (long length : new long[] {1, 100, n - 1, n, n + 1, 1 << 20}) {
            ValuePart part = store.readPrefix(LARGE, length, scratch);
            assertEquals(n, part.valueSize(), "prefix of " + length);
            assertArrayEquals(slice(large, 0, Math.min(length, n)), bytes(part.bytes()), "prefix of " + length);
        }
        ValuePart none = store.readPrefix(LARGE, 0, scratch);
        assertEquals(n, none.valueSize());
        assertEquals(0, none.bytes().byteSize());
        ValuePart empty = store.readPrefix(EMPTY, 16, scratch);
        assertEquals(0, empty.valueSize());
        assertEquals(0, empty.bytes().byteSize());
    }

    @Test
    void suffixesComeWithTheValueSize() {
        Store store = store();
        byte[] large = ALL.get(LARGE);
        int n = large.length;
        for (long length : new long[] {1, 100, n - 1, n, n + 1, 1 << 20}) {
            ValuePart part = store.readSuffix(LARGE, length, scratch);
            long got = Math.min(length, n);
            assertEquals(n, part.valueSize(), "suffix of " + length);
            assertArrayEquals(slice(large, n - got, got), bytes(part.bytes()), "suffix of " + length);
        }
        ValuePart none = store.readSuffix(LARGE, 0, scratch);
        assertEquals(n, none.valueSize());
        assertEquals(0, none.bytes().byteSize());
        ValuePart empty = store.readSuffix(EMPTY, 16, scratch);
        assertEquals(0, empty.valueSize());
        assertEquals(0, empty.bytes().byteSize());
        assertArrayEquals(new byte[] {7}, bytes(store.readSuffix(ONE_BYTE, 2, scratch).bytes()));
    }

    @Test
    void severalRangesOfOneValueInOneCall() {
        Store store = store();
        byte[] large = ALL.get(LARGE);
        int n = large.length;
        long[] offsets = {9000, 10, 0, 5000, 5, 12, n - 1, n};
        long[] lengths = {1000, 20, 4, 1, 0, 30, 1, 0};
        MemorySegment[] got = store.readRanges(LARGE, offsets, lengths, scratch);
        assertEquals(offsets.length, got.length);
        for (int i = 0; i < offsets.length; i++) {
            assertArrayEquals(slice(large, offsets[i], lengths[i]), bytes(got[i]), "range " + i);
        }
        assertEquals(0, store.readRanges(LARGE, new long[0], new long[0], scratch).length, "no ranges of a value");
    }

    @Test
    void readsOfTheVersionAPartCameFromGiveThatValue() {
        Store store = store();
        byte[] large = ALL.get(LARGE);
        ValuePart index = store.readSuffix(LARGE, 16, scratch);
        assertArrayEquals(slice(large, 100, 50), bytes(store.read(LARGE, 100, 50, index.version(), scratch)));
        MemorySegment[] ranges = store.readRanges(LARGE, new long[] {0, 200}, new long[] {10, 10}, index.version(), scratch);
        assertArrayEquals(slice(large, 200, 10), bytes(ranges[1]));
        assertArrayEquals(slice(large, 0, 10), bytes(store.read(LARGE, 0, 10, null, scratch)), "no version: any");
    }

    @Test
    void missingKeysAreNullOrMinusOne() {
        Store store = store();
        for (String key : List.of("nothing", "nothing/here/at/all", "a/zz", "a/f/zz", "zarr.jso", "zarr.json.x")) {
            assertNull(store.read(key, 0, -1, scratch), key);
            assertNull(store.read(key, 0, 10, scratch), key);
            assertNull(store.read(key, 0, 0, scratch), key);
            assertNull(store.read(key, 0, 10, null, scratch), key);
            assertNull(store.readPrefix(key, 10, scratch), key);
            assertNull(store.readSuffix(key, 10, scratch), key);
            assertNull(store.readRanges(key, new long[] {0, 5}, new long[] {2, 2}, scratch), key);
            assertNull(store.readRanges(key, new long[0], new long[0], scratch), key);
            assertNull(store.readBytes(key), key);
            assertEquals(-1, store.size(key), key);
            assertNull(store.identity(key), key);
        }
    }

    /** A folder is no value; a key below a value is none either: what each reads as depends on {@link #folders()}. */
    @Test
    void foldersAndKeysBelowValuesAreNeverValues() {
        Store store = store();
        switch (folders()) {
            case DIRECTORIES -> {
                assertEquals("key a: is a directory, not a file", failsNaming("a", () -> store.size("a")).getMessage());
                failsNaming("a/f", () -> store.read("a/f", 0, -1, scratch));
                failsNaming("a/f", () -> store.readBytes("a/f"));
                var below = failsNaming("a/c/x", () -> store.size("a/c/x"));
                assertEquals(Store.PARENT_NOT_A_DIRECTORY, below.reason());
                failsNaming("a/c/x", () -> store.read("a/c/x", 0, -1, scratch));
            }
            case PREFIXES -> {
                for (String key : List.of("a", "a/f", "a/c/x")) {
                    assertEquals(-1, store.size(key), key);
                    assertNull(store.read(key, 0, -1, scratch), key);
                    assertNull(store.readBytes(key), key);
                }
            }
            case AS_SERVED -> {
                for (String key : List.of("a", "a/f", "a/c/x")) {
                    try {
                        assertNull(store.read(key, 0, -1, scratch), key);
                    } catch (ZarrException.StoreFailure e) {
                        assertEquals(key, e.chunkKey(), e.getMessage());
                    }
                }
            }
        }
    }

    /** No key leaves its store: empty, {@code .} and {@code ..} segments are refused by every call, naming the key. */
    @Test
    void keysThatCouldLeaveTheStoreAreRefusedByName() {
        Store store = store();
        for (String key : List.of("", "/zarr.json", "a/", "a//b", "./zarr.json", "a/./b", "../zarr.json", "a/../zarr.json", "..")) {
            failsNaming(key, () -> store.size(key));
            failsNaming(key, () -> store.identity(key));
            failsNaming(key, () -> store.read(key, 0, -1, scratch));
            failsNaming(key, () -> store.readPrefix(key, 4, scratch));
            failsNaming(key, () -> store.readSuffix(key, 4, scratch));
            failsNaming(key, () -> store.readRanges(key, new long[] {0}, new long[] {1}, scratch));
            failsNaming(key, () -> store.readBytes(key));
            assertDoesNotThrow(() -> store.willRead(key), "a hint never fails");
        }
    }

    @Test
    void aFailureOfTheStoreNamesTheKeyAndWhere() {
        Unreadable u = unreadable();
        track(u.store());
        var e = failsNaming(u.key(), () -> u.store().read(u.key(), 0, -1, scratch));
        assertTrue(e.getMessage().contains(u.says()), e.getMessage() + " does not say " + u.says());
        failsNaming(u.key(), () -> u.store().size(u.key()));
        failsNaming(u.key(), () -> u.store().readBytes(u.key()));
    }

    @Test
    void hintsAndReadAheadNeverFail() {
        Store store = store();
        assertTrue(store.readAhead() >= 0);
        assertDoesNotThrow(() -> store.willRead(LARGE));
        assertDoesNotThrow(() -> store.willRead("nothing/here"));
    }

    /**
     * A descriptor, when the store has one, opens the same values again as {@code Zarr.open(descriptor)} does (through
     * its scheme's provider, and a zip file on the way when its path passes one).
     */
    @Test
    void theDescriptorOpensTheSameValuesAgain() {
        Store store = store();
        StoreDescriptor where = store.descriptor();
        if (where == null) {
            return; // a store that lives only in this JVM: nothing to open again
        }
        try (Zarr zarr = Zarr.open(where); Store again = zarr.store()) {
            assertEquals(where, again.descriptor());
            assertArrayEquals(ALL.get(LARGE), again.readBytes(LARGE));
            assertArrayEquals(ALL.get(StoreValues.SPECIAL.getFirst()), again.readBytes(StoreValues.SPECIAL.getFirst()));
        }
    }

    /** Threads, each with its scratch, read the same key and keys of their own at once, every byte as stored. */
    @Test
    void concurrentReadsOfTheSameAndOtherKeysGiveTheirBytes() {
        Store store = store();
        List<String> keys = List.copyOf(ALL.keySet());
        inParallel(THREADS, t -> {
            try (ThreadScratch own = new ThreadScratch()) {
                for (int i = 0; i < READS_PER_THREAD; i++) {
                    byte[] large = ALL.get(LARGE);
                    int at = (t * 997 + i * 131) % (large.length - 64);
                    assertArrayEquals(slice(large, at, 64), bytes(store.read(LARGE, at, 64, own)), "same key");
                    assertArrayEquals(slice(large, large.length - 16, 16), bytes(store.readSuffix(LARGE, 16, own).bytes()));
                    String key = keys.get((t + i * THREADS) % keys.size());
                    assertArrayEquals(ALL.get(key), bytes(store.read(key, 0, -1, own)), key);
                    assertArrayEquals(ALL.get(key), store.readBytes(key), key);
                }
            }
        });
    }

    @Test
    void aClosedStoreRefusesReads() {
        Store store = storeWith(ALL);
        store.close();
        assertThrows(ZarrException.Closed.class, () -> store.read(LARGE, 0, 10, scratch));
        assertThrows(ZarrException.Closed.class, () -> store.size(LARGE));
        assertThrows(ZarrException.Closed.class, () -> store.identity(LARGE));
        assertThrows(ZarrException.Closed.class, () -> store.readBytes(LARGE));
        assertThrows(ZarrException.Closed.class, () -> store.readSuffix(LARGE, 10, scratch));
        assertDoesNotThrow(store::close, "closing twice does nothing");
    }

    /** Asserts that {@code call} fails with a {@link ZarrException.StoreFailure} whose key is {@code key}. */
    protected static ZarrException.StoreFailure failsNaming(String key, Executable call) {
        var e = assertThrows(ZarrException.StoreFailure.class, call, "key '" + key + "'");
        assertEquals(key, e.chunkKey(), e.getMessage());
        assertTrue(e.getMessage().startsWith("key " + key + ": "), e.getMessage());
        assertNotNull(e.reason());
        return e;
    }

    /** What one of the threads of {@link #inParallel} does, given its number. */
    protected interface Task {
        void run(int thread) throws Exception;
    }

    /**
     * Runs {@code task} on {@code threads} threads released together, and rethrows the first failure; no thread waits
     * for another by time, so a slow machine only takes longer.
     */
    protected static void inParallel(int threads, Task task) {
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<Void>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                Callable<Void> c = () -> {
                    start.await();
                    task.run(thread);
                    return null;
                };
                done.add(pool.submit(c));
            }
            start.countDown();
            for (Future<Void> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    throw new AssertionError(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }
    }
}
