package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.Zarr;
import dev.stride.ZarrWriter;
import dev.stride.model.ArraySpec;
import dev.stride.model.Column;
import dev.stride.model.CoreType;
import dev.stride.model.IoMode;
import dev.stride.model.Json;
import dev.stride.model.Region;
import dev.stride.model.Selection;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.stride.model.CodecChain.IndexLocation.END;
import static dev.stride.model.CodecChain.bytes;
import static dev.stride.model.CodecChain.gzip;
import static dev.stride.model.CodecChain.sharding;
import static dev.stride.model.CodecChain.transpose;
import static java.nio.ByteOrder.BIG_ENDIAN;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Writes of part of a chunk (read-modify-write), of some fields only, of fill values over data, and misuse. */
class PartialWriteTest {
    private static final long[] SHAPE = {9, 7};
    private static final int N = 63;

    @TempDir
    Path dir;

    static ArraySpec spec(String chain) {
        ArraySpec spec = ArraySpec.of(Samples.NESTED, SHAPE).chunks(4, 4).fill(Samples.NESTED_FILL);
        return switch (chain) {
            case "gzip" -> spec.codecs(bytes(BIG_ENDIAN), gzip(1));
            case "sharding" -> spec.codecs(sharding(new long[] {2, 2}, END, bytes(LITTLE_ENDIAN)));
            default -> spec.codecs(transpose(1, 0), bytes(BIG_ENDIAN));
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "sharding", "transpose"})
    void regionAcrossChunksKeepsTheRest(String chain) {
        Map<String, Object> expected = Samples.columns(Samples.NESTED, N, 1);
        Region region = new Region(new long[] {2, 3}, new long[] {7, 6});
        Map<String, Object> patch = Samples.columns(Samples.NESTED, 15, 9);
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter writer = out.createArray("/a", spec(chain));
            writer.write(null, expected);
            writer.write(region, patch);
        }
        for (int k = 0; k < 15; k++) {
            Samples.copyRecord(Samples.NESTED, patch, k, expected, (2 + k / 3) * 7 + 3 + k % 3);
        }
        assertEquals(expected);
    }

    @Test
    void fieldsLeftOutKeepTheirValues() {
        Map<String, Object> expected = Samples.columns(Samples.NESTED, N, 1);
        Region firstColumns = new Region(new long[] {0, 0}, new long[] {9, 2});
        Map<String, Object> patch = Samples.columns(Samples.NESTED, 18, 4);
        Map<String, Object> some = new LinkedHashMap<>();
        some.put("pos.x", patch.get("pos.x"));
        some.put("tag", patch.get("tag"));
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter writer = out.createArray("/a", spec("gzip"));
            writer.write(null, expected);
            writer.write(firstColumns, some);
        }
        for (int k = 0; k < 18; k++) {
            int i = (k / 2) * 7 + k % 2;
            ((float[]) expected.get("pos.x"))[i] = ((float[]) patch.get("pos.x"))[k];
            System.arraycopy(patch.get("tag"), 2 * k, expected.get("tag"), 2 * i, 2);
        }
        assertEquals(expected);
    }

    @Test
    void chunkWrittenBackToFillIsDeletedUnlessAsked() {
        Map<String, Object> fill = Samples.fillColumns(Samples.NESTED, Samples.NESTED_FILL);
        Map<String, Object> fills = Samples.columns(Samples.NESTED, 16, 0);
        for (int k = 0; k < 16; k++) {
            Samples.copyRecord(Samples.NESTED, fill, 0, fills, k);
        }
        Region chunk00 = new Region(new long[] {0, 0}, new long[] {4, 4});
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter writer = out.createArray("/a", spec("gzip"));
            writer.write(null, Samples.columns(Samples.NESTED, N, 1));
            assertTrue(Files.exists(dir.resolve("a/c/0/0")));
            writer.write(chunk00, fills);
            assertFalse(Files.exists(dir.resolve("a/c/0/0")), "a chunk of fill values is deleted");
            writer.skipFillChunks(false).write(chunk00, fills);
            assertTrue(Files.exists(dir.resolve("a/c/0/0")), "stored when asked");
        }
        try (Zarr zarr = Zarr.open(dir)) {
            Map<String, Column> got = zarr.array("/a").read(Selection.of(chunk00));
            Samples.assertColumnsEqual(fills, got);
        }
    }

    @Test
    void recordFillerStartsFromFillAndPackedRecordsAnyOrder() {
        try (ZarrWriter out = ZarrWriter.open(dir); Arena arena = Arena.ofConfined()) {
            ArrayWriter writer = out.createArray("/a", ArraySpec.of(CoreType.UINT16, 5).chunks(2).fill(Json.number(7)).codecs(bytes(BIG_ENDIAN)));
            writer.write(new Region(new long[] {1}, new long[] {4}), (index, records, i) -> {
                if (index != 1) {
                    writer.field("").setLong(records, i, 40000 + index);
                }
            });
            var packed = arena.allocate(4);
            packed.set(ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LITTLE_ENDIAN), 0, (short) 0x0102);
            packed.set(ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(LITTLE_ENDIAN), 2, (short) 0x0304);
            writer.write(new Region(new long[] {3}, new long[] {5}), packed, LITTLE_ENDIAN);
        }
        try (Zarr zarr = Zarr.open(dir)) {
            assertArrayEquals(new short[] {7, (short) 40000, 7, 0x0102, 0x0304}, zarr.array("/a").read("", null).asShorts().values());
        }
    }

    @Test
    void scalarArray() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            out.createArray("/", ArraySpec.of(CoreType.FLOAT64).fill(Json.string("NaN"))).write(null, Map.of("", new double[] {2.5}));
        }
        assertTrue(Files.exists(dir.resolve("c")));
        try (Zarr zarr = Zarr.open(dir)) {
            assertArrayEquals(new double[] {2.5}, zarr.array("/").readDoubles(""));
        }
    }

    @Test
    void disjointChunksFromTwoThreads() throws Exception {
        Map<String, Object> expected = Samples.columns(Samples.NESTED, N, 3);
        try (ZarrWriter out = ZarrWriter.open(dir); ExecutorService pool = Executors.newFixedThreadPool(2)) {
            ArrayWriter writer = out.createArray("/a", spec("sharding"));
            List<Future<?>> done = List.of(
                    pool.submit(() -> writeRows(writer, expected, 0, 4)),
                    pool.submit(() -> writeRows(writer, expected, 4, 9)));
            for (Future<?> f : done) {
                f.get();
            }
        }
        assertEquals(expected);
    }

    @Test
    void misuseIsRefusedWithTheReason() {
        try (ZarrWriter out = ZarrWriter.open(dir)) {
            ArrayWriter writer = out.createArray("/a", spec("gzip"));
            Region outside = new Region(new long[] {0, 0}, new long[] {10, 7});
            var e1 = assertThrows(ZarrException.BadRequest.class, () -> writer.write(outside, Samples.columns(Samples.NESTED, 70, 0)));
            assertTrue(e1.getMessage().contains("outside the array's shape"), e1.getMessage());
            var e2 = assertThrows(ZarrException.BadRequest.class, () -> writer.write(null, Map.of("pos.x", new double[N])));
            assertTrue(e2.getMessage().contains("takes a float[] of 63 values"), e2.getMessage());
            var e3 = assertThrows(ZarrException.BadRequest.class, () -> writer.write(null, Map.of("pos", new float[N])));
            assertTrue(e3.getMessage().contains("no field 'pos'"), e3.getMessage());
            var e4 = assertThrows(ZarrException.BadRequest.class, () -> writer.field("tag").setDouble(null, 0, 1.0));
            assertTrue(e4.getMessage().contains("cannot hold a number"), e4.getMessage());
            try (Arena arena = Arena.ofConfined()) {
                assertThrows(ZarrException.BadRequest.class, () -> writer.write(null, arena.allocate(10), LITTLE_ENDIAN));
            }
            assertThrows(ZarrException.NodeNotFound.class, () -> out.array("/missing"));
            writer.close();
            assertThrows(ZarrException.Closed.class, () -> writer.write(null, Samples.columns(Samples.NESTED, N, 0)));
        }
    }

    private static void writeRows(ArrayWriter writer, Map<String, Object> all, int from, int to) {
        for (int row = from; row < to; row++) {
            Map<String, Object> one = Samples.columns(Samples.NESTED, 7, 0);
            for (int c = 0; c < 7; c++) {
                Samples.copyRecord(Samples.NESTED, all, row * 7 + c, one, c);
            }
            writer.write(new Region(new long[] {row, 0}, new long[] {row + 1, 7}), one);
        }
    }

    private void assertEquals(Map<String, Object> expected) {
        try (Zarr zarr = Zarr.open(dir, IoMode.READ)) {
            Samples.assertColumnsEqual(expected, zarr.array("/a").read(Selection.all()));
        }
    }
}
