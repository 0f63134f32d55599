package dev.stride.codecs;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stride.robust.ChunkFixture;
import dev.stride.robust.Fuzzing;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

/**
 * Fuzz targets: one chunk through each zstd, blosc and numcodecs chain, blosc on the engine in use (the system's
 * libblosc when present). Native code must never crash on what the fuzzer makes, and no Java decoder may hang or
 * throw its own exceptions: a read gives every record or our exception.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class CodecFuzzTest {
    private static final List<ChunkFixture> ZSTD = Fuzzing.fixtures(CodecChains.zstdChains());
    private static final List<ChunkFixture> BLOSC = Fuzzing.fixtures(CodecChains.bloscChains());
    private static final List<ChunkFixture> NUMCODECS = Fuzzing.fixtures(CodecChains.numcodecsChains());

    @MethodSource("zstdSeeds")
    @FuzzTest(maxDuration = "60s")
    void zstdChunk(byte[] input) {
        Fuzzing.check(Fuzzing.pick(ZSTD, input), Fuzzing.chunk(input), null);
    }

    @MethodSource("bloscSeeds")
    @FuzzTest(maxDuration = "60s")
    void bloscChunk(byte[] input) {
        Fuzzing.check(Fuzzing.pick(BLOSC, input), Fuzzing.chunk(input), null);
    }

    @MethodSource("numcodecsSeeds")
    @FuzzTest(maxDuration = "60s")
    void numcodecsChunk(byte[] input) {
        Fuzzing.check(Fuzzing.pick(NUMCODECS, input), Fuzzing.chunk(input), null);
    }

    static Stream<Arguments> numcodecsSeeds() {
        return Fuzzing.seeds(NUMCODECS);
    }

    static Stream<Arguments> zstdSeeds() {
        return Fuzzing.seeds(ZSTD);
    }

    static Stream<Arguments> bloscSeeds() {
        return Fuzzing.seeds(BLOSC);
    }
}
