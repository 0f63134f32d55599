package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.model.ZarrException;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.DecodedSize;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

import static dev.stride.codecs.Fixtures.KEY;
import static dev.stride.codecs.Fixtures.NODE;
import static dev.stride.codecs.Fixtures.assertCorrupt;
import static dev.stride.codecs.Fixtures.config;
import static dev.stride.codecs.Fixtures.int32Chunk;
import static dev.stride.codecs.Fixtures.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** numcodecs' zlib, gzip, bz2, lzma and lz4 against what numcodecs wrote, damaged copies and bombs. */
class NumcodecsCompressorsTest {
    private static final List<String> COMPRESSORS = List.of("zlib", "gzip", "bz2", "lzma", "lz4");
    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    @AfterEach
    void close() {
        ctx.close();
    }

    static List<NumcodecsCases> readable() {
        return NumcodecsCases.where(c -> isCompressor(c) && !c.corrupt());
    }

    static List<NumcodecsCases> damaged() {
        return NumcodecsCases.where(c -> isCompressor(c) && c.corrupt());
    }

    private static boolean isCompressor(NumcodecsCases c) {
        return COMPRESSORS.contains(c.codecName().substring(NumcodecsCodecs.PREFIX.length()));
    }

    static BytesToBytesCodec codec(String json) {
        return (BytesToBytesCodec) new NumcodecsCodecs().create(config(json), int32Chunk(1));
    }

    @ParameterizedTest
    @MethodSource("readable")
    void decodesWhatNumcodecsWroteExactly(NumcodecsCases c) {
        BytesToBytesCodec codec = codec(c.codecJson());
        assertArrayEquals(c.decoded(), toBytes(codec.decode(MemorySegment.ofArray(c.encoded()), DecodedSize.exactly(c.expectedSize()), ctx)));
        assertArrayEquals(c.decoded(), toBytes(codec.decode(MemorySegment.ofArray(c.encoded()), DecodedSize.atMost(c.expectedSize()), ctx)),
                "decoded to a size known only as a limit");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Kind.class)
    void decodesFromEveryKindOfSegment(Fixtures.Kind kind) {
        try (Arena arena = Arena.ofConfined()) {
            for (NumcodecsCases c : readable()) {
                MemorySegment encoded = kind.of(c.encoded(), arena).asReadOnly();
                assertArrayEquals(c.decoded(), toBytes(codec(c.codecJson()).decode(encoded, DecodedSize.exactly(c.expectedSize()), ctx)), c.name());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("readable")
    void roundTripsWithItsConfiguration(NumcodecsCases c) {
        BytesToBytesCodec codec = codec(c.codecJson());
        byte[] data = c.decoded();
        if (c.name().equals("lzma-delta-filters")) {
            var e = assertThrows(ZarrException.Unsupported.class, () -> codec.encode(MemorySegment.ofArray(data), ctx));
            assertTrue(e.getMessage().contains("custom filter chain"), e.getMessage());
            return;
        }
        MemorySegment encoded = codec.encode(MemorySegment.ofArray(data), ctx);
        assertTrue(encoded.byteSize() <= codec.maxEncodedSize(data.length), "within its bound");
        byte[] copy = toBytes(encoded);
        assertArrayEquals(data, toBytes(codec.decode(MemorySegment.ofArray(copy), DecodedSize.exactly(data.length), ctx)));
    }

    @ParameterizedTest
    @MethodSource("damaged")
    void refusesDamagedDataAsACorruptChunk(NumcodecsCases c) {
        BytesToBytesCodec codec = codec(c.codecJson());
        assertCorrupt(() -> codec.decode(MemorySegment.ofArray(c.encoded()), DecodedSize.exactly(c.expectedSize()), ctx));
        assertCorrupt(() -> codec.decode(MemorySegment.ofArray(c.encoded()), DecodedSize.atMost(c.expectedSize()), ctx));
        // a bomb is stopped at the size the chunk may have: no buffer grows towards what it would inflate to
        assertTrue(ctx.scratch().bytesHeld() <= 2 * Math.max(c.expectedSize(), 64 << 10), ctx.scratch().bytesHeld() + " bytes held");
    }

    @ParameterizedTest
    @ValueSource(strings = {"zlib", "gzip", "bz2", "lzma", "lz4"})
    void aBombSaysHowFarItGot(String id) {
        NumcodecsCases bomb = NumcodecsCases.where(c -> c.name().equals(id + ".bomb")).getFirst();
        var e = assertCorrupt(() -> codec(bomb.codecJson()).decode(MemorySegment.ofArray(bomb.encoded()), DecodedSize.exactly(4096), ctx));
        String expected = id.equals("lz4") ? "lz4: header says 1048576 decoded bytes, expected 4096"
                : id + ": decodes to more than the expected 4096 bytes";
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void anXzHeaderAskingForAHugeDictionaryIsRefusedUnallocated() {
        NumcodecsCases c = NumcodecsCases.where(x -> x.name().equals("lzma.huge-dictionary")).getFirst();
        var e = assertCorrupt(() -> codec(c.codecJson()).decode(MemorySegment.ofArray(c.encoded()), DecodedSize.exactly(c.expectedSize()), ctx));
        assertTrue(e.getMessage().contains("memory"), e.getMessage());
    }

    @Test
    void defaultsAreNumcodecs() {
        assertEquals("{\"level\":1}", json(codec("{\"name\":\"numcodecs.zlib\"}")));
        assertEquals("{\"level\":1}", json(codec("{\"name\":\"numcodecs.gzip\",\"configuration\":{}}")));
        assertEquals("{\"level\":1}", json(codec("{\"name\":\"numcodecs.bz2\"}")));
        assertEquals("{\"acceleration\":1}", json(codec("{\"name\":\"numcodecs.lz4\"}")));
        assertEquals("{\"format\":1,\"check\":-1,\"preset\":null,\"filters\":null}", json(codec("{\"name\":\"numcodecs.lzma\"}")));
        assertEquals("numcodecs.lzma", codec("{\"name\":\"numcodecs.lzma\"}").name());
        assertEquals("{\"level\":0}", json(codec("{\"name\":\"numcodecs.zstd\"}")));
        assertEquals("numcodecs.zstd", codec("{\"name\":\"numcodecs.zstd\"}").name());
        assertEquals("{\"cname\":\"lz4\",\"clevel\":5,\"shuffle\":1,\"blocksize\":0}", json(codec("{\"name\":\"numcodecs.blosc\"}")));
        assertEquals("numcodecs.blosc", codec("{\"name\":\"numcodecs.blosc\"}").name());
    }

    @Test
    void bloscsAutoshuffleIsBitshuffleForBytesAndByteShuffleForLargerElements() {
        assertEquals("{\"cname\":\"zstd\",\"clevel\":3,\"shuffle\":1,\"blocksize\":0}",
                json(codec("{\"name\":\"numcodecs.blosc\",\"configuration\":{\"cname\":\"zstd\",\"clevel\":3,\"shuffle\":-1}}")));
        var bytes = new dev.stride.spi.ChunkSpec(new long[] {8}, dev.stride.model.CoreType.UINT8,
                new dev.stride.model.FillValue(dev.stride.model.CoreType.UINT8, dev.stride.model.Json.number(0), new byte[1]));
        assertEquals("{\"cname\":\"lz4\",\"clevel\":5,\"shuffle\":2,\"blocksize\":0}", json((BytesToBytesCodec) new NumcodecsCodecs()
                .create(config("{\"name\":\"numcodecs.blosc\",\"configuration\":{\"shuffle\":-1}}"), bytes)), "bitshuffle for bytes");
    }

    private static String json(BytesToBytesCodec codec) {
        return dev.stride.internal.json.JsonCodec.print(codec.configuration());
    }

    @Test
    void configurationsOutsideNumcodecsAreRefusedNamingTheMember() {
        var raw = assertThrows(ZarrException.Unsupported.class, () -> codec("{\"name\":\"numcodecs.lzma\",\"configuration\":{\"format\":3}}"));
        assertEquals("/codecs/0/configuration/format", raw.member());
        assertTrue(raw.getMessage().contains("FORMAT_RAW"), raw.getMessage());
        var check = assertThrows(ZarrException.InvalidMetadata.class, () -> codec("{\"name\":\"numcodecs.lzma\",\"configuration\":{\"check\":2}}"));
        assertEquals("/codecs/0/configuration/check", check.member());
        var level = assertThrows(ZarrException.InvalidMetadata.class, () -> codec("{\"name\":\"numcodecs.bz2\",\"configuration\":{\"level\":0}}"));
        assertEquals("/codecs/0/configuration/level", level.member());
        var unknown = assertThrows(ZarrException.Unsupported.class, () -> codec("{\"name\":\"numcodecs.zlib\",\"configuration\":{\"id\":\"zlib\"}}"));
        assertEquals("/codecs/0/configuration/id", unknown.member());
    }

    @Test
    void anEmptyValueRoundTrips() {
        for (String id : COMPRESSORS) {
            BytesToBytesCodec codec = codec("{\"name\":\"numcodecs." + id + "\"}");
            byte[] encoded = toBytes(codec.encode(MemorySegment.ofArray(new byte[0]), ctx));
            assertEquals(0, codec.decode(MemorySegment.ofArray(encoded), DecodedSize.exactly(0), ctx).byteSize(), id);
        }
    }
}
