package dev.stride.internal.store;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.IoMode;
import dev.stride.model.ZarrException;
import dev.stride.spi.Store;
import dev.stride.spi.ValuePart;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Prefix, suffix and batched reads give the same bytes and sizes in every store and I/O mode. */
class PartialReadTest {
    static final byte[] VALUE = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19};

    @TempDir
    Path dir;

    /** Each kind of store, holding key "a/v" = VALUE and "a/empty" = nothing. */
    static List<Function<Path, Store>> stores() {
        List<Function<Path, Store>> all = new ArrayList<>();
        for (IoMode mode : IoMode.values()) {
            all.add(new Named<>(mode.name(), d -> LocalStore.open(d, mode)));
        }
        all.add(new Named<>("memory", d -> new MemoryStore().put("a/v", VALUE).put("a/empty", new byte[0])));
        return all;
    }

    /** A store maker with a name for the test report. */
    record Named<T, R>(String name, Function<T, R> make) implements Function<T, R> {
        @Override
        public R apply(T t) {
            return make.apply(t);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private Store open(Function<Path, Store> make) throws IOException {
        Files.createDirectories(dir.resolve("a"));
        Files.write(dir.resolve("a/v"), VALUE);
        Files.write(dir.resolve("a/empty"), new byte[0]);
        return make.apply(dir);
    }

    private static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    @ParameterizedTest
    @MethodSource("stores")
    void prefixesAndSuffixesComeWithTheValuesSize(Function<Path, Store> make) throws IOException {
        try (Store s = open(make); ThreadScratch scratch = new ThreadScratch()) {
            ValuePart head = s.readPrefix("a/v", 3, scratch);
            assertArrayEquals(new byte[] {10, 11, 12}, bytes(head.bytes()));
            assertEquals(10, head.valueSize());
            ValuePart tail = s.readSuffix("a/v", 4, scratch);
            assertArrayEquals(new byte[] {16, 17, 18, 19}, bytes(tail.bytes()));
            assertEquals(10, tail.valueSize());
            // more than the value holds: all of it, as an HTTP suffix range answers
            assertArrayEquals(VALUE, bytes(s.readSuffix("a/v", 64, scratch).bytes()));
            assertArrayEquals(VALUE, bytes(s.readPrefix("a/v", Long.MAX_VALUE, scratch).bytes()));
            assertEquals(0, s.readSuffix("a/empty", 4, scratch).valueSize());
            assertEquals(0, s.readSuffix("a/empty", 4, scratch).bytes().byteSize());
            assertNull(s.readSuffix("a/missing", 4, scratch));
            assertNull(s.readPrefix("a/missing", 4, scratch));
            var e = assertThrows(ZarrException.StoreFailure.class, () -> s.readSuffix("a", 4, scratch));
            assertEquals("key a: is a directory, not a file", e.getMessage());
        }
    }

    @ParameterizedTest
    @MethodSource("stores")
    void aBatchOfRangesOfOneKeyIsReadInOneCall(Function<Path, Store> make) throws IOException {
        try (Store s = open(make); ThreadScratch scratch = new ThreadScratch()) {
            MemorySegment[] got = s.readRanges("a/v", new long[] {7, 1, 4}, new long[] {2, 2, 0}, scratch);
            assertEquals(3, got.length);
            assertArrayEquals(new byte[] {17, 18}, bytes(got[0]));
            assertArrayEquals(new byte[] {11, 12}, bytes(got[1]));
            assertEquals(0, got[2].byteSize());
            assertNull(s.readRanges("a/missing", new long[] {0}, new long[] {1}, scratch));
            var beyond = assertThrows(ZarrException.StoreFailure.class, () -> s.readRanges("a/v", new long[] {8}, new long[] {4}, scratch));
            assertEquals("key a/v: range [8, 12) is outside the value's 10 bytes", beyond.getMessage());
            var uneven = assertThrows(ZarrException.StoreFailure.class, () -> s.readRanges("a/v", new long[] {0, 1}, new long[] {1}, scratch));
            assertEquals("key a/v: 2 offsets but 1 lengths", uneven.getMessage());
        }
    }
}
