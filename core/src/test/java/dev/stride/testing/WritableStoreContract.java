package dev.stride.testing;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static dev.stride.testing.StoreValues.bytes;
import static dev.stride.testing.StoreValues.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What a {@link WritableStore} must do besides reading and listing: values written read back and list, overwrites
 * replace a value whole (also for a reader that read it before), deletes remove it (a missing key is no failure),
 * concurrent writers of different keys and readers of a key being replaced see whole values only, and a conditional
 * create claims a key for one writer where the store can do that.
 */
public abstract class WritableStoreContract extends ListableStoreContract {
    private static final int WRITES_PER_THREAD = 20;

    /** A new empty store to write (each call a store of its own). */
    protected abstract WritableStore emptyWritable();

    /**
     * Whether {@link WritableStore#create} claims a key in one step (false for a key that holds a value); a store that
     * cannot writes the value and answers true, as the SPI allows.
     */
    protected abstract boolean createsConditionally();

    /**
     * Whether the store's server makes a write visible whole: a read racing a replacement sees one version, a listing
     * racing a write shows no name of its own for the write in progress, nor fails. True unless the server is known not
     * to (s3proxy's in-memory store lists the temporary file of a write in progress, and once answered a listing that
     * raced the writes with HTTP 400); then the races are checked for lengths, and for exactly the written keys once the
     * writes are done.
     */
    protected boolean serverWritesAtomically() {
        return true;
    }

    @Override
    final boolean writes() {
        return true;
    }

    /** Writes the values into an {@link #emptyWritable()} store. */
    @Override
    protected Store storeWith(Map<String, byte[]> values) {
        WritableStore store = emptyWritable();
        values.forEach((key, value) -> store.write(key, MemorySegment.ofArray(value)));
        return store;
    }

    private WritableStore writable() {
        return track(emptyWritable());
    }

    private static MemorySegment value(String text) {
        return MemorySegment.ofArray(text.getBytes(StandardCharsets.UTF_8));
    }

    private static MemorySegment filled(int n, int b) {
        byte[] out = new byte[n];
        Arrays.fill(out, (byte) b);
        return MemorySegment.ofArray(out);
    }

    @Test
    void valuesWrittenReadBackAndList() {
        WritableStore store = writable();
        store.write("g/zarr.json", value("{}"));
        store.write("g/c/0/1", filled(3000, 9));
        store.write("g/empty", MemorySegment.ofArray(new byte[0]));
        assertArrayEquals(bytes(filled(3000, 9)), store.readBytes("g/c/0/1"));
        assertEquals(0, store.size("g/empty"));
        assertEquals(List.of("g"), store.list(""));
        assertEquals(List.of("c", "empty", "zarr.json"), store.list("g/"));
        assertEquals(List.of("1"), store.list("g/c/0/"));
        assertDoesNotThrow(store::sync);
    }

    @Test
    void anOverwriteReplacesTheWholeValueAlsoForAReaderThatReadIt() {
        WritableStore store = writable();
        store.write("k", filled(5000, 1));
        assertArrayEquals(bytes(filled(5000, 1)), bytes(store.read("k", 0, -1, scratch)));
        store.readSuffix("k", 8, scratch);
        for (int n : new int[] {100, 8000, 0, 1}) {
            store.write("k", filled(n, n % 128));
            assertEquals(n, store.size("k"));
            assertArrayEquals(bytes(filled(n, n % 128)), bytes(store.read("k", 0, -1, scratch)), "the same scratch sees " + n + " bytes");
            assertEquals(n, store.readSuffix("k", 8, scratch).valueSize());
        }
    }

    /** A read of the version a part came from, after an overwrite, gives that version's bytes or fails as changed. */
    @Test
    void aReadOfAReplacedVersionNeverGivesTheNewBytes() {
        WritableStore store = writable();
        store.write("shard", filled(4000, 1));
        ValuePart index = store.readSuffix("shard", 16, scratch);
        store.write("shard", filled(4000, 2));
        if (index.version() == null) {
            assertArrayEquals(bytes(filled(100, 2)), bytes(store.read("shard", 0, 100, null, scratch)), "no versions: as it is now");
            return;
        }
        try (ThreadScratch other = new ThreadScratch()) {
            byte[] got = bytes(store.read("shard", 0, 100, index.version(), other));
            assertArrayEquals(bytes(filled(100, 1)), got, "the old version, or a failure");
        } catch (ZarrException.StoreFailure e) {
            assertEquals("shard", e.chunkKey());
            assertEquals(Store.CHANGED, e.reason(), e.getMessage());
        }
    }

    @Test
    void deletesRemoveValuesAndAMissingKeyIsNoFailure() {
        WritableStore store = writable();
        store.write("a/b", value("b"));
        store.write("a/c", value("c"));
        store.delete("a/b");
        assertNull(store.readBytes("a/b"));
        assertEquals(-1, store.size("a/b"));
        assertEquals(List.of("c"), store.list("a/"));
        assertDoesNotThrow(() -> store.delete("a/b"), "deleting twice");
        assertDoesNotThrow(() -> store.delete("never/written"));
        assertArrayEquals("c".getBytes(), store.readBytes("a/c"));
    }

    @Test
    void writesOfKeysThatCouldLeaveTheStoreAreRefusedByName() {
        WritableStore store = writable();
        for (String key : List.of("", "/k", "k/", "a//b", "./k", "a/../k", "..")) {
            failsNaming(key, () -> store.write(key, value("v")));
            failsNaming(key, () -> store.delete(key));
        }
        assertEquals(List.of(), store.list(""));
    }

    /**
     * Where folders are real, no name holds a value and other keys at once; elsewhere both are kept, or the key below
     * the value is refused by name, and the value stays either way.
     */
    @Test
    void aValueAndAFolderOfOneName() {
        WritableStore store = writable();
        store.write("a/b", value("b"));
        if (folders() == Folders.DIRECTORIES) {
            failsNaming("a/b/c", () -> store.write("a/b/c", value("c")));
            failsNaming("a", () -> store.write("a", value("a")));
            assertArrayEquals("b".getBytes(), store.readBytes("a/b"));
            assertEquals(List.of("a"), store.list(""));
            assertEquals(List.of("b"), store.list("a/"));
        } else {
            try {
                store.write("a/b/c", value("c"));
                assertArrayEquals("c".getBytes(), store.readBytes("a/b/c"));
            } catch (ZarrException.StoreFailure e) {
                // servers that keep objects as files (MinIO, s3proxy's file backend) refuse it, as they may
                assertEquals("a/b/c", e.chunkKey(), e.getMessage());
                assertEquals(-1, store.size("a/b/c"));
            }
            assertArrayEquals("b".getBytes(), store.readBytes("a/b"));
        }
    }

    @Test
    void createStoresAValueOnlyWhereNoneIsWhenItCan() {
        WritableStore store = writable();
        assertTrue(store.create("claim", value("first")));
        assertArrayEquals("first".getBytes(), store.readBytes("claim"));
        boolean second = store.create("claim", value("second"));
        if (createsConditionally()) {
            assertFalse(second, "a key that holds a value is not claimed again");
        }
        assertArrayEquals((second ? "second" : "first").getBytes(), store.readBytes("claim"), "what create answered");
    }

    /**
     * Threads creating one key: where the store claims keys exactly one wins; elsewhere each writes and answers true.
     * Either way the key holds the value of a thread that answered true.
     */
    @Test
    void concurrentCreatesOfOneKey() {
        WritableStore store = writable();
        Set<String> won = ConcurrentHashMap.newKeySet();
        inParallel(THREADS, t -> {
            if (store.create("claim", value("thread " + t))) {
                won.add("thread " + t);
            }
        });
        assertEquals(createsConditionally() ? 1 : THREADS, won.size(), "winners " + won);
        assertTrue(won.contains(new String(store.readBytes("claim"), StandardCharsets.UTF_8)));
    }

    /** Threads write keys of their own at once; every value reads back and lists, and a lister sees only names written. */
    @Test
    void concurrentWritesOfDifferentKeysAllLand() {
        WritableStore store = writable();
        Set<String> folders = new HashSet<>();
        for (int t = 0; t < THREADS; t++) {
            folders.add("w" + t);
        }
        Set<String> written = new HashSet<>();
        for (int i = 0; i < WRITES_PER_THREAD; i++) {
            written.add(Integer.toString(i));
        }
        inParallel(THREADS + 1, t -> {
            if (t == THREADS) {
                for (int i = 0; i < WRITES_PER_THREAD; i++) {
                    try {
                        List<String> names = store.list("");
                        assertTrue(folders.containsAll(names), "only the folders written: " + names);
                        List<String> keys = store.list("w0/");
                        assertTrue(!serverWritesAtomically() || written.containsAll(keys), "only the keys written, no temporary names: " + keys);
                    } catch (ZarrException.StoreFailure racing) {
                        if (serverWritesAtomically()) {
                            throw racing;
                        }
                    }
                }
                return;
            }
            for (int i = 0; i < WRITES_PER_THREAD; i++) {
                store.write("w" + t + "/" + i, filled(100 + i, t));
            }
        });
        for (int t = 0; t < THREADS; t++) {
            for (int i = 0; i < WRITES_PER_THREAD; i++) {
                assertArrayEquals(bytes(filled(100 + i, t)), store.readBytes("w" + t + "/" + i));
            }
            assertEquals(written.stream().sorted().toList(), store.list("w" + t + "/"));
        }
        assertEquals(folders.stream().sorted().toList(), store.list(""));
    }

    /** One thread replaces a value again and again while others read it: each read is one whole version. */
    @Test
    void readersOfAKeyBeingReplacedSeeWholeValues() {
        WritableStore store = writable();
        byte[][] versions = {bytes(filled(1000, 1)), bytes(filled(3000, 2))};
        store.write("k", MemorySegment.ofArray(versions[0]));
        inParallel(THREADS, t -> {
            if (t == 0) {
                for (int i = 1; i <= WRITES_PER_THREAD; i++) {
                    store.write("k", MemorySegment.ofArray(versions[i % 2]));
                }
                return;
            }
            try (ThreadScratch own = new ThreadScratch()) {
                for (int i = 0; i < WRITES_PER_THREAD; i++) {
                    byte[] got = bytes(store.read("k", 0, -1, own));
                    boolean whole = serverWritesAtomically() ? Arrays.equals(got, versions[0]) || Arrays.equals(got, versions[1])
                            : got.length == versions[0].length || got.length == versions[1].length;
                    if (!whole) {
                        fail("a read of " + got.length + " bytes is neither version");
                    }
                    ValuePart tail = store.readSuffix("k", 10, own);
                    byte[] version = tail.valueSize() == 1000 ? versions[0] : versions[1];
                    if (serverWritesAtomically()) {
                        assertArrayEquals(slice(version, tail.valueSize() - 10, 10), bytes(tail.bytes()));
                    } else {
                        assertEquals(10, tail.bytes().byteSize(), "suffix of a value of " + tail.valueSize() + " bytes");
                    }
                }
            }
        });
    }

    @Test
    void aClosedStoreRefusesWrites() {
        WritableStore store = emptyWritable();
        store.close();
        assertThrows(ZarrException.Closed.class, () -> store.write("k", value("v")));
        assertThrows(ZarrException.Closed.class, () -> store.delete("k"));
    }
}
