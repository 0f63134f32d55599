package dev.stride;

import dev.stride.model.Region;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.testing.Doc;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The stored chunks a region meets, numbered in C order of the chunks it meets, from one listing. */
class StoredChunksTest {
    private static Tree grid() {
        // 10 x 12 in chunks of 4 x 5: a grid of 3 x 3 chunks, of which (0,1), (1,2) and (2,0) are stored
        Tree tree = Tree.array(Doc.array("'int8'", "[10, 12]", "[4, 5]", "0", Doc.BYTES_LE));
        for (String key : new String[]{"c/0/1", "c/1/2", "c/2/0"}) {
            tree.put(key, new byte[20]);
        }
        return tree;
    }

    @Test
    void theWholeArrayNumbersEveryChunk() {
        try (Zarr zarr = grid().open(); ZarrArray array = zarr.array("/")) {
            assertArrayEquals(new long[]{1, 5, 6}, array.storedChunks(null));
        }
    }

    @Test
    void aRegionNumbersOnlyTheChunksItMeets() {
        try (Zarr zarr = grid().open(); ZarrArray array = zarr.array("/")) {
            // rows 4..9 and columns 5..11 meet chunks (1,1), (1,2), (2,1), (2,2): only (1,2) is stored, number 1
            assertArrayEquals(new long[]{1}, array.storedChunks(new Region(new long[]{4, 5}, new long[]{10, 12})));
        }
    }

    @Test
    void aStoreThatCannotListGivesNull() {
        Store listing = grid().memory();
        Store plain = new Store() {
            @Override
            public MemorySegment read(String key, long offset, long length, Scratch scratch) {
                return listing.read(key, offset, length, scratch);
            }

            @Override
            public long size(String key) {
                return listing.size(key);
            }

            @Override
            public byte[] readBytes(String key) {
                return listing.readBytes(key);
            }

            @Override
            public void close() {
                listing.close();
            }
        };
        try (Zarr zarr = Zarr.open(plain); ZarrArray array = zarr.array("/")) {
            assertNull(array.storedChunks(null));
        }
    }
}
