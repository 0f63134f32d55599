package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ZarrException;
import dev.stride.spi.DecodedSize;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;

import static dev.stride.codecs.Fixtures.KEY;
import static dev.stride.codecs.Fixtures.NODE;
import static dev.stride.codecs.Fixtures.assertCorrupt;
import static dev.stride.codecs.Fixtures.config;
import static dev.stride.codecs.Fixtures.raw;
import static dev.stride.codecs.Fixtures.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** What every blosc engine must do; run once per engine by its subclasses. */
abstract class BloscCodecContract {
    private static final String[] FIXTURES = {"blosclz-bitshuffle", "blosclz-noshuffle", "blosclz-shuffle", "clevel0",
            "lz4-auto-blocksize", "lz4-bitshuffle", "lz4-noshuffle", "lz4-shuffle", "lz4hc-bitshuffle", "lz4hc-noshuffle",
            "lz4hc-shuffle", "zlib-bitshuffle", "zlib-noshuffle", "zlib-shuffle", "zstd-bitshuffle", "zstd-noshuffle", "zstd-shuffle"};
    /** Four blocks, compressed: a chunk whose block offsets matter. */
    private static final String MULTI_BLOCK = "blosc/zstd-shuffle.bin";

    private final Arena arena = Arena.ofConfined();
    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    abstract BloscEngine engine();

    @AfterEach
    void close() {
        ctx.close();
        arena.close();
    }

    BloscCodec blosc(String configuration) {
        return new BloscCodec(config("{\"name\":\"blosc\",\"configuration\":" + configuration + "}"), Fixtures.int32Chunk(4096), engine());
    }

    BloscCodec blosc() {
        return blosc("{\"cname\":\"lz4\",\"clevel\":5,\"shuffle\":\"shuffle\",\"typesize\":4,\"blocksize\":0}");
    }

    static Stream<Arguments> compressorsAndShuffles() {
        return Arrays.stream(BloscCompressor.values()).flatMap(c -> BloscSettings.SHUFFLES.stream().map(s -> Arguments.of(c, s)));
    }

    @ParameterizedTest
    @MethodSource("compressorsAndShuffles")
    void roundTrips(BloscCompressor cname, String shuffle) {
        BloscCodec codec = blosc("{\"cname\":\"" + cname.cname + "\",\"clevel\":5,\"shuffle\":\"" + shuffle + "\",\"typesize\":4,\"blocksize\":0}");
        byte[] data = raw();
        if (!engine().encodes(cname)) {
            var e = assertThrows(ZarrException.Unsupported.class, () -> codec.encode(MemorySegment.ofArray(data), ctx));
            assertEquals("/codecs/0/configuration/cname", e.member());
            return;
        }
        byte[] chunk = toBytes(codec.encode(MemorySegment.ofArray(data), ctx));
        int flags = chunk[2] & 0xff;
        assertEquals(cname.format, flags >>> 5, "compressor format");
        assertEquals(shuffle.equals("shuffle"), (flags & 0x01) != 0, "byte shuffle flag");
        assertEquals(shuffle.equals("bitshuffle"), (flags & 0x04) != 0, "bit shuffle flag");
        assertArrayEquals(data, toBytes(codec.decode(MemorySegment.ofArray(chunk), DecodedSize.exactly(data.length), ctx)));
        assertArrayEquals(data, toBytes(codec.decode(MemorySegment.ofArray(chunk), DecodedSize.ANY, ctx)), "the header records the size");
    }

    @ParameterizedTest
    @CsvSource({
            "zstd, 1, 4, 256, 16384", // many blocks
            "lz4, 0, 4, 0, 16384",    // clevel 0: stored
            "blosclz, 5, 4, 0, 0",    // nothing
            "lz4, 5, 4, 0, 1",
            "zstd, 9, 4, 0, 40",      // below c-blosc's 128-byte minimum: stored
            "zlib, 5, 13, 0, 16380",  // a 13-byte record type
            "lz4, 5, 300, 0, 16384"}) // above 255: c-blosc shuffles as bytes
    void roundTripsBlocksLevelsAndSizes(String cname, int clevel, int typesize, int blocksize, int size) {
        BloscCodec codec = blosc("{\"cname\":\"" + cname + "\",\"clevel\":" + clevel + ",\"shuffle\":\"shuffle\",\"typesize\":" + typesize
                + ",\"blocksize\":" + blocksize + "}");
        byte[] data = Arrays.copyOf(raw(), size);
        MemorySegment chunk = codec.encode(MemorySegment.ofArray(data), ctx);
        assertArrayEquals(data, toBytes(codec.decode(chunk, DecodedSize.exactly(size), ctx)));
    }

    @Test
    void decodesChunksOfNumcodecs() {
        byte[] data = raw();
        for (String name : FIXTURES) {
            for (Fixtures.Kind kind : Fixtures.Kind.values()) {
                MemorySegment chunk = kind.of(Fixtures.bytes("blosc/" + name + ".bin"), arena);
                assertArrayEquals(data, toBytes(blosc().decode(chunk, DecodedSize.exactly(data.length), ctx)), kind + " " + name);
            }
        }
        byte[] tiny = Fixtures.bytes("blosc/tiny.bin");
        assertArrayEquals(Arrays.copyOf(data, 40), toBytes(blosc().decode(MemorySegment.ofArray(tiny), DecodedSize.exactly(40), ctx)));
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Kind.class)
    void encodesFromEveryKindOfSegment(Fixtures.Kind kind) {
        byte[] data = raw();
        BloscCodec codec = blosc();
        MemorySegment chunk = codec.encode(kind.of(data, arena), ctx);
        assertArrayEquals(data, toBytes(codec.decode(chunk, DecodedSize.exactly(data.length), ctx)));
    }

    @Test
    void writesItsConfiguration() {
        assertEquals("{\"cname\":\"zstd\",\"clevel\":3,\"shuffle\":\"bitshuffle\",\"typesize\":2,\"blocksize\":0}",
                JsonCodec.print(blosc("{\"cname\":\"zstd\",\"clevel\":3,\"shuffle\":2,\"typesize\":2}").configuration()));
        // typesize omitted: 1 without shuffle, else the element size
        assertEquals("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"noshuffle\",\"typesize\":1,\"blocksize\":0}",
                JsonCodec.print(blosc("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"noshuffle\"}").configuration()));
        assertEquals("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"shuffle\",\"typesize\":4,\"blocksize\":0}",
                JsonCodec.print(blosc("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":1,\"blocksize\":0}").configuration()));
    }

    @Test
    void refusesEveryTruncation() {
        byte[] chunk = Fixtures.bytes(MULTI_BLOCK);
        for (int n = 0; n < chunk.length; n++) {
            byte[] cut = Arrays.copyOf(chunk, n);
            assertCorrupt(() -> blosc().decode(MemorySegment.ofArray(cut), DecodedSize.exactly(raw().length), ctx));
            assertCorrupt(() -> blosc().decode(MemorySegment.ofArray(cut), DecodedSize.ANY, ctx));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blosc/zstd-shuffle.bin", "blosc/lz4-bitshuffle.bin", "blosc/blosclz-shuffle.bin", "blosc/zlib-noshuffle.bin"})
    void survivesEveryGarbledByte(String file) {
        byte[] chunk = Fixtures.bytes(file);
        for (int i = 0; i < chunk.length; i++) {
            byte[] bad = chunk.clone();
            bad[i] ^= 0x5a;
            decodesOrRefuses(bad);
        }
    }

    @Test
    void survivesRandomGarbling() {
        Random random = new Random(42);
        for (String name : FIXTURES) {
            byte[] chunk = Fixtures.bytes("blosc/" + name + ".bin");
            for (int round = 0; round < 40; round++) {
                byte[] bad = chunk.clone();
                for (int k = 1 + random.nextInt(8); k > 0; k--) {
                    bad[BloscHeader.SIZE + random.nextInt(bad.length - BloscHeader.SIZE)] = (byte) random.nextInt();
                }
                decodesOrRefuses(bad);
            }
        }
    }

    /** Blosc has no checksum: a garbled chunk may decode to wrong bytes of the right size, but never crash. */
    private void decodesOrRefuses(byte[] bad) {
        try {
            assertEquals(raw().length, blosc().decode(MemorySegment.ofArray(bad), DecodedSize.exactly(raw().length), ctx).byteSize());
        } catch (ZarrException.CorruptChunk e) {
            assertTrue(e.getMessage().contains("chunk " + KEY), e.getMessage());
        } catch (ZarrException.Unsupported e) {
            // a flipped format code may name a compressor this engine lacks
            assertTrue(e.getMessage().contains("cannot decompress"), e.getMessage());
        }
    }

    @Test
    void refusesHeadersThatLie() {
        byte[] chunk = Fixtures.bytes(MULTI_BLOCK);
        int n = raw().length;
        assertRefused(withInt(chunk, 4, 0x7ffffff0), -1, "more than blosc allows");
        assertRefused(withInt(chunk, 4, 0xfffffff0), -1, "more than blosc allows");
        assertRefused(withInt(chunk, 4, 1 << 30), -1, "more than " + chunk.length + " encoded bytes can hold");
        assertRefused(withInt(chunk, 4, 1 << 30), n, "header says 1073741824 decoded bytes, expected 16384");
        assertRefused(withInt(chunk, 4, n + 1), -1, null);
        assertRefused(withInt(chunk, 4, n - 1), -1, null);
        assertRefused(withInt(chunk, 12, chunk.length + 1), n, "compressed bytes");
        assertRefused(withInt(chunk, 12, chunk.length - 1), n, "compressed bytes");
        assertRefused(withInt(chunk, 8, 0), n, "blocksize 0");
        assertRefused(withInt(chunk, 8, n + 1), n, "blocksize");
        assertRefused(withInt(chunk, 8, 16), n, "block offsets do not fit");
        assertRefused(withInt(chunk, 16, 4), n, "block 0 starts at 4");
        assertRefused(withInt(chunk, 20, chunk.length), n, "block 1 starts");
        assertRefused(withByte(chunk, 0, 1), n, "format version 1");
        assertRefused(withByte(chunk, 0, 3), n, "format version 3");
        assertRefused(withByte(chunk, 2, chunk[2] | 0x08), n, "reserved");
        assertRefused(withByte(chunk, 2, (chunk[2] & 0x1f) | 7 << 5), n, "unknown compressor format 7");
        assertRefused(withByte(chunk, 2, chunk[2] | BloscHeader.MEMCPYED), n, "stored (memcpyed)");
        assertRefused(withByte(chunk, 3, 0), n, "typesize 0");
    }

    @Test
    void refusesAnUnexpectedSize() {
        byte[] chunk = Fixtures.bytes("blosc/lz4-shuffle.bin");
        assertRefused(chunk, raw().length + 4, "header says 16384 decoded bytes, expected 16388");
        assertRefused(Fixtures.bytes("blosc/clevel0.bin"), 100, "expected 100");
    }

    @Test
    void refusesBadConfigurations() {
        assertInvalid("{\"clevel\":1,\"shuffle\":\"shuffle\"}", "/codecs/0", "'cname' is required");
        assertInvalid("{\"cname\":\"lzma\",\"clevel\":1,\"shuffle\":\"shuffle\"}", "/codecs/0/configuration/cname", "not one of");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":10,\"shuffle\":\"shuffle\"}", "/codecs/0/configuration/clevel", "[0, 9]");
        assertInvalid("{\"cname\":\"lz4\",\"shuffle\":\"shuffle\"}", "/codecs/0", "'clevel' is required");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":1}", "/codecs/0", "'shuffle' is required");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"byteshuffle\"}", "/codecs/0/configuration/shuffle", "not one of");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":3}", "/codecs/0/configuration/shuffle", "[0, 2]");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":true}", "/codecs/0/configuration/shuffle", "string");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"shuffle\",\"typesize\":0}", "/codecs/0/configuration/typesize", "[1, ");
        assertInvalid("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"shuffle\",\"blocksize\":-1}", "/codecs/0/configuration/blocksize", "[0, ");
        var e = assertThrows(ZarrException.Unsupported.class, () -> blosc("{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":0,\"nthreads\":4}"));
        assertEquals("/codecs/0/configuration/nthreads", e.member());
    }

    private void assertInvalid(String configuration, String member, String reason) {
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> blosc(configuration));
        assertEquals(NODE, e.node());
        assertEquals(member, e.member());
        assertTrue(e.reason().contains(reason), e.reason());
    }

    private void assertRefused(byte[] chunk, long expectedSize, String reason) {
        Executable decode = () -> blosc().decode(MemorySegment.ofArray(chunk), expectedSize < 0 ? DecodedSize.ANY : DecodedSize.exactly(expectedSize), ctx);
        var e = assertCorrupt(decode);
        if (reason != null && !e.getMessage().contains(reason)) {
            fail("'" + e.getMessage() + "' does not say '" + reason + "'");
        }
    }

    static byte[] withInt(byte[] chunk, int offset, int value) {
        byte[] out = chunk.clone();
        ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
        return out;
    }

    static byte[] withByte(byte[] chunk, int offset, int value) {
        byte[] out = chunk.clone();
        out[offset] = (byte) value;
        return out;
    }
}
