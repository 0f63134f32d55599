package dev.stride.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/** Arrays and groups laid out by hand from the Zarr specs: a zarr.json (or .zarray) and chunk files of packed bytes. */
final class Fixtures {
    static final String KEYS = """
            "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}}""";

    private Fixtures() {
    }

    /**
     * A hierarchy: the root group (attributes title and n) holding {@code records} (see {@link #records}), the group
     * {@code sub} with the array {@code sub/grid} (see {@link #grid}), and {@code sharded}, a sharded array of fill values.
     */
    static Path hierarchy(Path root) {
        write(root.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "group", "attributes": {"title": "demo", "n": 3}}""");
        records(root.resolve("records"));
        write(root.resolve("sub/zarr.json"), """
                {"zarr_format": 3, "node_type": "group"}""");
        grid(root.resolve("sub/grid"));
        sharded(root.resolve("sharded"));
        return root;
    }

    /**
     * Six records in chunks of two, the last chunk never written (so fill values): uint64 above 2^63, datetime64[s]
     * with NaT, a nested struct of a float32 and a float64, float16, complex64, r24 and bool; 42 bytes a record.
     */
    static Path records(Path dir) {
        write(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [6],
                 "data_type": {"name": "struct", "configuration": {"fields": [
                   {"name": "id", "data_type": "uint64"},
                   {"name": "when", "data_type": {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}}},
                   {"name": "point", "data_type": {"name": "struct", "configuration": {"fields": [
                     {"name": "x", "data_type": "float32"}, {"name": "y", "data_type": "float64"}]}}},
                   {"name": "h", "data_type": "float16"},
                   {"name": "z", "data_type": "complex64"},
                   {"name": "tag", "data_type": "r24"},
                   {"name": "ok", "data_type": "bool"}]}},
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                 %s,
                 "fill_value": {"id": 7, "when": "NaT", "point": {"x": 0.0, "y": 0.0}, "h": 0.0, "z": [0.0, 0.0],
                                "tag": [0, 0, 0], "ok": false},
                 "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
                 "dimension_names": ["t"],
                 "attributes": {"unit": "m"}}""".formatted(KEYS));
        ByteBuffer b = ByteBuffer.allocate(4 * 42).order(ByteOrder.LITTLE_ENDIAN);
        record(b, 0, 0, 0.1f, 0.1, Float.floatToFloat16(0.1f), 1.5f, -2f, new byte[] {1, 2, 3}, true);
        record(b, -1, Long.MIN_VALUE, Float.NaN, Double.POSITIVE_INFINITY, Float.floatToFloat16(-0f),
                Float.NaN, Float.POSITIVE_INFINITY, new byte[] {(byte) 255, 0, (byte) 128}, false);
        record(b, Long.MIN_VALUE, 1767225600, Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Float.floatToFloat16(65504f),
                0f, 0f, new byte[] {0, 0, 0}, true);
        record(b, Long.MIN_VALUE + 5, -1, Float.NEGATIVE_INFINITY, 1e300, (short) 1,
                Float.MAX_VALUE, Float.MIN_VALUE, new byte[] {9, 8, 7}, false);
        write(dir.resolve("c/0"), Arrays.copyOfRange(b.array(), 0, 84));
        write(dir.resolve("c/1"), Arrays.copyOfRange(b.array(), 84, 168));
        return dir;
    }

    private static void record(ByteBuffer b, long id, long when, float x, double y, short h, float re, float im, byte[] tag, boolean ok) {
        b.putLong(id).putLong(when).putFloat(x).putDouble(y).putShort(h).putFloat(re).putFloat(im).put(tag).put((byte) (ok ? 1 : 0));
    }

    /**
     * A numpy record array as Zarr v2 stores it, laid out by hand (one raw chunk): {@code [('id','<u2'), ('name','|S4'),
     * ('label','<U3'), ('pos','<f4',(3,)), ('m','>i2',(2,2))]}, 38 bytes a record; three records: an inner NUL and an
     * ESC in the text, then bytes above 0x7f, a backslash and an astral character, then empty values.
     */
    static Path numpyRecords(Path dir) {
        write(dir.resolve(".zarray"), """
                {"zarr_format": 2, "shape": [3], "chunks": [3],
                 "dtype": [["id", "<u2"], ["name", "|S4"], ["label", "<U3"], ["pos", "<f4", [3]], ["m", ">i2", [2, 2]]],
                 "compressor": null, "fill_value": null, "order": "C", "filters": null}""");
        ByteBuffer b = ByteBuffer.allocate(3 * 38).order(ByteOrder.LITTLE_ENDIAN);
        numpyRecord(b, 1, new byte[] {'a', 0, 'b', 0}, new int[] {0x3a9, 0x1b, 0}, new float[] {1.5f, -2f, 3.25f}, 1, 2, 3, 4);
        numpyRecord(b, 2, new byte[] {(byte) 0x80, '\\', 'x', (byte) 0xff}, new int[] {0x1f600, 0, 0},
                new float[] {Float.NaN, Float.POSITIVE_INFINITY, -0f}, -1, 0, 0, Short.MIN_VALUE);
        numpyRecord(b, 3, new byte[4], new int[3], new float[3], 0, 0, 0, 0);
        write(dir.resolve("0"), b.array());
        return dir;
    }

    private static void numpyRecord(ByteBuffer b, int id, byte[] name, int[] label, float[] pos, int... m) {
        b.putShort((short) id).put(name);
        for (int unit : label) {
            b.putInt(unit);
        }
        for (float v : pos) {
            b.putFloat(v);
        }
        b.order(ByteOrder.BIG_ENDIAN);
        for (int v : m) {
            b.putShort((short) v);
        }
        b.order(ByteOrder.LITTLE_ENDIAN);
    }

    /** int32, big-endian, shape [4, 6] in chunks of [2, 4] (the right-hand chunks overhang); element (r, c) = 10 r + c. */
    static Path grid(Path dir) {
        write(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [4, 6], "data_type": "int32",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2, 4]}},
                 %s, "fill_value": 0,
                 "codecs": [{"name": "bytes", "configuration": {"endian": "big"}}]}""".formatted(KEYS));
        for (int cr = 0; cr < 2; cr++) {
            for (int cc = 0; cc < 2; cc++) {
                ByteBuffer b = ByteBuffer.allocate(2 * 4 * 4).order(ByteOrder.BIG_ENDIAN);
                for (int r = cr * 2; r < cr * 2 + 2; r++) {
                    for (int c = cc * 4; c < cc * 4 + 4; c++) {
                        b.putInt(c < 6 ? 10 * r + c : -1);
                    }
                }
                write(dir.resolve("c/" + cr + "/" + cc), b.array());
            }
        }
        return dir;
    }

    /** float64 shape [8], shards of [4] holding inner chunks of [2]; no shard written, so every value is the fill 1.5. */
    static Path sharded(Path dir) {
        write(dir.resolve("zarr.json"), """
                {"zarr_format": 3, "node_type": "array", "shape": [8], "data_type": "float64",
                 "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
                 %s, "fill_value": 1.5,
                 "codecs": [{"name": "sharding_indexed", "configuration": {
                   "chunk_shape": [2],
                   "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
                   "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}],
                   "index_location": "end"}}]}""".formatted(KEYS));
        return dir;
    }

    static void write(Path file, String text) {
        write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    static void write(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Groups {@code depth} levels below {@code root}, each named {@code child}; {@code document(level)} is its zarr.json. */
    static void nestedGroups(Path root, int depth, String child, IntFunction<String> document) {
        Path node = root;
        for (int level = 0; level <= depth; level++) {
            write(node.resolve("zarr.json"), document.apply(level));
            node = node.resolve(child);
        }
    }

    /**
     * Deletes a tree of any depth in time linear in its entries: each folder is first moved up beside {@code tree}, so
     * no call walks a long path (JUnit's own clean-up of a 2,000-deep tree takes minutes).
     */
    static void deleteTree(Path tree) {
        if (!Files.exists(tree, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            ArrayDeque<Path> folders = new ArrayDeque<>(List.of(tree));
            int moved = 0;
            while (!folders.isEmpty()) {
                Path folder = folders.pop();
                try (var entries = Files.newDirectoryStream(folder)) {
                    for (Path entry : entries) {
                        if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                            folders.push(Files.move(entry, tree.resolveSibling(tree.getFileName() + ".deleting-" + moved++)));
                        } else {
                            Files.delete(entry);
                        }
                    }
                }
                Files.delete(folder);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
