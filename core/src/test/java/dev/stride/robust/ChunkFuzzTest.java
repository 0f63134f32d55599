package dev.stride.robust;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import java.util.zip.GZIPInputStream;

/**
 * Fuzz targets: one chunk through each chain of the core codecs. Run as tests, they read the seeds (each chain's
 * valid chunk); with {@code JAZZER_FUZZ=1} Jazzer mutates them (see {@code checks/fuzz.sh}). Decoders that have an
 * independent reference (bytes, crc32c, gzip) must agree with it; shards are read both by inner-chunk byte ranges
 * and whole, which must agree.
 */
@Timeout(Fuzzing.HANG_GUARD_SECONDS)
class ChunkFuzzTest {
    private static final List<ChunkFixture> PLAIN = Fuzzing.fixtures(Chain.core("bytes", "transpose", "crc32c"));
    private static final List<ChunkFixture> GZIP = Fuzzing.fixtures(Chain.core("gzip", "transpose gzip crc32c", "whole shard then gzip"));
    private static final List<Chain> SHARDS = Chain.core("shard index at end", "shard index at start", "shard crc32c inner chunks");
    private static final List<ChunkFixture> SHARD_RANGES = Fuzzing.fixtures(SHARDS);
    private static final List<ChunkFixture> SHARD_WHOLE = Fuzzing.fixtures(SHARDS.stream().map(Chain::wholeShards).toList());
    private static final List<Chain> NESTED = Chain.core("nested shards");
    private static final List<ChunkFixture> NESTED_RANGES = Fuzzing.fixtures(NESTED);
    private static final List<ChunkFixture> NESTED_WHOLE = Fuzzing.fixtures(NESTED.stream().map(Chain::wholeShards).toList());

    @MethodSource("plainSeeds")
    @FuzzTest(maxDuration = "60s")
    void plainChunk(byte[] input) {
        ChunkFixture f = Fuzzing.pick(PLAIN, input);
        Function<byte[], byte[]> reference = switch (f.chain().name()) {
            case "bytes" -> ChunkFuzzTest::exactSize;
            case "crc32c" -> ChunkFuzzTest::crc32c;
            default -> null;
        };
        Fuzzing.check(f, Fuzzing.chunk(input), reference);
    }

    @MethodSource("gzipSeeds")
    @FuzzTest(maxDuration = "60s")
    void gzipChunk(byte[] input) {
        ChunkFixture f = Fuzzing.pick(GZIP, input);
        Fuzzing.check(f, Fuzzing.chunk(input), f.chain().name().equals("gzip") ? ChunkFuzzTest::gunzip : null);
    }

    @MethodSource("shardSeeds")
    @FuzzTest(maxDuration = "60s")
    void shardChunk(byte[] input) {
        int i = SHARD_RANGES.indexOf(Fuzzing.pick(SHARD_RANGES, input));
        Fuzzing.sameOutcome(SHARD_RANGES.get(i), SHARD_WHOLE.get(i), Fuzzing.chunk(input));
    }

    @MethodSource("nestedSeeds")
    @FuzzTest(maxDuration = "60s")
    void nestedShardChunk(byte[] input) {
        Fuzzing.sameOutcome(NESTED_RANGES.getFirst(), NESTED_WHOLE.getFirst(), Fuzzing.chunk(input));
    }

    static Stream<Arguments> plainSeeds() {
        return Fuzzing.seeds(PLAIN);
    }

    static Stream<Arguments> gzipSeeds() {
        return Fuzzing.seeds(GZIP);
    }

    static Stream<Arguments> shardSeeds() {
        return Fuzzing.seeds(SHARD_RANGES);
    }

    static Stream<Arguments> nestedSeeds() {
        return Fuzzing.seeds(NESTED_RANGES);
    }

    private static byte[] exactSize(byte[] chunk) {
        if (chunk.length != ChunkFixture.records().length) {
            throw new IllegalArgumentException("wrong size");
        }
        return chunk;
    }

    private static byte[] crc32c(byte[] chunk) {
        byte[] data = Arrays.copyOf(chunk, chunk.length - 4);
        CRC32C crc = new CRC32C();
        crc.update(data);
        if ((int) crc.getValue() != ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).getInt(data.length)) {
            throw new IllegalArgumentException("checksum");
        }
        return exactSize(data);
    }

    private static byte[] gunzip(byte[] chunk) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(chunk))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
