package dev.stride.robust;

import dev.stride.model.ZarrException;
import org.junit.jupiter.params.provider.Arguments;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the chunk fuzz targets share: the first input byte picks one of a target's fixtures, the rest is the chunk.
 * A read must give every record or throw a {@link ZarrException}; anything else (another exception, an error, a
 * crash, a hang) is a finding. Seeds are each fixture's valid chunk.
 */
public final class Fuzzing {
    /**
     * The fuzz targets' JUnit timeout, a guard against a hang when the seeds replay as tests. It is generous because
     * the first seed of a class also pays for Jazzer instrumenting every class it loads, which on a busy machine takes
     * tens of seconds; {@code checks/fuzz.sh} gives libFuzzer its own tighter limit for each input.
     */
    public static final long HANG_GUARD_SECONDS = 120;

    private Fuzzing() {
    }

    public static List<ChunkFixture> fixtures(List<Chain> chains) {
        return chains.stream().map(ChunkFixture::of).toList();
    }

    /** One seed per fixture: its selector byte, then its valid chunk. */
    public static Stream<Arguments> seeds(List<ChunkFixture> fixtures) {
        return IntStream.range(0, fixtures.size()).mapToObj(i -> Arguments.of((Object) input(i, fixtures.get(i).valid())));
    }

    /** A fuzz input that picks fixture {@code selector} for {@code chunk}. */
    public static byte[] input(int selector, byte[] chunk) {
        byte[] out = new byte[chunk.length + 1];
        out[0] = (byte) selector;
        System.arraycopy(chunk, 0, out, 1, chunk.length);
        return out;
    }

    public static ChunkFixture pick(List<ChunkFixture> fixtures, byte[] input) {
        return fixtures.get(input.length == 0 ? 0 : Byte.toUnsignedInt(input[0]) % fixtures.size());
    }

    public static byte[] chunk(byte[] input) {
        return input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
    }

    /** The records read from {@code chunk}, or null when it was refused with our exception. */
    public static byte[] readOrRefuse(ChunkFixture fixture, byte[] chunk) {
        byte[] records;
        try {
            records = fixture.read(chunk);
        } catch (ZarrException refused) {
            if (!refused.getMessage().contains(ChunkFixture.KEY)) {
                fail(fixture + ": the refusal does not name the chunk: " + refused.getMessage());
            }
            return null;
        }
        assertEquals(ChunkFixture.records().length, records.length, fixture + ": records read");
        return records;
    }

    /**
     * Reads {@code chunk}; when it decodes, an independent decoder ({@code reference}, null where there is none)
     * must agree, so nothing wrong is returned silently.
     */
    public static void check(ChunkFixture fixture, byte[] chunk, Function<byte[], byte[]> reference) {
        byte[] records = readOrRefuse(fixture, chunk);
        if (records != null && reference != null) {
            byte[] expected;
            try {
                expected = reference.apply(chunk);
            } catch (RuntimeException e) {
                throw new AssertionError(fixture + ": decoded a chunk the reference decoder refuses", e);
            }
            assertArrayEquals(expected, records, fixture + ": differs from the reference decoder");
        }
    }

    private static String refusal(ChunkFixture fixture, byte[] chunk) {
        try {
            fixture.read(chunk);
            return "(it reads it on a second try)";
        } catch (ZarrException refused) {
            return refused.getMessage();
        }
    }

    /** Two arrays that store chunks alike but decode them by different paths must both refuse or read the same records. */
    public static void sameOutcome(ChunkFixture a, ChunkFixture b, byte[] chunk) {
        byte[] first = readOrRefuse(a, chunk);
        byte[] second = readOrRefuse(b, chunk);
        if ((first == null) != (second == null)) {
            ChunkFixture refusing = first == null ? a : b;
            fail(refusing + " refuses a chunk that " + (first == null ? b : a) + " reads: " + refusal(refusing, chunk));
        }
        if (first != null) {
            assertArrayEquals(first, second, a + " and " + b + " read different records");
        }
    }
}
