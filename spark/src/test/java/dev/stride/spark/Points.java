package dev.stride.spark;

import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;

import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * A small struct array laid out by hand from the spec: {@code id int32, x float64, point struct{x float32, y float32}}
 * records (20 bytes), 100 of them in chunks of 10, uncompressed; record {@code i} holds {@code id = i},
 * {@code x = i / 2}, {@code point = (i, -i)}.
 */
final class Points {
    static final int SIZE = 100;
    static final int CHUNK = 10;
    static final int RECORD_BYTES = 20;
    static final String TYPE = Doc.struct(
            Doc.field("id", "'int32'"),
            Doc.field("x", "'float64'"),
            Doc.field("point", Doc.struct(Doc.field("x", "'float32'"), Doc.field("y", "'float32'"))));

    private Points() {
    }

    /** The array's metadata with fill value {@code id = fillId} (0 in the array {@link #write} lays out). */
    static Doc metadata(int fillId) {
        return Doc.array(TYPE, "[" + SIZE + "]", "[" + CHUNK + "]",
                "{'id': " + fillId + ", 'x': 0.0, 'point': {'x': 0.0, 'y': 0.0}}", Doc.BYTES_LE);
    }

    static Path write(Path dir) {
        Tree tree = Tree.array(metadata(0));
        for (int c = 0; c < SIZE / CHUNK; c++) {
            Enc chunk = Enc.of(ByteOrder.LITTLE_ENDIAN);
            for (int i = c * CHUNK; i < (c + 1) * CHUNK; i++) {
                chunk.i32(i).f64(i / 2.0).f32(i).f32(-i);
            }
            tree.put("c/" + c, chunk.bytes());
        }
        return tree.writeTo(dir);
    }
}
