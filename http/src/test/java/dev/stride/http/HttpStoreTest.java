package dev.stride.http;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.ZarrException;
import dev.stride.internal.memory.DecodeBudget;
import dev.stride.spi.ValuePart;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads through nginx: bytes, prefixes and suffixes with the value's size, missing and forbidden keys, the ends of values. */
class HttpStoreTest {
    private static Served served;
    private static HttpStore store;
    private ThreadScratch scratch = new ThreadScratch(new DecodeBudget(1L << 30));

    @BeforeAll
    static void serve() {
        served = new Served();
        store = Served.store(served.nginx.uri(""), Map.of());
    }

    @AfterAll
    static void stop() {
        if (store != null) {
            store.close();
        }
        if (served != null) {
            served.close();
        }
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @Test
    void bytesReadBackAreTheFiles() {
        assertArrayEquals(served.data, bytes(store.read("data.bin", 0, -1, scratch)));
        assertArrayEquals(served.slice(1000, 5000), bytes(store.read("data.bin", 1000, 5000, scratch)));
        assertArrayEquals(served.slice(299_000, 1000), bytes(store.read("data.bin", 299_000, -1, scratch)));
        assertArrayEquals(served.data, store.readBytes("data.bin"));
        assertEquals(Served.SIZE, store.size("data.bin"));
        assertEquals(0, store.read("data.bin", Served.SIZE, -1, scratch).byteSize());
        assertEquals(0, store.read("data.bin", 7, 0, scratch).byteSize());
    }

    @Test
    void prefixAndSuffixComeWithTheValueSize() {
        ValuePart prefix = store.readPrefix("data.bin", 100, scratch);
        assertEquals(Served.SIZE, prefix.valueSize());
        assertArrayEquals(served.slice(0, 100), bytes(prefix.bytes()));
        ValuePart suffix = store.readSuffix("data.bin", 100, scratch);
        assertEquals(Served.SIZE, suffix.valueSize());
        assertArrayEquals(served.slice(Served.SIZE - 100, 100), bytes(suffix.bytes()));
        // longer than the value: the server clamps, and all of it comes back
        assertArrayEquals(served.data, bytes(store.readPrefix("data.bin", 1 << 22, scratch).bytes()));
        assertArrayEquals(served.data, bytes(store.readSuffix("data.bin", 1 << 22, scratch).bytes()));
        ValuePart empty = store.readSuffix("empty.bin", 16, scratch);
        assertEquals(0, empty.valueSize());
        assertEquals(0, empty.bytes().byteSize());
        assertEquals(0, store.readPrefix("empty.bin", 16, scratch).valueSize());
        assertEquals(0, store.read("empty.bin", 0, -1, scratch).byteSize());
    }

    @Test
    void missingKeysAreNull() {
        assertNull(store.read("nothing/here", 0, 10, scratch));
        assertNull(store.read("nothing/here", 0, -1, scratch));
        assertNull(store.readPrefix("nothing/here", 10, scratch));
        assertNull(store.readSuffix("nothing/here", 10, scratch));
        assertNull(store.readRanges("nothing/here", new long[] {0, 5000}, new long[] {10, 10}, scratch));
        assertNull(store.readBytes("nothing/here"));
        assertEquals(-1, store.size("nothing/here"));
    }

    @Test
    void forbiddenIsAnErrorUnlessTakenAsMissing() {
        var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("forbidden/data.bin", 0, 10, scratch));
        assertTrue(e.getMessage().contains("HTTP 403") && e.getMessage().contains("forbidden/data.bin")
                && e.getMessage().contains(served.nginx.uri("forbidden/data.bin").toString()), e.getMessage());
        try (HttpStore lenient = Served.store(served.nginx.uri(""), Map.of("forbiddenAsMissing", "true"))) {
            assertNull(lenient.read("forbidden/data.bin", 0, 10, scratch));
            assertEquals(-1, lenient.size("forbidden/data.bin"));
            assertEquals(Map.of("forbiddenAsMissing", "true"), lenient.descriptor().options());
        }
    }

    @Test
    void rangesPastTheEndAreRefused() {
        var e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", Served.SIZE - 10, 20, scratch));
        assertTrue(e.getMessage().contains("past the end of the value of " + Served.SIZE + " bytes"), e.getMessage());
        e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", Served.SIZE + 10, 20, scratch));
        assertTrue(e.getMessage().contains("past the end"), e.getMessage());
        e = assertThrows(ZarrException.StoreFailure.class, () -> store.read("data.bin", Served.SIZE + 1, -1, scratch));
        assertTrue(e.getMessage().contains("past the end"), e.getMessage());
    }

    @Test
    void severalRangesOfOneValue() {
        long[] offsets = {250_000, 10, 0, 100_000, 5};
        long[] lengths = {50_000, 20, 4, 1, 0};
        MemorySegment[] got = store.readRanges("data.bin", offsets, lengths, scratch);
        for (int i = 0; i < offsets.length; i++) {
            assertArrayEquals(served.slice(offsets[i], lengths[i]), bytes(got[i]), "range " + i);
        }
    }

    @Test
    void keysThatLeaveTheRootAreRefused() {
        for (String key : new String[] {"../data.bin", "a/./b", "a//b"}) {
            assertThrows(ZarrException.StoreFailure.class, () -> store.size(key), key);
        }
        assertEquals(served.nginx.uri("a%20b/%C3%A9/c").toString(), store.uriOf("a b/é/c").toString());
    }

    @Test
    void closedStoreRefusesReads() {
        HttpStore closing = Served.store(served.nginx.uri(""), Map.of());
        assertEquals(64, closing.readAhead());
        closing.close();
        assertInstanceOf(ZarrException.Closed.class, assertThrows(ZarrException.class, () -> closing.read("data.bin", 0, 10, scratch)));
        assertFalse(closing.descriptor().uri().toString().isEmpty());
    }
}
