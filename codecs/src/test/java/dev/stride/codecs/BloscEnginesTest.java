package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.model.ZarrException;
import dev.stride.spi.DecodedSize;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

import static dev.stride.codecs.Fixtures.KEY;
import static dev.stride.codecs.Fixtures.NODE;
import static dev.stride.codecs.Fixtures.config;
import static dev.stride.codecs.Fixtures.raw;
import static dev.stride.codecs.Fixtures.toBytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The two blosc engines against each other, and how one is chosen. */
class BloscEnginesTest {
    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    @AfterEach
    void close() {
        ctx.close();
    }

    private static BloscCodec blosc(BloscCompressor cname, String shuffle, BloscEngine engine) {
        return new BloscCodec(config("{\"name\":\"blosc\",\"configuration\":{\"cname\":\"" + cname.cname + "\",\"clevel\":5,\"shuffle\":\""
                + shuffle + "\",\"typesize\":4,\"blocksize\":1024}}"), Fixtures.int32Chunk(4096), engine);
    }

    @Test
    void eachDecodesWhatTheOtherWrites() {
        BloscEngine nativeBlosc = Engines.nativeBlosc();
        BloscEngine javaBlosc = Engines.javaBlosc();
        for (BloscCompressor cname : BloscCompressor.values()) {
            if (!javaBlosc.encodes(cname)) {
                continue;
            }
            for (String shuffle : BloscSettings.SHUFFLES) {
                byte[] fromNative = toBytes(blosc(cname, shuffle, nativeBlosc).encode(MemorySegment.ofArray(raw()), ctx));
                byte[] fromJava = toBytes(blosc(cname, shuffle, javaBlosc).encode(MemorySegment.ofArray(raw()), ctx));
                String what = cname + " " + shuffle;
                assertArrayEquals(raw(), toBytes(blosc(cname, shuffle, javaBlosc).decode(MemorySegment.ofArray(fromNative), DecodedSize.ANY, ctx)), what);
                assertArrayEquals(raw(), toBytes(blosc(cname, shuffle, nativeBlosc).decode(MemorySegment.ofArray(fromJava), DecodedSize.ANY, ctx)), what);
            }
        }
    }

    @Test
    void theFallbackRefusesSnappyChunksByName() {
        BloscEngine nativeBlosc = Engines.nativeBlosc();
        BloscEngine javaBlosc = Engines.javaBlosc();
        byte[] snappy = toBytes(blosc(BloscCompressor.SNAPPY, "shuffle", nativeBlosc).encode(MemorySegment.ofArray(raw()), ctx));
        var e = assertThrows(ZarrException.Unsupported.class,
                () -> blosc(BloscCompressor.LZ4, "shuffle", javaBlosc).decode(MemorySegment.ofArray(snappy), DecodedSize.exactly(raw().length), ctx));
        assertTrue(e.getMessage().contains("chunk " + KEY) && e.getMessage().contains("snappy") && e.getMessage().contains("libblosc1"),
                e.getMessage());
        // a stored chunk needs no compressor at all
        byte[] stored = Arrays.copyOf(raw(), 100);
        byte[] chunk = toBytes(blosc(BloscCompressor.SNAPPY, "shuffle", nativeBlosc).encode(MemorySegment.ofArray(stored), ctx));
        assertArrayEquals(stored, toBytes(blosc(BloscCompressor.LZ4, "shuffle", javaBlosc).decode(MemorySegment.ofArray(chunk), DecodedSize.exactly(100), ctx)));
    }

    @Test
    void choosesByTheProperty() {
        assertInstanceOf(JavaBlosc.class, BloscEngines.choose("java"));
        Engines.nativeBlosc();
        assertInstanceOf(NativeBlosc.class, BloscEngines.choose("native"));
        assertInstanceOf(NativeBlosc.class, BloscEngines.choose("auto"));
        var e = assertThrows(IllegalStateException.class, () -> BloscEngines.choose("fast"));
        assertTrue(e.getMessage().contains("stride.blosc=fast"), e.getMessage());
    }

    @Test
    void saysWhenNoLibbloscIsFound() {
        String old = System.getProperty("stride.blosc.library");
        System.setProperty("stride.blosc.library", "/nonexistent/libblosc.so.1");
        try {
            var e = assertThrows(IllegalStateException.class, () -> BloscEngines.choose("native"));
            assertTrue(e.getMessage().contains("install libblosc1"), e.getMessage());
            assertInstanceOf(JavaBlosc.class, BloscEngines.choose("auto"), "auto falls back");
        } finally {
            if (old == null) {
                System.clearProperty("stride.blosc.library");
            } else {
                System.setProperty("stride.blosc.library", old);
            }
        }
    }
}
