package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import com.github.luben.zstd.Zstd;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.model.ZarrException;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.testing.Doc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.Random;

import static dev.stride.codecs.Fixtures.KEY;
import static dev.stride.codecs.Fixtures.NODE;
import static dev.stride.codecs.Fixtures.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * zstd's and blosc's bounds on what they make of n bytes, and chains where an outer frame or header declares more
 * than the inner codec can take: refused before the output is allocated.
 */
class CodecBoundsTest {
    private static final String ZSTD = "{'name': 'zstd', 'configuration': {'level': 3}}";
    private static final String BLOSC = "{'name': 'blosc', 'configuration': {'cname': 'lz4', 'clevel': 5, 'shuffle': 'noshuffle'}}";
    /** compressBound(65536): 65536 + 65536 / 256 + (128 KiB - 64 KiB) / 2048. */
    private static final long ZSTD_BOUND_64K = 65824;

    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    @AfterEach
    void close() {
        ctx.close();
    }

    /** float64 [8192] (64 KiB chunks) through {@code codecs} after a little-endian bytes codec. */
    private static CodecPipeline chain(String... codecs) {
        String[] all = new String[codecs.length + 1];
        all[0] = Doc.BYTES_LE;
        System.arraycopy(codecs, 0, all, 1, codecs.length);
        return CodecPipeline.of(Doc.array("'float64'", "[8192]", "[8192]", "0", all).parseArray());
    }

    private static byte[] noise(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void zstdsBoundIsLibzstdsCompressBoundAndHoldsWhatItMakes() {
        BytesToBytesCodec zstd = chain(ZSTD).byteCodecs().getFirst();
        for (long n : new long[] {0, 1, 100, 65536, 131071, 131072, 1 << 20, Integer.MAX_VALUE}) {
            assertEquals(Zstd.compressBound(n), zstd.maxEncodedSize(n), "n = " + n);
        }
        assertEquals(ZSTD_BOUND_64K, zstd.maxEncodedSize(65536));
        for (int n : new int[] {0, 1, 1000, 65536, 300_000}) {
            byte[] data = noise(n, n);
            for (int level : new int[] {-5, 1, 3, 19}) {
                assertTrue(Zstd.compress(data, level).length <= zstd.maxEncodedSize(n), n + " bytes at level " + level);
            }
        }
    }

    @Test
    void bloscsBoundIsItsHeaderOnTopAndHoldsWhatItMakes() {
        CodecPipeline blosc = chain("{'name': 'blosc', 'configuration': {'cname': 'lz4', 'clevel': 9, 'shuffle': 'shuffle'}}");
        BytesToBytesCodec codec = blosc.byteCodecs().getFirst();
        assertEquals(65536 + 16, codec.maxEncodedSize(65536));
        assertEquals(65536 + 16, blosc.maxStoredSize());
        byte[] data = noise(65536, 3);
        assertEquals(65536 + 16, blosc.encode(MemorySegment.ofArray(data), ctx).byteSize(), "noise is stored as it is");
    }

    @Test
    void aChunkThroughTwoZstdFramesDecodes() {
        byte[] data = noise(65536, 7);
        byte[] stored = Zstd.compress(Zstd.compress(data, 3), 3);
        assertArrayEquals(data, toBytes(chain(ZSTD, ZSTD).decode(MemorySegment.ofArray(stored), ctx)));
    }

    /** Issue 12: {@code [bytes, zstd, zstd]} whose outer frame declares far more than a frame of the chunk can be. */
    @Test
    void anOuterZstdFrameMayNotDeclareMoreThanTheInnerFrameCanTake() {
        byte[] outer = Zstd.compress(new byte[64 << 20], 3);
        var e = assertThrows(ZarrException.CorruptChunk.class, () -> chain(ZSTD, ZSTD).decode(MemorySegment.ofArray(outer), ctx));
        assertTrue(e.getMessage().contains("chunk " + KEY + ": zstd: frame header says 67108864 decoded bytes, more than the "
                + ZSTD_BOUND_64K + " bytes the next codec can take"), e.getMessage());
        assertTrue(ctx.scratch().bytesHeld() < 1 << 20, "allocated " + ctx.scratch().bytesHeld() + " bytes");
    }

    @Test
    void anOuterBloscHeaderMayNotDeclareMoreThanTheInnerFrameCanTake() {
        CodecPipeline zstdThenBlosc = chain(ZSTD, BLOSC);
        byte[] outer = toBytes(zstdThenBlosc.byteCodecs().get(1).encode(MemorySegment.ofArray(new byte[70_000]), ctx));
        var e = assertThrows(ZarrException.CorruptChunk.class, () -> zstdThenBlosc.decode(MemorySegment.ofArray(outer), ctx));
        assertTrue(e.getMessage().contains("blosc: header says 70000 decoded bytes, more than the " + ZSTD_BOUND_64K
                + " bytes the next codec can take"), e.getMessage());
    }
}
