package dev.stride.internal.zip;

import dev.stride.Zarr;
import dev.stride.ZarrArray;
import dev.stride.conformance.Corpus;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.spi.StoreDescriptor;
import dev.stride.testing.Zips;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** Paths and URIs that pass through a zip file open the hierarchy inside it, as the folder it was zipped from reads. */
class ZipPathsTest {
    private static final List<String> ARRAYS = List.of("1d.contiguous.raw.i2", "1d.contiguous.gzip.i2",
            "1d.chunked.filled.compressed.sharded.i2", "2d.chunked.ragged.compressed.sharded.i2", "3d.chunked.mixed.compressed.sharded.i2",
            "1d.contiguous.compressed.sharded.f8", "1d.contiguous.compressed.sharded.b1");

    @TempDir
    Path dir;

    @Test
    void aPathIntoAZipReadsAsTheFolderItWasZippedFrom() throws IOException {
        Path folder = Corpus.shared().resolve("conformance/zarr-python-3.1/data.zarr");
        Path zip = dir.resolve("hierarchy.zip");
        Zips.ofFolder(folder, "data.zarr/", zip, true);
        for (String where : List.of(zip + "/data.zarr", zip.toUri() + "/data.zarr?io=map", zip.toUri() + "/data.zarr/?io=read")) {
            try (Zarr folderZarr = Zarr.open(folder); Zarr zipped = Zarr.open(where)) {
                assertInstanceOf(ZipStore.class, zipped.store(), where);
                for (String name : ARRAYS) {
                    assertArrayEquals(records(folderZarr, name), records(zipped, name), where + " " + name);
                }
            }
        }
    }

    @Test
    void aPathObjectIntoAZipOpensItInEachMode() {
        Path folder = Corpus.shared().resolve("conformance/zarr-python-3.1/data.zarr");
        Path zip = dir.resolve("p.zip");
        Zips.ofFolder(folder, "data.zarr/", zip, false);
        for (IoMode mode : IoMode.values()) {
            try (Zarr folderZarr = Zarr.open(folder); Zarr zipped = Zarr.open(zip.resolve("data.zarr"), mode)) {
                assertInstanceOf(ZipStore.class, zipped.store(), mode.name());
                assertArrayEquals(records(folderZarr, "1d.contiguous.raw.i2"), records(zipped, "1d.contiguous.raw.i2"), mode.name());
            }
        }
    }

    @Test
    void theDescriptorOfAZippedHierarchyOpensItAgain() throws IOException {
        Path folder = Corpus.shared().resolve("conformance/zarr-python-3.1/data.zarr");
        Path zip = dir.resolve("h.zip");
        Zips.ofFolder(folder, "", zip, true);
        try (Zarr zipped = Zarr.open(zip.toString()); Zarr again = Zarr.open(zipped.descriptor())) {
            assertEquals(StoreDescriptor.parse(zip.toString()), zipped.descriptor());
            assertArrayEquals(records(zipped, "2d.chunked.ragged.compressed.sharded.i2"), records(again, "2d.chunked.ragged.compressed.sharded.i2"));
        }
    }

    @Test
    void aDirectoryNamedLikeAZipIsADirectory() throws IOException {
        Path folder = Corpus.shared().resolve("conformance/zarr-python-3.1/data.zarr");
        Path named = dir.resolve("unpacked.zip");
        Zips.ofFolder(folder, "", dir.resolve("h.zip"), true);
        try (Zarr zipped = Zarr.open(dir.resolve("h.zip").toString())) {
            Files.createDirectories(named);
            copyFolder(folder.resolve("1d.contiguous.raw.i2"), named.resolve("a"));
            try (Zarr plain = Zarr.open(named.toString())) {
                assertEquals(false, plain.store() instanceof ZipStore);
                assertArrayEquals(records(zipped, "1d.contiguous.raw.i2"), records(plain, "a"));
            }
        }
    }

    private static byte[] records(Zarr zarr, String path) {
        try (ZarrArray array = zarr.array(path); Arena arena = Arena.ofConfined()) {
            return array.readRecords(Region.all(array.shape()), arena).toArray(ValueLayout.JAVA_BYTE);
        }
    }

    private static void copyFolder(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted().toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
