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
 * Fuzz targets: one chunk through each zstd and blosc chain, blosc on the engine in use (the system's libblosc when
 * present). Native code must never crash on what the fuzzer makes: a read gives every record or our exception.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class CodecFuzzTest {
    private static final List<ChunkFixture> ZSTD = Fuzzing.fixtures(CodecChains.zstdChains());
    private static final List<ChunkFixture> BLOSC = Fuzzing.fixtures(CodecChains.bloscChains());

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

    static Stream<Arguments> zstdSeeds() {
        return Fuzzing.seeds(ZSTD);
    }

    static Stream<Arguments> bloscSeeds() {
        return Fuzzing.seeds(BLOSC);
    }
}
