package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.DataType;
import dev.stride.model.FieldAccessor;
import dev.stride.model.IoMode;
import dev.stride.model.Json;
import dev.stride.model.Selection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.foreign.Arena;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import static dev.stride.model.CodecChain.IndexLocation.END;
import static dev.stride.model.CodecChain.IndexLocation.START;
import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.crc32c;
import static dev.stride.model.CodecChain.gzip;
import static dev.stride.model.CodecChain.sharding;
import static dev.stride.model.CodecChain.transpose;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writes a 9 x 7 array in 4 x 4 chunks (edge chunks in both dimensions) through every codec chain and byte order,
 * as a nested struct and as plain float64, with each of the three ways to write; reads it back with the reader and
 * compares every value. Two chunks, one of them an edge chunk, hold only fill values and must not be stored.
 */
class RoundTripTest {
    private static final long[] SHAPE = {9, 7};
    private static final int N = 63;
    /** Chunk (1, 0) and edge chunk (2, 1): every record they hold is the fill value. */
    private static final List<String> FILL_CHUNKS = List.of("a/c/1/0", "a/c/2/1");

    @TempDir
    Path dir;

    record Chain(String name, Function<ByteOrder, List<Json.JObject>> codecs) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Chain> chains() {
        return List.of(
                new Chain("bytes", o -> List.of(bytes(o))),
                new Chain("transpose", o -> List.of(transpose(1, 0), bytes(o))),
                new Chain("crc32c", o -> List.of(bytes(o), crc32c())),
                new Chain("gzip", o -> List.of(bytes(o), gzip(5))),
                new Chain("gzip+crc32c", o -> List.of(bytes(o), gzip(1), crc32c())),
                new Chain("sharding index end", o -> List.of(sharding(new long[] {2, 2}, END, bytes(o), gzip(1)))),
                new Chain("sharding index start", o -> List.of(sharding(new long[] {2, 2}, START, bytes(o), crc32c()))),
                new Chain("nested sharding", o -> List.of(sharding(new long[] {2, 4}, END,
                        sharding(new long[] {1, 2}, START, bytes(o), crc32c())))),
                new Chain("sharding+crc32c", o -> List.of(sharding(new long[] {4, 2}, END, bytes(o)), crc32c())),
                new Chain("transpose+sharding", o -> List.of(transpose(1, 0), sharding(new long[] {2, 2}, START, bytes(o)))));
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Chain chain : chains()) {
            for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
                out.add(Arguments.of(chain, order.toString(), order, "struct", Samples.NESTED, Samples.NESTED_FILL));
                out.add(Arguments.of(chain, order.toString(), order, "float64", CoreType.FLOAT64, Json.string("NaN")));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {3}")
    @MethodSource("cases")
    void writesAndReadsBack(Chain chain, String orderName, ByteOrder order, String typeName, DataType type, Json fill) {
        ArraySpec spec = ArraySpec.of(type, SHAPE).chunks(4, 4).fill(fill).codecs(chain.codecs().apply(order));
        Map<String, Object> fillRecord = Samples.fillColumns(type, fill);

        // 1. from Java arrays, with two chunks of nothing but fill values
        Map<String, Object> first = Samples.columns(type, N, 1);
        for (int i = 0; i < N; i++) {
            long row = i / 7;
            long col = i % 7;
            if ((row >= 4 && row < 8 && col < 4) || (row >= 8 && col >= 4)) {
                Samples.copyRecord(type, fillRecord, 0, first, i);
            }
        }
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.createArray("/a", spec).write(null, first);
        }
        assertReads(first, type);
        for (String key : FILL_CHUNKS) {
            assertFalse(Files.exists(dir.resolve(key)), key + " holds only fill values and must not be stored");
        }
        assertTrue(Files.exists(dir.resolve("a/c/0/0")));

        // 2. from packed records in the other byte order than the stored one
        Map<String, Object> second = Samples.columns(type, N, 2);
        ByteOrder other = order == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        try (ZarrWriter out = ZarrWriter.open(dir); Arena arena = Arena.ofConfined()) {
            out.array("/a").write(null, Samples.packed(type, second, N, other, arena), other);
        }
        assertReads(second, type);
        for (String key : FILL_CHUNKS) {
            assertTrue(Files.exists(dir.resolve(key)), key + " now holds data");
        }

        // 3. record by record
        Map<String, Object> third = Samples.columns(type, N, 3);
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter writer = out.array("/a");
            writer.write(null, (index, records, i) -> Samples.setFields(writer, third, (int) index, records, i));
        }
        assertReads(third, type);
    }

    private void assertReads(Map<String, Object> expected, DataType type) {
        try (Zarr zarr = Zarr.open(dir, IoMode.READ)) {
            ZarrArray array = zarr.array("/a");
            Samples.assertColumnsEqual(expected, array.read(Selection.all()));
            if (type == CoreType.FLOAT64) {
                assertArrayEquals((double[]) expected.get(""), array.readDoubles(""));
            } else {
                long[] seen = {0};
                int[] ids = (int[]) expected.get("id");
                FieldAccessor.IntField id = array.field("id", FieldAccessor.IntField.class);
                array.forEachRecord(null, (index, records, i) -> {
                    assertEquals(ids[(int) index], id.get(records, i));
                    seen[0]++;
                });
                assertEquals(N, seen[0]);
            }
        }
    }
}
