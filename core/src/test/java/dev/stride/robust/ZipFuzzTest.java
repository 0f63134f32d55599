package dev.stride.robust;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stride.internal.memory.ThreadScratch;
import dev.stride.internal.store.MemoryStore;
import dev.stride.internal.zip.ZipStore;
import dev.stride.model.ZarrException;
import dev.stride.spi.ListableStore;
import dev.stride.testing.Zips;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzz target: a zip file's bytes, opened as a store and every entry it lists read whole. Whatever the bytes, the
 * store either reads an entry's stated size or refuses with a {@link ZarrException} naming the zip; nothing else
 * escapes, and no read allocates more than deflate could give from the entry's stored bytes.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class ZipFuzzTest {
    private static final String ZIP = "f.zip";

    @org.junit.jupiter.params.provider.MethodSource("seeds")
    @FuzzTest(maxDuration = "60s")
    void zipFile(byte[] input) {
        MemoryStore outer = new MemoryStore().put(ZIP, input);
        try (ListableStore store = ZipStore.open(outer, ZIP, "", null)) {
            readBelow(store, "");
        } catch (ZarrException refused) {
            assertTrue(refused.getMessage().contains(ZIP), "the refusal does not name the zip: " + refused.getMessage());
        }
    }

    /** Reads every value below a prefix; a refusal of one must name its key or the zip. */
    private static void readBelow(ListableStore store, String prefix) {
        for (String name : store.list(prefix)) {
            String key = prefix + name;
            if (!store.list(key + "/").isEmpty()) {
                readBelow(store, key + "/");
                continue;
            }
            try (ThreadScratch scratch = new ThreadScratch()) {
                assertEquals(store.size(key), store.read(key, 0, -1, scratch).byteSize(), key);
            } catch (ZarrException refused) {
                assertTrue(refused.getMessage().contains(ZIP) || refused.getMessage().startsWith("key " + key + ":"),
                        "the refusal names neither the zip nor the key " + key + ": " + refused.getMessage());
            }
        }
    }

    static Stream<Arguments> seeds() {
        return Stream.of(zip(false), zip(true)).map(b -> Arguments.of((Object) b));
    }

    /** A small hierarchy as the JDK zips it, its chunks stored or deflated. */
    private static byte[] zip(boolean deflate) {
        Map<String, byte[]> values = Map.of("a/zarr.json", "{\"zarr_format\":3,\"node_type\":\"group\"}".getBytes(StandardCharsets.UTF_8),
                "a/c/0", new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, "a/c/1", new byte[64]);
        return Zips.of(values, name -> deflate || name.endsWith(".json"));
    }
}
