package dev.stride;

import dev.stride.model.Region;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Grid;
import dev.stride.testing.RecordingStore.Read;
import dev.stride.testing.RecordingStore;
import dev.stride.testing.Shard;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static dev.stride.testing.Refusals.corrupt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * sharding_indexed: an int32 array [6, 4] in shards [4, 4] of inner chunks [2, 2], laid out by hand. Shard c/0/0 has
 * inner chunks 3, 0, 1 (in that order, with gaps) and inner chunk 2 empty; shard c/1/0 has inner chunks 0 and 1, and
 * 2 and 3 (past the array's edge) empty.
 */
class ShardingTest {
    static final long[] SHAPE = {6, 4};
    static final long[] INNER = {2, 2};

    static long value(long[] pos) {
        return pos[0] * 10 + pos[1];
    }

    /** Inner chunk {@code k} (C order) of shard row {@code shard}, as little-endian int32. */
    static byte[] inner(int shard, int k, ByteOrder order) {
        long[] grid = {shard * 2 + k / 2, k % 2};
        Enc e = Enc.of(order);
        for (long v : Grid.chunkValues(SHAPE, INNER, grid, ShardingTest::value, 77)) {
            e.i32((int) v);
        }
        return e.bytes();
    }

    static Shard shard0(Shard s, UnaryOperator<byte[]> encode) {
        return s.put(3, encode.apply(inner(0, 3, ByteOrder.LITTLE_ENDIAN))).gap(5)
                .put(0, encode.apply(inner(0, 0, ByteOrder.LITTLE_ENDIAN))).gap(3)
                .put(1, encode.apply(inner(0, 1, ByteOrder.LITTLE_ENDIAN)));
    }

    static Shard shard1(Shard s, UnaryOperator<byte[]> encode) {
        return s.put(0, encode.apply(inner(1, 0, ByteOrder.LITTLE_ENDIAN))).put(1, encode.apply(inner(1, 1, ByteOrder.LITTLE_ENDIAN)));
    }

    /** Every element, with inner chunk 2 of shard 0 (rows 2-3, columns 0-1) the fill value -1. */
    static int[] expected() {
        int[] out = new int[24];
        for (int i = 0; i < out.length; i++) {
            long[] p = Grid.unravel(i, SHAPE);
            out[i] = p[0] >= 2 && p[0] < 4 && p[1] < 2 ? -1 : (int) value(p);
        }
        return out;
    }

    record Layout(String name, UnaryOperator<Shard> configure) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> layouts() {
        return Stream.of(
                new Layout("index at end, bytes + crc32c", s -> s),
                new Layout("index at start, bytes + crc32c", Shard::indexAtStart),
                new Layout("index at end, bytes only", Shard::noCrc),
                new Layout("index at start, bytes only", s -> s.indexAtStart().noCrc()),
                new Layout("index at end, big-endian + crc32c", s -> s.indexOrder(ByteOrder.BIG_ENDIAN)),
                new Layout("index at start, big-endian", s -> s.indexAtStart().noCrc().indexOrder(ByteOrder.BIG_ENDIAN))
        ).map(Arguments::of);
    }

    static Tree sharded(UnaryOperator<Shard> configure, String innerCodecs, UnaryOperator<byte[]> encode) {
        Shard s0 = shard0(configure.apply(new Shard(4)), encode);
        Shard s1 = shard1(configure.apply(new Shard(4)), encode);
        Doc doc = Doc.array("'int32'", "[6, 4]", "[4, 4]", "-1", s0.codec("[2, 2]", innerCodecs));
        return Tree.array(doc).put("c/0/0", s0.bytes()).put("c/1/0", s1.bytes());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("layouts")
    void readsShardsInEveryIndexLayout(Layout layout) {
        try (Zarr z = sharded(layout.configure(), "[" + Doc.BYTES_LE + "]", b -> b).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(INNER, a.readUnitShape(), "reads work on inner chunks");
            assertArrayEquals(expected(), a.read("", null).asInts().values());
            assertArrayEquals(new int[] {22, 23, 32, 33}, a.read("", Region.parse("2:4, 2:4", SHAPE)).asInts().values());
        }
    }

    @Test
    void compressedAndChecksummedInnerChunks() {
        try (Zarr z = sharded(s -> s, "[" + Doc.BYTES_LE + ", {'name': 'gzip', 'configuration': {'level': 1}}, {'name': 'crc32c'}]",
                b -> Enc.withCrc32c(Enc.gzip(b))).open()) {
            assertArrayEquals(expected(), z.array("/").read("", null).asInts().values());
        }
    }

    @Test
    void aMissingShardIsAllFill() {
        try (Zarr z = sharded(s -> s, "[" + Doc.BYTES_LE + "]", b -> b).remove("c/1/0").open()) {
            int[] got = z.array("/").read("", Region.parse("4:", SHAPE)).asInts().values();
            assertArrayEquals(new int[] {-1, -1, -1, -1, -1, -1, -1, -1}, got);
        }
    }

    @Test
    void aSelectionTouchingOneInnerChunkReadsOnlyItsBytesAndTheIndex() {
        Shard s0 = shard0(new Shard(4), b -> b);
        for (String location : List.of("end", "start")) {
            Shard s = location.equals("end") ? shard0(new Shard(4), b -> b) : shard0(new Shard(4).indexAtStart(), b -> b);
            Doc doc = Doc.array("'int32'", "[6, 4]", "[4, 4]", "-1", s.codec("[2, 2]", "[" + Doc.BYTES_LE + "]"));
            RecordingStore store = new RecordingStore(Tree.array(doc).put("c/0/0", s.bytes()).memory());
            try (Zarr z = Zarr.open(store)) {
                ZarrArray a = z.array("/");
                assertArrayEquals(new int[] {22, 23, 32, 33}, a.read("", Region.parse("2:4, 2:4", SHAPE)).asInts().values());
                assertEquals(List.of(new Read("c/0/0", s.indexOffset(), s.indexSize(), s.indexSize()),
                        new Read("c/0/0", s.offsetOf(3), s.lengthOf(3), 16)), store.chunkReads(), location);
                assertEquals(List.of(), store.sizesAsked(), "the index comes with the shard's size, in one read");
                store.clear();
                // an empty inner chunk needs the index only
                assertArrayEquals(new int[] {-1, -1}, a.read("", Region.parse("3, 0:2", SHAPE)).asInts().values());
                assertEquals(List.of(new Read("c/0/0", s.indexOffset(), s.indexSize(), s.indexSize())), store.chunkReads());
            }
        }
        assertEquals(16 * 4 + 4, s0.indexSize());
    }

    @Test
    void shardedBigEndianStructs() {
        String type = struct(field("id", "'uint16'"), field("v", "'float64'"));
        Shard s = new Shard(2).indexAtStart();
        s.put(1, Enc.be().i16(3).f64(3.5).i16(4).f64(4.5).bytes());
        s.put(0, Enc.be().i16(1).f64(1.5).i16(2).f64(2.5).bytes());
        Doc doc = Doc.array(type, "[4]", "[4]", "{'id': 0, 'v': 0}", s.codec("[2]", "[" + Doc.BYTES_BE + "]"));
        try (Zarr z = Tree.array(doc).put("c/0", s.bytes()).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new short[] {1, 2, 3, 4}, a.read("id", null).asShorts().values());
            assertArrayEquals(new double[] {1.5, 2.5, 3.5, 4.5}, a.readDoubles("v"));
            assertEquals(ByteOrder.BIG_ENDIAN, a.layout().order());
        }
    }

    @Test
    void aZeroDimensionalShardedArray() {
        Shard s = new Shard(1).put(0, Enc.le().f64(2.75).bytes());
        Doc doc = Doc.array("'float64'", "[]", "[]", "0", s.codec("[]", "[" + Doc.BYTES_LE + "]"));
        try (Zarr z = Tree.array(doc).put("c", s.bytes()).open()) {
            assertArrayEquals(new double[] {2.75}, z.array("/").readDoubles(""));
        }
        try (Zarr z = Tree.array(doc).put("c", new Shard(1).bytes()).open()) {
            assertArrayEquals(new double[] {0}, z.array("/").readDoubles(""), "an empty inner chunk");
        }
    }

    // ---- nested sharding: int16 [16] in shards [8] of inner shards [4] of inner chunks [2]

    static byte[] int16s(int from, int to) {
        Enc e = Enc.le();
        for (int i = from; i < to; i++) {
            e.i16(i * 3);
        }
        return e.bytes();
    }

    /** Inner shard of elements [from, from + 4): inner chunks of 2, index at the start, bytes only; some left empty. */
    static Shard innerShard(int from, boolean skipSecond) {
        Shard s = new Shard(2).indexAtStart().noCrc();
        if (!skipSecond) {
            s.put(1, int16s(from + 2, from + 4));
        }
        return s.put(0, int16s(from, from + 2));
    }

    static final String NESTED_CODEC = Shard.codec("[4]", "[" + Shard.codec("[2]", "[" + Doc.BYTES_LE + "]", "[" + Doc.BYTES_LE + "]", "start") + "]",
            "[" + Doc.BYTES_LE + ", {'name': 'crc32c'}]", "end");

    static Shard outer0() {
        return new Shard(2).put(0, innerShard(0, false).bytes()).gap(7).put(1, innerShard(4, true).bytes());
    }

    @Test
    void nestedSharding() {
        Shard outer1 = new Shard(2).put(1, innerShard(12, false).bytes());
        Tree t = Tree.array(Doc.array("'int16'", "[16]", "[8]", "-9", NESTED_CODEC)).put("c/0", outer0().bytes()).put("c/1", outer1.bytes());
        try (Zarr z = t.open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new long[] {2}, a.readUnitShape());
            assertArrayEquals(new short[] {0, 3, 6, 9, 12, 15, -9, -9, -9, -9, -9, -9, 36, 39, 42, 45}, a.read("", null).asShorts().values());
        }
    }

    @Test
    void nestedShardingReadsOnlyTheIndexesAndTheInnerChunk() {
        Shard outer = outer0();
        Shard inner = innerShard(4, true);
        RecordingStore store = new RecordingStore(Tree.array(Doc.array("'int16'", "[16]", "[8]", "-9", NESTED_CODEC)).put("c/0", outer.bytes()).memory());
        try (Zarr z = Zarr.open(store)) {
            assertArrayEquals(new short[] {12, 15}, z.array("/").read("", Region.parse("4:6", new long[] {16})).asShorts().values());
        }
        long innerBase = outer.offsetOf(1);
        assertEquals(List.of(
                new Read("c/0", outer.indexOffset(), outer.indexSize(), outer.indexSize()),
                new Read("c/0", innerBase + inner.indexOffset(), inner.indexSize(), inner.indexSize()),
                new Read("c/0", innerBase + inner.offsetOf(0), 4, 4)), store.chunkReads());
        assertEquals(List.of(), store.sizesAsked());
    }

    // ---- sharding followed by bytes->bytes codecs at the array level

    @Test
    void shardingFollowedByAChecksumOfTheWholeShard() {
        Shard s = new Shard(2).put(0, Enc.le().i32(1).i32(2).bytes()).put(1, Enc.le().i32(3).i32(4).bytes());
        Doc doc = Doc.array("'int32'", "[4]", "[4]", "0", s.codec("[2]", "[" + Doc.BYTES_LE + "]"), "{'name': 'crc32c'}");
        try (Zarr z = Tree.array(doc).put("c/0", Enc.withCrc32c(s.bytes())).open()) {
            assertArrayEquals(new int[] {1, 2, 3, 4}, z.array("/").read("", null).asInts().values());
        }
    }

    @Test
    void shardingFollowedByGzipOfTheWholeShard() {
        Shard s = new Shard(2).indexAtStart().put(1, Enc.le().i32(3).i32(4).bytes());
        Doc doc = Doc.array("'int32'", "[4]", "[4]", "-1", s.codec("[2]", "[" + Doc.BYTES_LE + "]"), "{'name': 'gzip', 'configuration': {'level': 1}}");
        try (Zarr z = Tree.array(doc).put("c/0", Enc.gzip(s.bytes())).open()) {
            assertArrayEquals(new int[] {-1, -1, 3, 4}, z.array("/").read("", null).asInts().values());
        }
    }

    // ---- corrupt shards

    static Doc oneShard(Shard s) {
        return Doc.array("'int32'", "[4]", "[4]", "0", s.codec("[2]", "[" + Doc.BYTES_LE + "]"));
    }

    static void assertShardRefused(Shard layout, byte[] stored, String fragment) {
        try (Zarr z = Tree.array(oneShard(layout)).put("c/0", stored).open()) {
            ZarrArray a = z.array("/");
            corrupt("c/0", fragment, () -> a.read("", null));
        }
    }

    @Test
    void anIndexChecksumMismatchNamesTheShard() {
        Shard s = new Shard(2).put(0, Enc.le().i32(1).i32(2).bytes()).put(1, Enc.le().i32(3).i32(4).bytes());
        byte[] bytes = s.bytes();
        bytes[bytes.length - 10] ^= 1;
        assertShardRefused(s, bytes, "crc32c mismatch");
    }

    @Test
    void indexEntriesOutsideTheShardAreRefused() {
        Shard s = new Shard(2).noCrc().put(0, Enc.le().i32(1).i32(2).bytes()).put(1, Enc.le().i32(3).i32(4).bytes());
        byte[] bytes = s.bytes();
        ByteBuffer index = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        index.putLong(16 + 16 + 8, 100);  // nbytes of inner chunk 1 runs past the data
        assertShardRefused(s, bytes, "shard index entry 1");
        byte[] halfEmpty = s.bytes();
        ByteBuffer.wrap(halfEmpty).order(ByteOrder.LITTLE_ENDIAN).putLong(16, -1L);  // offset of inner chunk 0 only
        assertShardRefused(s, halfEmpty, "points outside the shard's data");
        byte[] intoIndex = s.bytes();
        ByteBuffer.wrap(intoIndex).order(ByteOrder.LITTLE_ENDIAN).putLong(16 + 16, 12);  // chunk 1 would overlap the index
        assertShardRefused(s, intoIndex, "points outside the shard's data");
    }

    @Test
    void overlappingInnerChunksAreRefused() {
        Shard s = new Shard(2).noCrc().put(0, Enc.le().i32(1).i32(2).bytes()).put(1, Enc.le().i32(3).i32(4).bytes());
        byte[] bytes = s.bytes();
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(16, 4);  // inner chunk 1 now starts inside chunk 0
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong(24, 8);
        assertShardRefused(s, bytes, "overlap");
    }

    @Test
    void aShardSmallerThanItsIndexIsRefused() {
        assertShardRefused(new Shard(2), new byte[10], "smaller than its 36-byte index");
    }

    @Test
    void anInnerChunkOfTheWrongSizeIsRefused() {
        Shard s = new Shard(2).put(0, Enc.le().i32(1).i32(2).i32(3).bytes()).put(1, Enc.le().i32(3).i32(4).bytes());
        assertShardRefused(s, s.bytes(), "chunk holds 12 bytes");
    }
}
