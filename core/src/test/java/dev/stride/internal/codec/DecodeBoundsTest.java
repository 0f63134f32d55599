package dev.stride.internal.codec;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.Zarr;
import dev.stride.internal.store.LocalStore;
import dev.stride.model.IoMode;
import dev.stride.model.Region;
import dev.stride.model.ZarrException;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.testing.Doc;
import dev.stride.testing.Enc;
import dev.stride.testing.RecordingStore;
import dev.stride.testing.Shard;
import dev.stride.testing.Tree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import static dev.stride.testing.Refusals.corrupt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sizes bounded from the chunk outwards: what gzip and crc32c can make of n bytes, a stored chunk beyond that refused
 * from its size (unread), a header declaring more than the next codec can take refused before allocating.
 */
class DecodeBoundsTest {
    private static final String GZIP = "{'name': 'gzip', 'configuration': {'level': 1}}";
    private static final String CRC = "{'name': 'crc32c'}";
    /** gzip's bound of a 64 KiB chunk: zlib's fixed-code bound (74116) plus the largest header (69645) and the trailer. */
    private static final long GZIP_BOUND_64K = 143769;

    @TempDir
    Path dir;

    private static CodecPipeline pipeline(String type, String shape, String... codecs) {
        return CodecPipeline.of(Doc.array(type, shape, shape, "0", codecs).parseArray());
    }

    /** A gzip member made by java.util.zip's zlib with this level and strategy. */
    private static byte[] gzip(byte[] data, int level, int strategy) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out) {
            {
                def.setLevel(level);
                def.setStrategy(strategy);
            }
        }) {
            g.write(data);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }

    @Test
    void gzipAndCrc32cBoundWhatTheirEncodersMake() {
        BytesToBytesCodec gzip = pipeline("'uint8'", "[1]", Doc.BYTES_LE, GZIP).byteCodecs().getFirst();
        BytesToBytesCodec crc = pipeline("'uint8'", "[1]", Doc.BYTES_LE, CRC).byteCodecs().getFirst();
        assertEquals(GZIP_BOUND_64K, gzip.maxEncodedSize(65536));
        assertEquals(65540, crc.maxEncodedSize(65536));
        Random random = new Random(12);
        for (int n : new int[] {0, 1, 100, 65535, 65536, 1 << 20}) {
            byte[] noise = new byte[n];
            random.nextBytes(noise);
            for (int level = 0; level <= 9; level++) {
                for (int strategy : new int[] {Deflater.DEFAULT_STRATEGY, Deflater.FILTERED, Deflater.HUFFMAN_ONLY}) {
                    int made = gzip(noise, level, strategy).length;
                    assertTrue(made <= gzip.maxEncodedSize(n), n + " bytes at level " + level + ": " + made);
                }
            }
            assertTrue(CodecChainTest.gzipWithFullHeader(noise).length <= gzip.maxEncodedSize(n));
        }
    }

    @Test
    void theStoredBoundWalksTheChainOutwards() {
        assertEquals(65536, pipeline("'float64'", "[8192]", Doc.BYTES_LE).maxStoredSize());
        assertEquals(GZIP_BOUND_64K, pipeline("'float64'", "[8192]", Doc.BYTES_LE, GZIP).maxStoredSize());
        assertEquals(GZIP_BOUND_64K + 4, pipeline("'float64'", "[8192]", Doc.BYTES_LE, GZIP, CRC).maxStoredSize());
        CodecPipeline twice = pipeline("'float64'", "[8192]", Doc.BYTES_LE, GZIP, GZIP);
        BytesToBytesCodec gzip = twice.byteCodecs().getFirst();
        assertEquals(gzip.maxEncodedSize(GZIP_BOUND_64K), twice.maxStoredSize());
        // a shard may hold bytes between its inner chunks (found by ChunkFuzzTest): no bound from its size, its inner
        // chunks are bounded one by one
        Shard shard = new Shard(4);
        CodecPipeline sharded = pipeline("'float64'", "[8192]", shard.codec("[2048]", "[" + Doc.BYTES_LE + ", " + GZIP + "]"));
        assertEquals(Long.MAX_VALUE, sharded.maxStoredSize());
        assertEquals(gzip.maxEncodedSize(16384), ((ShardingCodec) sharded.bytesCodec()).inner().maxStoredSize());
    }

    /** Found by issue 12: a 1 GB sparse file as a gzip chunk cost 2.1 GB before its bad magic was refused. */
    @ParameterizedTest
    @EnumSource(IoMode.class)
    void aStoredChunkLargerThanItsCodecsCanMakeIsRefusedFromItsSizeUnread(IoMode mode) throws IOException {
        Tree.array(Doc.array("'float64'", "[16384]", "[8192]", "0", Doc.BYTES_LE, GZIP)).writeTo(dir);
        Files.createDirectories(dir.resolve("c"));
        try (RandomAccessFile sparse = new RandomAccessFile(dir.resolve("c/0").toFile(), "rw")) {
            sparse.setLength(1L << 30);
        }
        RecordingStore store = new RecordingStore(LocalStore.open(dir, mode));
        try (Zarr z = Zarr.open(store)) {
            corrupt("c/0", "chunk holds 1073741824 bytes, but [8192] float64 encodes to at most " + GZIP_BOUND_64K + " through [gzip]",
                    () -> z.array("/").read("", null));
        }
        // one read of at most what gzip can make, which brings the file's size: no stat, and not the gigabyte
        assertTrue(store.chunkReads().stream().noneMatch(r -> r.key().equals("c/0") && r.bytes() > GZIP_BOUND_64K),
                "more than gzip's bound was read: " + store.chunkReads());
        assertEquals(List.of(), store.sizesAsked());
    }

    @Test
    void aShardsInnerChunkLargerThanItsCodecsCanMakeIsRefusedUnread() {
        long innerBound = pipeline("'int32'", "[2]", Doc.BYTES_LE, GZIP).maxStoredSize();
        Shard shard = new Shard(2).put(0, new byte[(int) innerBound + 1]).put(1, Enc.gzip(Enc.le().i32(3).i32(4).bytes()));
        RecordingStore store = new RecordingStore(Tree.array(Doc.array("'int32'", "[4]", "[4]", "0",
                shard.codec("[2]", "[" + Doc.BYTES_LE + ", " + GZIP + "]"))).put("c/0", shard.bytes()).memory());
        try (Zarr z = Zarr.open(store)) {
            assertArrayEquals(new int[] {3, 4}, z.array("/").read("", Region.parse("2:4", new long[] {4})).asInts().values());
            corrupt("c/0", "chunk holds " + (innerBound + 1) + " bytes, but [2] int32 encodes to at most " + innerBound + " through [gzip]",
                    () -> z.array("/").read("", Region.parse("0:2", new long[] {4})));
        }
        assertTrue(store.chunkReads().stream().noneMatch(r -> r.offset() == shard.offsetOf(0) && r.length() == innerBound + 1),
                store.chunkReads()::toString);
    }

    /** Decodes one stored chunk through {@code codecs} with a fresh context; returns the refusal and what it allocated. */
    private static long refusedAllocating(CodecPipeline codecs, byte[] chunk, String reason) {
        try (ChunkContext ctx = new ChunkContext()) {
            ctx.at("/", "c/0");
            var e = assertThrows(ZarrException.CorruptChunk.class, () -> codecs.decode(MemorySegment.ofArray(chunk), ctx));
            assertTrue(e.getMessage().contains(reason), e.getMessage());
            return ctx.scratch().bytesHeld();
        }
    }

    @Test
    void anOuterMemberMayNotDeclareMoreThanTheInnerCodecCanTake() {
        CodecPipeline twice = pipeline("'int32'", "[2]", Doc.BYTES_LE, GZIP, GZIP);
        long innerBound = twice.byteCodecs().getFirst().maxEncodedSize(8);
        byte[] noise = new byte[60_000];
        new Random(5).nextBytes(noise);
        byte[] outer = Enc.gzip(noise);
        ByteBuffer.wrap(outer).order(ByteOrder.LITTLE_ENDIAN).putInt(outer.length - 4, 50_000_000);
        long held = refusedAllocating(twice, outer, "gzip: trailer says 50000000 decoded bytes, more than the " + innerBound
                + " bytes the next codec can take");
        assertTrue(held < 1 << 20, "allocated " + held + " bytes");
    }

    @Test
    void anExactSizeBeyondWhatTheStoredBytesCanExpandToIsRefusedUnallocated() {
        CodecPipeline big = pipeline("'int32'", "[8388608]", Doc.BYTES_LE, GZIP);
        byte[] tiny = Enc.gzip(Enc.le().i32(1).i32(2).bytes());
        long held = refusedAllocating(big, tiny, "gzip: " + (tiny.length - 10) + " encoded bytes cannot decode to the expected 33554432 bytes"
                + " (at most 1032 per byte)");
        assertTrue(held < 1 << 20, "allocated " + held + " bytes");
    }
}
