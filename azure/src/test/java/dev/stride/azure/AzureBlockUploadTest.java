package dev.stride.azure;

import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.specialized.BlockBlobClient;
import com.azure.storage.common.StorageSharedKeyCredential;
import dev.stride.azure.testing.Azurite;
import dev.stride.http.testing.FaultProxy;
import dev.stride.http.testing.MappedNoise;
import dev.stride.http.testing.FaultProxy.Fault;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.WritableStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Values larger than a block, written to Azurite as blocks and a block list: byte-exact, and nothing committed on failure. */
class AzureBlockUploadTest {
    private static final long BLOCK = 64 << 10;
    /** Five blocks: four whole ones and a short last one. */
    private static final long SIZE = 4 * BLOCK + 777;

    private static WritableStore open(String endpoint, String container, String options) {
        String uri = "az://" + container + "/x?endpoint=" + endpoint + "&partSize=" + BLOCK + (options.isEmpty() ? "" : "&" + options);
        return new AzStoreProvider().openWritable(StoreDescriptor.parse(uri));
    }

    private static BlockBlobClient blob(Azurite azurite, String container, String name) {
        return new BlobServiceClientBuilder().endpoint(azurite.endpoint().toString())
                .credential(new StorageSharedKeyCredential(Azurite.ACCOUNT, Azurite.key())).buildClient()
                .getBlobContainerClient(container).getBlobClient(name).getBlockBlobClient();
    }

    private static void assertStored(WritableStore store, String key, MemorySegment expected) {
        assertEquals(expected.byteSize(), store.size(key));
        try (ThreadScratch scratch = new ThreadScratch()) {
            for (long at = 0; at < expected.byteSize(); at += 100_000) {
                long n = Math.min(100_000, expected.byteSize() - at);
                assertEquals(-1, expected.asSlice(at, n).mismatch(store.read(key, at, n, scratch)), "bytes " + at + "+" + n);
            }
        }
    }

    @Test
    void aValueOfSeveralBlocksRoundTripsByteExactAsOneBlockList(@TempDir Path dir) throws IOException {
        Azurite azurite = Azurite.get();
        String container = azurite.container("blocks");
        try (Arena arena = Arena.ofShared(); WritableStore store = open(azurite.endpoint().toString(), container, "partsInFlight=3")) {
            MemorySegment value = MappedNoise.of(dir, SIZE, 1, arena);
            store.write("c/0", value);
            assertStored(store, "c/0", value);
            assertEquals(5, blob(azurite, container, "x/c/0").listBlocks(BlockListType.COMMITTED).getCommittedBlocks().size());

            MemorySegment onePart = MappedNoise.of(dir, BLOCK, 2, arena);
            store.write("c/1", onePart);
            assertStored(store, "c/1", onePart);
            assertEquals(0, blob(azurite, container, "x/c/1").listBlocks(BlockListType.COMMITTED).getCommittedBlocks().size(),
                    "a value of one block goes in one Put Blob");
        }
    }

    @Test
    void aBlockThatFailsCommitsNothingAndLeavesTheOldValue(@TempDir Path dir) throws IOException {
        Azurite azurite = Azurite.get();
        String container = azurite.container("failed");
        AtomicInteger blocks = new AtomicInteger();
        try (FaultProxy proxy = new FaultProxy(azurite.endpoint().getPort()); Arena arena = Arena.ofShared();
             WritableStore store = open(proxy.uri(Azurite.ACCOUNT).toString(), container, "retries=0")) {
            store.write("c/0", MemorySegment.ofArray("old".getBytes(StandardCharsets.UTF_8)));
            // the third Put Block of each write is refused for good
            proxy.when(line -> line.contains("comp=block&") && blocks.incrementAndGet() % 5 == 3, Fault.status(400));
            MemorySegment value = MappedNoise.of(dir, SIZE, 3, arena);
            for (String key : new String[] {"c/0", "c/1"}) {
                ZarrException e = assertThrows(ZarrException.StoreFailure.class, () -> store.write(key, value));
                // the proxy's 400 carries no Azure error document: the SDK reports it by its status alone
                assertTrue(e.getMessage().startsWith("key " + key + ": cannot be written: ") && e.getMessage().contains("Status code 400"), e.getMessage());
                assertFalse(proxy.log().stream().anyMatch(line -> line.contains("comp=blocklist")), "no block list committed: " + proxy.log());
            }
            assertEquals("old", new String(store.readBytes("c/0"), StandardCharsets.UTF_8));
            assertEquals(-1, store.size("c/1"));
        }
    }

    @Test
    void aConditionalWriteOfBlocksClaimsTheKeyOnce(@TempDir Path dir) throws IOException {
        Azurite azurite = Azurite.get();
        try (Arena arena = Arena.ofShared(); WritableStore store = open(azurite.endpoint().toString(), azurite.container("claim"), "")) {
            MemorySegment first = MappedNoise.of(dir, SIZE, 4, arena);
            assertTrue(store.create("claim", first));
            assertFalse(store.create("claim", MappedNoise.of(dir, SIZE, 5, arena)));
            assertStored(store, "claim", first);
        }
    }

    @Test
    void aBlockSizeBelowTheSmallestIsRefusedAndAGoodOneIsInTheDescriptor() {
        Azurite azurite = Azurite.get();
        String container = azurite.container("options");
        var e = assertThrows(ZarrException.BadRequest.class, () -> new AzStoreProvider().open(StoreDescriptor.parse(azurite.uri(container, "x", "partSize=1000"))));
        assertTrue(e.getMessage().contains("partSize=1000") && e.getMessage().contains("from 65536 to 1073741824"), e.getMessage());
        try (WritableStore store = new AzStoreProvider().openWritable(StoreDescriptor.parse(azurite.uri(container, "x", "partSize=65536")))) {
            assertEquals("65536", store.descriptor().options().get("partSize"));
        }
    }
}
