package dev.stride.codecs;

import dev.stride.internal.metadata.Node;
import dev.stride.model.CoreType;
import dev.stride.model.Extension;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.internal.json.JsonCodec;
import dev.stride.model.ZarrException;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;
import org.junit.jupiter.api.function.Executable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shared by the codec tests: the files of make_fixtures.py, codec configurations, and segments of each kind. */
final class Fixtures {
    static final String NODE = "/arr";
    static final String KEY = "c/0";

    private Fixtures() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] raw() {
        return bytes("raw.bin");
    }

    /** The codec entry {@code json} as the first entry of an array's codec list ({@code /codecs/0}). */
    static CodecConfig config(String json) {
        Json list = JsonCodec.parse(("[" + json + "]").getBytes(StandardCharsets.UTF_8));
        List<Extension> codecs = new Node(NODE).extensions(list, "/codecs");
        return new CodecConfig(NODE, codecs.getFirst());
    }

    /** A one-dimensional chunk of int32. */
    static ChunkSpec int32Chunk(long elements) {
        return new ChunkSpec(new long[] {elements}, CoreType.INT32, new FillValue(CoreType.INT32, Json.number(0), new byte[4]));
    }

    static byte[] toBytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    /** A decode that must be refused as a corrupt chunk, naming the chunk. */
    static ZarrException.CorruptChunk assertCorrupt(Executable decode) {
        var e = assertThrows(ZarrException.CorruptChunk.class, decode);
        assertEquals(KEY, e.chunkKey());
        assertTrue(e.getMessage().contains("chunk " + KEY), e.getMessage());
        return e;
    }

    /** Where a chunk's bytes may live when a codec receives them. */
    enum Kind {
        HEAP((bytes, arena) -> MemorySegment.ofArray(bytes.clone())),
        OFF_HEAP((bytes, arena) -> arena.allocateFrom(ValueLayout.JAVA_BYTE, bytes)),
        MAPPED(Fixtures::mapped);

        private final BiFunction<byte[], Arena, MemorySegment> make;

        Kind(BiFunction<byte[], Arena, MemorySegment> make) {
            this.make = make;
        }

        MemorySegment of(byte[] bytes, Arena arena) {
            return make.apply(bytes, arena);
        }
    }

    private static MemorySegment mapped(byte[] bytes, Arena arena) {
        try {
            Path file = Files.createTempFile("stride-codecs", ".bin");
            Files.write(file, bytes);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                return ch.map(FileChannel.MapMode.READ_ONLY, 0, bytes.length, arena);
            } finally {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
