package dev.stride;

import dev.stride.model.Region;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Grid;
import dev.stride.testing.Shard;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static dev.stride.testing.Doc.field;
import static dev.stride.testing.Doc.struct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/** The transpose codec: chunks stored in a permuted order, with edge chunks, in 2-D and 3-D, alone or with other codecs. */
class TransposeTest {

    /** A value per element that names its coordinates. */
    static long value(long[] pos) {
        long v = 0;
        for (long p : pos) {
            v = v * 100 + p;
        }
        return v;
    }

    static String orderJson(int[] order) {
        return Arrays.toString(order);
    }

    /** int32 elements of one chunk, transposed per the spec, little-endian. */
    static byte[] transposedChunk(long[] shape, long[] chunkShape, long[] chunk, int[] order) {
        long[] encoded = Grid.transpose(Grid.chunkValues(shape, chunkShape, chunk, TransposeTest::value, -1), chunkShape, order);
        Enc e = Enc.le();
        for (long v : encoded) {
            e.i32((int) v);
        }
        return e.bytes();
    }

    static int[] expected(long[] shape) {
        int[] out = new int[(int) Grid.count(shape)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) value(Grid.unravel(i, shape));
        }
        return out;
    }

    static void check(long[] shape, long[] chunkShape, int[] order) {
        Tree t = Tree.array(Doc.array("'int32'", Grid.json(shape), Grid.json(chunkShape), "0",
                "{'name': 'transpose', 'configuration': {'order': " + orderJson(order) + "}}", Doc.BYTES_LE));
        for (long[] c : Grid.chunks(shape, chunkShape)) {
            t.put(Grid.key(c), transposedChunk(shape, chunkShape, c, order));
        }
        try (Zarr z = t.open()) {
            assertArrayEquals(expected(shape), z.array("/").read("", null).asInts().values(), Arrays.toString(order));
        }
    }

    @Test
    void twoDimensionsWithEdgeChunks() {
        check(new long[] {5, 7}, new long[] {2, 3}, new int[] {1, 0});
        check(new long[] {5, 7}, new long[] {2, 3}, new int[] {0, 1});
    }

    static Stream<Arguments> permutations3() {
        return Stream.of(new int[] {0, 1, 2}, new int[] {0, 2, 1}, new int[] {1, 0, 2}, new int[] {1, 2, 0}, new int[] {2, 0, 1},
                new int[] {2, 1, 0}).map(o -> Arguments.of((Object) o));
    }

    @ParameterizedTest
    @MethodSource("permutations3")
    void threeDimensionsEveryPermutationWithEdgeChunks(int[] order) {
        check(new long[] {3, 5, 4}, new long[] {2, 3, 3}, order);
    }

    @Test
    void fourDimensions() {
        check(new long[] {3, 2, 4, 5}, new long[] {2, 2, 3, 2}, new int[] {3, 1, 0, 2});
    }

    @Test
    void transposedBigEndianStructsWithGzip() {
        long[] shape = {3, 4};
        long[] chunkShape = {2, 4};
        int[] order = {1, 0};
        Doc doc = Doc.array(struct(field("r", "'int16'"), field("c", "'float64'")), "[3, 4]", "[2, 4]", "{'r': -1, 'c': 'NaN'}",
                "{'name': 'transpose', 'configuration': {'order': [1, 0]}}", Doc.BYTES_BE, "{'name': 'gzip', 'configuration': {'level': 1}}");
        Tree t = Tree.array(doc);
        for (long[] c : Grid.chunks(shape, chunkShape)) {
            long[] encoded = Grid.transpose(Grid.chunkValues(shape, chunkShape, c, TransposeTest::value, -1), chunkShape, order);
            Enc e = Enc.be();
            for (long v : encoded) {
                e.i16((int) (v / 100)).f64(v % 100 + 0.5);
            }
            t.put(Grid.key(c), Enc.gzip(e.bytes()));
        }
        try (Zarr z = t.open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(new short[] {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, a.read("r", null).asShorts().values());
            assertArrayEquals(new double[] {0.5, 1.5, 2.5, 3.5, 0.5, 1.5, 2.5, 3.5, 0.5, 1.5, 2.5, 3.5}, a.readDoubles("c"));
        }
    }

    @Test
    void transposeInsideShardInnerChunks() {
        long[] innerShape = {2, 3};
        int[] order = {1, 0};
        // array [4, 3] = one shard [4, 3] of two inner chunks [2, 3]
        Shard shard = new Shard(2);
        for (int i = 0; i < 2; i++) {
            long[] encoded = Grid.transpose(Grid.chunkValues(new long[] {4, 3}, innerShape, new long[] {i, 0}, TransposeTest::value, -1),
                    innerShape, order);
            Enc e = Enc.le();
            Arrays.stream(encoded).forEach(v -> e.i32((int) v));
            shard.put(i, e.bytes());
        }
        String codec = shard.codec("[2, 3]", "[{'name': 'transpose', 'configuration': {'order': [1, 0]}}, " + Doc.BYTES_LE + "]");
        try (Zarr z = Tree.array(Doc.array("'int32'", "[4, 3]", "[4, 3]", "0", codec)).put("c/0/0", shard.bytes()).open()) {
            assertArrayEquals(expected(new long[] {4, 3}), z.array("/").read("", null).asInts().values());
        }
    }

    @Test
    void transposeBeforeShardingDecodesWholeShards() {
        // the shard [2, 4] is transposed to [4, 2] before sharding into inner chunks [2, 2] of the transposed shard
        long[] shape = {2, 4};
        long[] transposed = Grid.transpose(Grid.chunkValues(shape, shape, new long[] {0, 0}, TransposeTest::value, -1), shape, new int[] {1, 0});
        // transposed is [4, 2] in C order; inner chunk k holds its rows 2k, 2k+1
        Shard shard = new Shard(2).indexAtStart();
        for (int k = 1; k >= 0; k--) {
            Enc e = Enc.be();
            for (int i = 4 * k; i < 4 * k + 4; i++) {
                e.i32((int) transposed[i]);
            }
            shard.put(k, e.bytes());
        }
        String codecs = "{'name': 'transpose', 'configuration': {'order': [1, 0]}}, " + shard.codec("[2, 2]", "[" + Doc.BYTES_BE + "]");
        try (Zarr z = Tree.array(Doc.array("'int32'", "[2, 4]", "[2, 4]", "0", codecs)).put("c/0/0", shard.bytes()).open()) {
            ZarrArray a = z.array("/");
            assertArrayEquals(expected(shape), a.read("", null).asInts().values());
            assertArrayEquals(new long[] {2, 4}, a.readUnitShape(), "a transposed shard is read whole");
            assertArrayEquals(new double[] {2, 3, 102, 103}, a.readDoubles("", Region.parse(":, 2:", a.shape())));
        }
        assertArrayEquals(new long[] {0, 100, 1, 101, 2, 102, 3, 103}, transposed);
    }
}
