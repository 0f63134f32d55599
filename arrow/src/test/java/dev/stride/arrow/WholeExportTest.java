package dev.stride.arrow;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.model.ScanOptions;
import dev.stride.model.ZarrException;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An export to a file is whole or absent: a failure part way leaves the file that was there, and nothing else. */
class WholeExportTest {
    private static final byte[] OLD = "the old file".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    /** float64 [6] in chunks of [2], value i; {@code broken} chunks hold bytes of the wrong size. */
    static Tree counting(int... broken) {
        Tree t = Tree.array(Doc.array("'float64'", "[6]", "[2]", "0.0", Doc.BYTES_LE));
        for (int c = 0; c < 3; c++) {
            Enc e = Enc.le();
            for (int i = 0; i < 2; i++) {
                e.f64(c * 2 + i);
            }
            t.put("c/" + c, e.bytes());
        }
        for (int c : broken) {
            t.put("c/" + c, new byte[12]);
        }
        return t;
    }

    private Path oldFile() throws IOException {
        return Files.write(dir.resolve("out.data"), OLD);
    }

    private void assertOnlyTheOldFile(Path file) throws IOException {
        try (var left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList());
        }
        assertEquals(new String(OLD, StandardCharsets.UTF_8), Files.readString(file));
    }

    @ParameterizedTest
    @EnumSource(Export.Format.class)
    void aChunkThatFailsMidwayLeavesTheOldFile(Export.Format format) throws IOException {
        Path file = oldFile();
        try (Zarr zarr = counting(2).open(); ZarrArray array = zarr.array("/")) {
            var e = assertThrows(ZarrException.CorruptChunk.class,
                    () -> Export.write(format, array, List.of(), null, file, null, null));
            assertEquals("c/2", e.chunkKey());
        }
        assertOnlyTheOldFile(file);
    }

    @ParameterizedTest
    @EnumSource(Export.Format.class)
    void aProgressThatThrowsLeavesTheOldFile(Export.Format format) throws IOException {
        Path file = oldFile();
        ScanOptions.Progress refusing = (done, total) -> {
            if (done > 0) {
                throw new IllegalStateException("stop at " + done);
            }
        };
        try (Zarr zarr = counting().open(); ZarrArray array = zarr.array("/")) {
            var e = assertThrows(IllegalStateException.class, () -> Export.write(format, array, List.of(), null, file, null, refusing));
            assertTrue(e.getMessage().startsWith("stop at "), e.getMessage());
        }
        assertOnlyTheOldFile(file);
    }

    @ParameterizedTest
    @EnumSource(Export.Format.class)
    void aWholeExportReplacesTheOldFile(Export.Format format) throws IOException {
        Path file = oldFile();
        try (Zarr zarr = counting().open(); ZarrArray array = zarr.array("/")) {
            assertEquals(6, Export.write(format, array, List.of(), null, file, null, null));
        }
        try (var left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList());
        }
        assertNotEquals(OLD.length, Files.size(file));
    }

    @ParameterizedTest
    @EnumSource(Export.Format.class)
    void aDirectoryIsNoFileToWrite(Export.Format format) throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        try (Zarr zarr = counting().open(); ZarrArray array = zarr.array("/")) {
            var e = assertThrows(ZarrException.BadRequest.class, () -> Export.write(format, array, List.of(), null, sub, null, null));
            assertEquals("'" + sub + "' is a directory; give the file to write", e.getMessage());
        }
        try (var left = Files.list(sub)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
