package dev.stride.arrow;

import dev.stride.ZarrArray;
import dev.stride.model.Region;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.NullSweep;
import dev.stride.testing.Tree;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No NullPointerException leaves {@code dev.stride.arrow} for a null argument: a null progress reports nowhere, a null
 * region is the whole array, a null Parquet codec is zstd, and any other null is a BadRequest naming the parameter.
 */
class NullArgumentTest {
    @TempDir
    Path dir;

    /** float64 [6] in chunks of [3], value i. */
    private static ZarrArray array() {
        Tree t = Tree.array(Doc.array("'float64'", "[6]", "[3]", "0.0", Doc.BYTES_LE));
        for (int c = 0; c < 2; c++) {
            Enc e = Enc.le();
            for (int i = 0; i < 3; i++) {
                e.f64(c * 3 + i);
            }
            t.put("c/" + c, e.bytes());
        }
        return t.open().array("/");
    }

    private Path file() {
        try {
            return Files.createTempDirectory(dir, "out").resolve("out.arrow");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aNullProgressReportsNowhere() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (Export.Format format : List.of(Export.Format.ARROW_STREAM, Export.Format.PARQUET)) {
            assertEquals(6, Export.write(format, array(), List.of(), null, Channels.newChannel(bytes), null, null));
        }
        assertEquals(6, Export.write(Export.Format.ARROW, array(), List.of(), null, file(), null, null));
        var e = assertThrows(ZarrException.BadRequest.class,
                () -> Export.write(null, array(), List.of(), null, file(), null, null));
        assertEquals("format must not be null", e.getMessage());
    }

    @Test
    void noNullPointerExceptionLeavesThePackage() {
        NullSweep sweep = new NullSweep()
                .value(ZarrArray.class, NullArgumentTest::array)
                .value(List.class, List::of)
                .value(String.class, () -> "x")
                .value(Region.class, () -> Region.all(new long[]{6}))
                .value(Path.class, this::file)
                .value(WritableByteChannel.class, () -> Channels.newChannel(OutputStream.nullOutputStream()))
                .value(ScanOptions.Progress.class, () -> (done, total) -> { })
                .value(BufferAllocator.class, RootAllocator::new)
                .value(ZarrArrowReader.class, () -> new ZarrArrowReader(new RootAllocator(), array(), List.of(), null, 2));
        NullSweep.Result r = sweep.sweep(NullSweep.publicTypes(Export.class, "dev.stride.arrow"));
        assertEquals(List.of(), r.escaped());
        assertEquals(List.of(), List.copyOf(r.unreached()));
        assertTrue(r.calls() > 20, r.calls() + " calls");
    }
}
