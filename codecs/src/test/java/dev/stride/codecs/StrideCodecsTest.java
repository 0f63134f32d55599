package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.internal.codec.CodecPipeline;
import dev.stride.internal.codec.CodecRegistry;
import dev.stride.internal.metadata.Node;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ZarrException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

import static dev.stride.codecs.Fixtures.KEY;
import static dev.stride.codecs.Fixtures.NODE;
import static dev.stride.codecs.Fixtures.raw;
import static dev.stride.codecs.Fixtures.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The provider as core finds it: through ServiceLoader, in codec chains read from metadata. */
class StrideCodecsTest {
    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    @AfterEach
    void close() {
        ctx.close();
    }

    private static CodecPipeline pipeline(String codecs) {
        var json = JsonCodec.parse(codecs.getBytes(StandardCharsets.UTF_8));
        return CodecRegistry.defaults().pipeline(NODE, new Node(NODE).extensions(json, "/codecs"), Fixtures.int32Chunk(4096), "/codecs");
    }

    @Test
    void coreFindsTheProvider() {
        assertTrue(CodecRegistry.defaults().names().containsAll(new StrideCodecs().names()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"name\":\"zstd\",\"configuration\":{\"level\":1,\"checksum\":true}}|zstd/checksum.bin",
            "{\"name\":\"zstd\",\"configuration\":{\"level\":0}}|zstd/streaming.bin",
            "{\"name\":\"blosc\",\"configuration\":{\"cname\":\"lz4\",\"clevel\":5,\"shuffle\":\"shuffle\",\"typesize\":4,\"blocksize\":0}}|blosc/lz4-shuffle.bin",
            "{\"name\":\"blosc\",\"configuration\":{\"cname\":\"zstd\",\"clevel\":5,\"shuffle\":\"noshuffle\"}}|blosc/zstd-bitshuffle.bin"})
    void decodesInACodecChain(String codec, String fixture) {
        CodecPipeline p = pipeline("[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"little\"}}," + codec + "]");
        assertArrayEquals(raw(), toBytes(p.decode(MemorySegment.ofArray(Fixtures.bytes(fixture)), ctx)));
        MemorySegment stored = p.encode(MemorySegment.ofArray(raw()), ctx);
        assertArrayEquals(raw(), toBytes(p.decode(stored, ctx)));
    }

    @Test
    void chainsWithChecksums() {
        CodecPipeline p = pipeline("[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"little\"}},"
                + "{\"name\":\"blosc\",\"configuration\":{\"cname\":\"zstd\",\"clevel\":3,\"shuffle\":\"bitshuffle\",\"typesize\":4}},"
                + "{\"name\":\"zstd\",\"configuration\":{\"level\":1}},{\"name\":\"crc32c\"}]");
        MemorySegment stored = p.encode(MemorySegment.ofArray(raw()), ctx);
        assertArrayEquals(raw(), toBytes(p.decode(stored, ctx)));
    }

    @Test
    void namesTheMemberOfABadConfiguration() {
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> pipeline(
                "[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"little\"}},{\"name\":\"zstd\",\"configuration\":{\"level\":99}}]"));
        assertEquals("/codecs/1/configuration/level", e.member());
        e = assertThrows(ZarrException.InvalidMetadata.class, () -> pipeline(
                "[{\"name\":\"bytes\",\"configuration\":{\"endian\":\"little\"}},{\"name\":\"blosc\",\"configuration\":{\"cname\":\"lz4\",\"clevel\":1,\"shuffle\":\"x\"}}]"));
        assertEquals("/codecs/1/configuration/shuffle", e.member());
    }

    /** Surefire also runs this class with -Dstride.blosc=java (see the pom). */
    @Test
    void bloscRunsWhereThePropertySays() {
        String mode = System.getProperty(BloscEngines.PROPERTY, "auto");
        BloscEngine selected = BloscEngines.selected();
        assertEquals(BloscEngines.choose(mode).describe(), selected.describe());
        if (mode.equals("java")) {
            assertInstanceOf(JavaBlosc.class, selected);
        }
    }
}
