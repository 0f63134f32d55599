package dev.stride.codecs;

import dev.stride.internal.memory.DecodeBudget;
import dev.stride.model.ZarrException;
import dev.stride.robust.Damage;
import dev.stride.robust.Fuzzing;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;
import java.util.zip.Deflater;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One chunk of a real Zarr v2 array truncated, extended and garbled, through every compressor and filter id the v2
 * reader accepts: the corpus's arrays for the compressors (each written by numcodecs or zarr-python 2), and a
 * {@code .zarray} laid out here around a chunk numcodecs' filter encoded for each filter, with no compressor, so the
 * filter meets the damaged bytes itself. A read gives every element or throws {@link ZarrException.CorruptChunk}
 * naming the node and the chunk's key; never another exception, never a hang, and never a buffer past a decode budget
 * of a few MiB over what the test found in use.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class V2CorruptChunkTest {
    private static final long BUDGET_HEADROOM = 16 << 20;
    private static long budgetBefore;

    @BeforeAll
    static void smallBudget() {
        DecodeBudget shared = DecodeBudget.shared();
        budgetBefore = shared.limit();
        shared.limit(shared.used() + BUDGET_HEADROOM);
    }

    @AfterAll
    static void restoreBudget() {
        DecodeBudget.shared().limit(budgetBefore);
    }

    static List<Named<V2Array>> arrays() {
        return V2Array.everyCodec();
    }

    @ParameterizedTest
    @MethodSource("arrays")
    void everyTruncationIsRefusedNamingTheKey(V2Array array) {
        for (byte[] truncated : Damage.truncations(array.chunk())) {
            assertCorrupt(array, truncated);
        }
    }

    @ParameterizedTest
    @MethodSource("arrays")
    void bytesAfterTheChunkAreRefusedOrIgnored(V2Array array) {
        byte[] expected = array.read(array.chunk());
        for (byte[] longer : Damage.extensions(array.chunk())) {
            byte[] read = array.readOrRefuse(longer);
            if (read != null) {
                assertArrayEquals(expected, read, "trailing bytes changed the values");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("arrays")
    void garbledBytesAreRefusedOrReadWhole(V2Array array) {
        int size = array.read(array.chunk()).length;
        List<byte[]> garbled = Damage.garbles(array.chunk(), 300, 11);
        for (int i = 0; i < garbled.size(); i++) {
            byte[] read = array.readOrRefuse(garbled.get(i));
            if (read != null) {
                assertEquals(size, read.length, "garbled copy " + i);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"gzip, numcodecs/mixed.2d.gzip, 0.0", "lzma, numcodecs/mixed.0d.lzma, 0"})
    void anEmptyStreamSaysSo(String codec, String path, String key) {
        var e = assertCorrupt(V2Array.corpus(path, key), new byte[0]);
        assertTrue(e.getMessage().endsWith(" chunk " + key + ": " + codec + ": the data ends before its stream does (empty or cut off)"),
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 6, 7, 9, 10, 16})
    void anUncompressedChunkOfTheWrongSizeIsRefusedNamingItsKey(int size) {
        // int16 [4] in one chunk: 8 bytes
        V2Array raw = V2Array.corpus("zarr-python-2/data.zarr/1d.contiguous.raw.i2", "0");
        var e = assertCorrupt(raw, new byte[size]);
        assertTrue(e.getMessage().startsWith("/ chunk 0: chunk holds " + size + " bytes, but "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" needs 8"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 6, 7, 9, 10, 16})
    void aCompressedChunkThatDecompressesToTheWrongSizeIsRefusedNamingItsKey(int size) {
        // the JDK's zlib writes the stream numcodecs' zlib would: a chunk of the wrong size, well formed
        Deflater deflater = new Deflater(1);
        deflater.setInput(new byte[size]);
        deflater.finish();
        byte[] stream = new byte[64];
        int n = deflater.deflate(stream);
        deflater.end();
        V2Array zlib = V2Array.corpus("zarr-python-2/data.zarr/1d.contiguous.zlib.i2", "0");
        var e = assertCorrupt(zlib, Arrays.copyOf(stream, n));
        String expected = size < 8 ? "zlib: decodes to " + size + " bytes, expected 8" : "zlib: decodes to more than the expected 8 bytes";
        assertTrue(e.getMessage().startsWith("/ chunk 0: " + expected), e.getMessage());
    }

    private static ZarrException.CorruptChunk assertCorrupt(V2Array array, byte[] chunk) {
        var e = assertThrows(ZarrException.CorruptChunk.class, () -> array.read(chunk),
                () -> chunk.length + " bytes of chunk " + array.key() + " were read");
        array.assertNames(e);
        return e;
    }
}
