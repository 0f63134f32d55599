package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import com.github.luben.zstd.ZstdCompressCtx;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ZarrException;
import dev.stride.spi.DecodedSize;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

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

class ZstdCodecTest {
    private final Arena arena = Arena.ofConfined();
    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    @AfterEach
    void close() {
        ctx.close();
        arena.close();
    }

    private static ZstdCodec zstd(String configuration) {
        return new ZstdCodec(config("{\"name\":\"zstd\",\"configuration\":" + configuration + "}"));
    }

    private static ZstdCodec zstd() {
        return zstd("{\"level\":3}");
    }

    @ParameterizedTest
    @CsvSource({"-5,false", "0,false", "1,true", "3,true", "19,false", "22,true"})
    void roundTrips(int level, boolean checksum) {
        ZstdCodec codec = zstd("{\"level\":" + level + ",\"checksum\":" + checksum + "}");
        byte[] data = raw();
        MemorySegment encoded = codec.encode(MemorySegment.ofArray(data), ctx);
        assertEquals(checksum, hasChecksumFlag(toBytes(encoded)));
        assertArrayEquals(data, toBytes(codec.decode(encoded, DecodedSize.exactly(data.length), ctx)));
        assertArrayEquals(data, toBytes(codec.decode(encoded, DecodedSize.ANY, ctx)), "the frame records its size");
    }

    @Test
    void writesItsConfiguration() {
        assertEquals("{\"level\":1,\"checksum\":true}", JsonCodec.print(zstd("{\"level\":1,\"checksum\":true}").configuration()));
        assertEquals("{\"level\":-7}", JsonCodec.print(zstd("{\"level\":-7,\"checksum\":false}").configuration()));
    }

    @Test
    void decodesFramesWithoutContentSizeWhenTheSizeIsExpected() {
        byte[] data = raw();
        byte[] frame;
        try (ZstdCompressCtx c = new ZstdCompressCtx().setLevel(3).setContentSize(false).setChecksum(true)) {
            frame = c.compress(data);
        }
        assertArrayEquals(data, toBytes(zstd().decode(MemorySegment.ofArray(frame), DecodedSize.exactly(data.length), ctx)));
        var e = assertThrows(ZarrException.CorruptChunk.class, () -> zstd().decode(MemorySegment.ofArray(frame), DecodedSize.ANY, ctx));
        assertTrue(e.getMessage().contains("does not record its decoded size"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"checksum.bin", "no-content-size.bin", "streaming.bin", "numcodecs.bin", "two-frames.bin"})
    void decodesFramesOfOtherWriters(String file) {
        byte[] data = raw();
        for (Fixtures.Kind kind : Fixtures.Kind.values()) {
            MemorySegment in = kind.of(Fixtures.bytes("zstd/" + file), arena);
            assertArrayEquals(data, toBytes(zstd().decode(in, DecodedSize.exactly(data.length), ctx)), kind + " " + file);
        }
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Kind.class)
    void encodesFromEveryKindOfSegment(Fixtures.Kind kind) {
        byte[] data = raw();
        ZstdCodec codec = zstd();
        MemorySegment encoded = codec.encode(kind.of(data, arena), ctx);
        assertArrayEquals(data, toBytes(codec.decode(encoded, DecodedSize.exactly(data.length), ctx)));
    }

    @Test
    void encodesAndDecodesNothing() {
        ZstdCodec codec = zstd();
        MemorySegment encoded = codec.encode(MemorySegment.ofArray(new byte[0]), ctx);
        assertEquals(0, codec.decode(encoded, DecodedSize.exactly(0), ctx).byteSize());
        assertEquals(0, codec.decode(encoded, DecodedSize.ANY, ctx).byteSize());
    }

    @Test
    void refusesEveryTruncation() {
        for (String file : new String[] {"checksum.bin", "streaming.bin"}) {
            byte[] frame = Fixtures.bytes("zstd/" + file);
            for (int n = 0; n < frame.length; n++) {
                byte[] cut = Arrays.copyOf(frame, n);
                assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(cut), DecodedSize.exactly(raw().length), ctx));
                assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(cut), DecodedSize.ANY, ctx));
            }
        }
    }

    @Test
    void refusesEveryGarbledByteOfAChecksummedFrame() {
        byte[] frame = Fixtures.bytes("zstd/checksum.bin");
        for (int i = 0; i < frame.length; i++) {
            byte[] bad = frame.clone();
            bad[i] ^= 0x5a;
            assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(bad), DecodedSize.exactly(raw().length), ctx));
        }
    }

    @Test
    void refusesAChecksumMismatch() {
        byte[] frame = Fixtures.bytes("zstd/checksum.bin");
        frame[frame.length - 1] ^= 1;
        var e = assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(frame), DecodedSize.exactly(raw().length), ctx));
        assertTrue(e.getMessage().toLowerCase().contains("checksum"), e.getMessage());
    }

    @Test
    void refusesTrailingBytes() {
        byte[] frame = Fixtures.bytes("zstd/checksum.bin");
        for (byte[] tail : new byte[][] {{0}, {1, 2, 3}, Arrays.copyOf(frame, 9)}) {
            byte[] longer = concat(frame, tail);
            assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(longer), DecodedSize.exactly(raw().length), ctx));
            assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(longer), DecodedSize.ANY, ctx));
        }
    }

    @Test
    void refusesASecondFrameBeyondTheExpectedSize() {
        byte[] frame = Fixtures.bytes("zstd/checksum.bin");
        byte[] twice = concat(frame, frame);
        assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(twice), DecodedSize.exactly(raw().length), ctx));
        assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(twice), DecodedSize.ANY, ctx));
    }

    @Test
    void refusesSizesThatDoNotMatch() {
        byte[] frame = Fixtures.bytes("zstd/checksum.bin");
        var e = assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(frame), DecodedSize.exactly(raw().length - 1), ctx));
        assertTrue(e.getMessage().contains("frame header says 16384 decoded bytes, expected 16383"), e.getMessage());
        assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(frame), DecodedSize.exactly(raw().length + 1), ctx));
        byte[] streaming = Fixtures.bytes("zstd/streaming.bin");
        e = assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(streaming), DecodedSize.exactly(raw().length + 100), ctx));
        assertTrue(e.getMessage().contains("decodes to 16384 bytes, expected 16484"), e.getMessage());
        assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(streaming), DecodedSize.exactly(raw().length - 100), ctx));
    }

    @Test
    void refusesAHugeContentSize() {
        // a frame header claiming 2^40 bytes (8-byte content size field), then one raw block of one byte
        byte[] frame = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd, (byte) 0xc0, 0x00, 0, 0, 0, 0, 0, 1, 0, 0, 0x09, 0, 0, 42};
        var e = assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(frame), DecodedSize.ANY, ctx));
        assertTrue(e.getMessage().contains("1099511627776"), e.getMessage());
        assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(frame), DecodedSize.exactly(4096), ctx));
    }

    @Test
    void refusesWhatIsNotZstd() {
        var e = assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(Fixtures.bytes("blosc/zstd-shuffle.bin")), DecodedSize.exactly(raw().length), ctx));
        assertTrue(e.getMessage().contains("not a zstd frame"), e.getMessage());
        assertCorrupt(() -> zstd().decode(MemorySegment.ofArray(new byte[0]), DecodedSize.exactly(0), ctx));
    }

    @Test
    void refusesBadConfigurations() {
        assertInvalid("{}", "/codecs/0", "'level' is required");
        assertInvalid("{\"level\":23}", "/codecs/0/configuration/level", "[-131072, 22]");
        assertInvalid("{\"level\":-131073}", "/codecs/0/configuration/level", "[-131072, 22]");
        assertInvalid("{\"level\":1.5}", "/codecs/0/configuration/level", "integer");
        assertInvalid("{\"level\":1,\"checksum\":\"yes\"}", "/codecs/0/configuration/checksum", "true or false");
        var e = assertThrows(ZarrException.Unsupported.class, () -> zstd("{\"level\":1,\"window\":10}"));
        assertEquals("/codecs/0/configuration/window", e.member());
        assertThrows(ZarrException.InvalidMetadata.class, () -> new ZstdCodec(config("{\"name\":\"zstd\"}")));
    }

    private static void assertInvalid(String configuration, String member, String reason) {
        var e = assertThrows(ZarrException.InvalidMetadata.class, () -> zstd(configuration));
        assertEquals(NODE, e.node());
        assertEquals(member, e.member());
        assertTrue(e.reason().contains(reason), e.reason());
    }

    private static boolean hasChecksumFlag(byte[] frame) {
        return (frame[4] & 0x04) != 0;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        var out = new ByteArrayOutputStream();
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }
}
