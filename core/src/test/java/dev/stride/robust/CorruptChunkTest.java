package dev.stride.robust;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.document.MetadataParser;
import dev.stride.model.ArrayMetadata;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chunks truncated, extended and garbled through every codec chain, and the specific lies a chunk can tell: a bad
 * gzip trailer, a crc32c mismatch, shard indexes pointing outside the shard, overlapping or overflowing, inner chunks
 * of the wrong size, compressed values claiming more than their data can hold. Each is refused with
 * {@link ZarrException.CorruptChunk} naming the chunk key; a chain without a checksum may read garbled bytes as other
 * values, never as a crash or a wrong-sized result. The codecs module runs it again with zstd and blosc chains.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class CorruptChunkTest {
    private final Map<Chain, ChunkFixture> fixtures = new HashMap<>();

    /** The chains under test; the codecs module adds zstd and blosc. */
    protected List<Chain> chains() {
        return Chain.core();
    }

    protected ChunkFixture fixture(Chain chain) {
        return fixtures.computeIfAbsent(chain, ChunkFixture::of);
    }

    private ChunkFixture fixture(String name) {
        return fixture(chains().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow());
    }

    @ParameterizedTest
    @MethodSource("chains")
    void everyTruncationIsRefused(Chain chain) {
        ChunkFixture f = fixture(chain);
        for (byte[] truncated : Damage.truncations(f.valid())) {
            assertCorrupt(f, truncated);
        }
    }

    @ParameterizedTest
    @MethodSource("chains")
    void extendedChunksAreRefused(Chain chain) {
        ChunkFixture f = fixture(chain);
        for (byte[] longer : Damage.extensions(f.valid())) {
            if (chain.trailingBytesAllowed()) {
                byte[] read = Fuzzing.readOrRefuse(f, longer);
                assertTrue(read == null || Arrays.equals(read, ChunkFixture.records()), chain + ": trailing bytes changed the values");
            } else {
                assertCorrupt(f, longer);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("chains")
    void garbledBytesAreRefusedOrReadAsRecords(Chain chain) {
        ChunkFixture f = fixture(chain);
        List<byte[]> garbled = Damage.garbles(f.valid(), 200, 8);
        for (int i = 0; i < garbled.size(); i++) {
            byte[] read = Fuzzing.readOrRefuse(f, garbled.get(i));
            if (chain.checksummed() && read != null && !Arrays.equals(read, ChunkFixture.records())) {
                throw new AssertionError(chain + ": garbled copy " + i + " read as other values despite the checksum");
            }
        }
    }

    @Test
    void gzipTrailerMustMatch() {
        ChunkFixture f = fixture("gzip");
        byte[] valid = f.valid();
        int n = valid.length;
        assertTrue(assertCorrupt(f, withInt(valid, n - 8, intAt(valid, n - 8) ^ 1)).getMessage().contains("CRC32 mismatch"));
        assertTrue(assertCorrupt(f, withInt(valid, n - 4, intAt(valid, n - 4) + 1)).getMessage().contains("trailer says"));
        assertCorrupt(f, Arrays.copyOf(valid, n - 8));
    }

    /** Found by ChunkFuzzTest#gzipChunk, where java.util.zip disagreed: the optional header CRC16 went unchecked. */
    @Test
    void gzipHeaderCrcMustMatch() {
        ChunkFixture f = fixture("gzip");
        byte[] valid = f.valid();
        byte[] withCrc = new byte[valid.length + 2];
        System.arraycopy(valid, 0, withCrc, 0, 10);
        withCrc[3] |= 2;
        CRC32 crc = new CRC32();
        crc.update(withCrc, 0, 10);
        withCrc[10] = (byte) crc.getValue();
        withCrc[11] = (byte) (crc.getValue() >> 8);
        System.arraycopy(valid, 10, withCrc, 12, valid.length - 10);
        assertArrayEquals(ChunkFixture.records(), f.read(withCrc));
        withCrc[11] ^= 1;
        assertTrue(assertCorrupt(f, withCrc).getMessage().contains("header CRC16 mismatch"));
    }

    @Test
    void crc32cMismatchIsRefused() {
        ChunkFixture f = fixture("crc32c");
        byte[] bad = f.valid();
        bad[bad.length - 1] ^= 0x10;
        assertTrue(assertCorrupt(f, bad).getMessage().contains("crc32c mismatch"));
    }

    /** The 4 inner chunks of 90 bytes and the 64-byte index at the end of a plain shard, entry i at 16 i. */
    @Test
    void shardIndexEntriesMustLieInsideTheShard() {
        ChunkFixture f = fixture("shard index at end");
        byte[] shard = f.valid();
        int index = shard.length - 64;
        assertEquals(4 * 90, index);
        // beyond the end, across the end, into the index, before the start (as unsigned: 2^64 - 2)
        assertShardRefused(f, withEntry(shard, 0, shard.length, 90), "points outside the shard");
        assertShardRefused(f, withEntry(shard, 0, index - 10, 90), "points outside the shard");
        assertShardRefused(f, withEntry(shard, 0, index, 64), "points outside the shard");
        assertShardRefused(f, withEntry(shard, 0, -2, 90), "points outside the shard");
        // offset + nbytes overflows a long, or wraps past 2^64
        assertShardRefused(f, withEntry(shard, 1, Long.MAX_VALUE - 8, 90), "points outside the shard");
        assertShardRefused(f, withEntry(shard, 1, 90, Long.MAX_VALUE), "points outside the shard");
        assertShardRefused(f, withEntry(shard, 1, 90, -90), "points outside the shard");
        // half of the empty marker (2^64 - 1 twice) is no marker
        assertShardRefused(f, withEntry(shard, 2, -1, 90), "points outside the shard");
        assertShardRefused(f, withEntry(shard, 2, 180, -1), "points outside the shard");
    }

    @Test
    void overlappingShardIndexEntriesAreRefused() {
        ChunkFixture f = fixture("shard index at end");
        byte[] shard = f.valid();
        assertShardRefused(f, withEntry(shard, 1, 0, 90), "overlap");
        assertShardRefused(f, withEntry(shard, 3, 179, 90), "overlap");
    }

    @Test
    void innerChunksOfTheWrongSizeAreRefused() {
        ChunkFixture f = fixture("shard index at end");
        byte[] shard = f.valid();
        assertShardRefused(f, withEntry(shard, 2, 180, 89), "chunk holds 89 bytes, but [2, 3]");
        assertShardRefused(f, withEntry(shard, 2, 180, 0), "chunk holds 0 bytes");
    }

    @Test
    void anEmptyInnerChunkReadsAsFillValues() {
        ChunkFixture f = fixture("shard index at end");
        byte[] read = f.read(withEntry(f.valid(), 0, -1, -1));
        byte[] expected = ChunkFixture.records();
        // inner chunk 0 is the 2 x 3 box at the origin: records 0-2 and 6-8 of the 4 x 6 array hold the fill value (zero)
        for (int record : new int[] {0, 1, 2, 6, 7, 8}) {
            Arrays.fill(expected, record * 15, record * 15 + 15, (byte) 0);
        }
        assertArrayEquals(expected, read);
    }

    /**
     * Found by ChunkFuzzTest#gzipChunk (out of memory): after a shard the size of a gzip member is unknown, and its
     * trailer claimed 2 GB, which the reader allocated. A claim beyond what the deflate data can hold (1032 bytes per
     * byte) is now refused before allocating.
     */
    @Test
    void aCompressedShardMayNotClaimMoreThanItsDataCanHold() {
        ChunkFixture f = fixture("whole shard then gzip");
        byte[] oom = Base64.getDecoder().decode("H4sIAAAAAP9j5hKUGAAAAAAAd3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3d3");
        assertTrue(assertCorrupt(f, oom).getMessage().contains("more than"));
        assertDecodesCheaply(f, oom);
    }

    /** Decodes with a fresh context and checks that its buffers stayed small. */
    protected static void assertDecodesCheaply(ChunkFixture f, byte[] chunk) {
        ArrayMetadata meta = (ArrayMetadata) MetadataParser.parse("/", f.metadata());
        try (ChunkContext ctx = new ChunkContext()) {
            ctx.at("/", ChunkFixture.KEY);
            assertThrows(ZarrException.CorruptChunk.class, () -> CodecPipeline.of(meta).decode(MemorySegment.ofArray(chunk), ctx));
            assertTrue(ctx.scratch().bytesHeld() < 1 << 20, "allocated " + ctx.scratch().bytesHeld() + " bytes");
        }
    }

    private void assertShardRefused(ChunkFixture ranges, byte[] shard, String reason) {
        for (ChunkFixture f : List.of(ranges, fixture(ranges.chain().wholeShards()))) {
            var e = assertCorrupt(f, shard);
            assertTrue(e.getMessage().contains(reason), () -> f + ": '" + e.getMessage() + "' lacks '" + reason + "'");
        }
    }

    protected static ZarrException.CorruptChunk assertCorrupt(ChunkFixture f, byte[] chunk) {
        var e = assertThrows(ZarrException.CorruptChunk.class, () -> f.read(chunk), () -> f + ": " + chunk.length + " bytes were read");
        assertEquals(ChunkFixture.KEY, e.chunkKey(), e.getMessage());
        assertEquals("/", e.node());
        return e;
    }

    static byte[] withEntry(byte[] shard, int entry, long offset, long nbytes) {
        int at = shard.length - 64 + 16 * entry;
        ByteBuffer b = ByteBuffer.wrap(shard.clone()).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(at, offset).putLong(at + 8, nbytes);
        return b.array();
    }

    static int intAt(byte[] bytes, int at) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(at);
    }

    static byte[] withInt(byte[] bytes, int at, int value) {
        return ByteBuffer.wrap(bytes.clone()).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value).array();
    }
}
