package dev.stride.internal.write;

import dev.stride.ArrayWriter;
import dev.stride.ZarrWriter;
import dev.stride.internal.store.LocalStore;
import dev.stride.internal.store.WritableLocalStore;
import dev.stride.model.ArraySpec;
import dev.stride.model.CoreType;
import dev.stride.model.FieldWriter;
import dev.stride.model.IoMode;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static dev.stride.model.CodecChain.bytes;
import static java.nio.ByteOrder.LITTLE_ENDIAN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A directory of the store swapped for a symbolic link to somewhere else while an array is being written: nothing is
 * written through the link, whether it replaced a directory written before or one not made yet.
 */
class LinkSwapTest {
    private static final ArraySpec SPEC = ArraySpec.of(CoreType.INT32, 4, 4).chunks(1, 2).codecs(bytes(LITTLE_ENDIAN));

    @TempDir
    Path dir;

    @Test
    void aDirectorySwappedForALinkMidWriteIsNotWrittenThrough() throws IOException {
        Path root = dir.resolve("store");
        Path outside = Files.createDirectories(dir.resolve("outside"));
        try (ZarrWriter out = ZarrWriter.open(root)) {
            ArrayWriter a = out.createArray("/a", SPEC);
            FieldWriter value = a.field("");
            // records are filled chunk by chunk: the chunks of row 0 are stored when row 1 is being filled
            var e = assertThrows(ZarrException.class, () -> a.write(null, (index, records, i) -> {
                if (index == 4 && !Files.isSymbolicLink(root.resolve("a/c"))) {
                    swap(root.resolve("a/c"), outside);
                }
                value.setLong(records, i, index + 1);
            }));
            assertEquals("a/c/1/0", e.chunkKey());
            assertEquals("key a/c/1/0: not written: a/c is a symbolic link, and the store writes only into its own directories",
                    e.getMessage());
        }
        assertEquals(List.of(), files(outside), "nothing written through the link");
        assertFalse(Files.exists(root.resolve("a/zarr.json")), "an array whose write failed is not published");
    }

    @Test
    void aLinkInPlaceOfADirectoryNotMadeYetIsRefused() throws IOException {
        Path root = dir.resolve("store");
        Path outside = Files.createDirectories(dir.resolve("outside"));
        try (WritableLocalStore store = LocalStore.openWritable(root, IoMode.READ)) {
            store.write("g/zarr.json", MemorySegment.ofArray(new byte[] {1}));
            Files.createSymbolicLink(root.resolve("g/sub"), outside);
            var e = assertThrows(ZarrException.StoreFailure.class, () -> store.write("g/sub/x/zarr.json", MemorySegment.ofArray(new byte[] {2})));
            assertEquals("key g/sub/x/zarr.json: not written: g/sub is a symbolic link, and the store writes only into its own directories",
                    e.getMessage());
            store.delete("g/sub");
        }
        assertEquals(List.of(), files(outside));
        assertFalse(Files.exists(root.resolve("g/sub")), "the link itself was deleted, not what it points at");
    }

    /** Moves a directory aside and puts a link to {@code target} in its place, as an attacker racing the writer would. */
    private static void swap(Path directory, Path target) {
        try {
            Files.move(directory, directory.resolveSibling("c-moved"));
            Files.createSymbolicLink(directory, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir)).toList();
        }
    }
}
