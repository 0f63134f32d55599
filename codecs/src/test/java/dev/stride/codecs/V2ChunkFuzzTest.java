package dev.stride.codecs;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stride.robust.Fuzzing;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Fuzz target: one chunk of a real Zarr v2 array through each numcodecs compressor and filter the v2 reader accepts
 * ({@link V2Array#everyCodec()}): lz4, bz2, lzma, zlib, gzip, blosc, zstd, and delta, fixedscaleoffset, bitround,
 * quantize, astype, shuffle, alone or behind a compressor. The first input byte picks the array, the rest is the chunk;
 * a read gives every record or a corrupt chunk naming its key, never another exception, a crash or a hang.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class V2ChunkFuzzTest {
    private static final List<V2Array> ARRAYS = V2Array.everyCodec().stream().map(Named::getPayload).toList();
    /** Each array's records in bytes, which a chunk that reads must give in full. */
    private static final int[] SIZES = ARRAYS.stream().mapToInt(a -> a.read(a.chunk()).length).toArray();

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "60s")
    void v2Chunk(byte[] input) {
        int i = input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % ARRAYS.size();
        byte[] read = ARRAYS.get(i).readOrRefuse(Fuzzing.chunk(input));
        if (read != null) {
            assertEquals(SIZES[i], read.length, "records read");
        }
    }

    static Stream<Arguments> seeds() {
        return IntStream.range(0, ARRAYS.size()).mapToObj(i -> Arguments.of((Object) Fuzzing.input(i, ARRAYS.get(i).chunk())));
    }
}
