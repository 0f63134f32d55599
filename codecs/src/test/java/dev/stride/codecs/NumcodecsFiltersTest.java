package dev.stride.codecs;

import dev.stride.internal.memory.ChunkContext;
import dev.stride.model.CoreType;
import dev.stride.model.FillValue;
import dev.stride.model.Json;
import dev.stride.model.ZarrException;
import dev.stride.spi.ArrayToArrayCodec;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.DecodedSize;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** numcodecs' filters against what numcodecs' encode wrote and its decode made of it, to the byte. */
class NumcodecsFiltersTest {
    private static final List<String> FILTERS = List.of("delta", "fixedscaleoffset", "bitround", "quantize", "astype");
    private final ChunkContext ctx = new ChunkContext().at(NODE, KEY);

    @AfterEach
    void close() {
        ctx.close();
    }

    static List<NumcodecsCases> filters() {
        return NumcodecsCases.where(c -> FILTERS.contains(c.codecName().substring(NumcodecsCodecs.PREFIX.length())));
    }

    static List<NumcodecsCases> shuffles() {
        return NumcodecsCases.where(c -> c.codecName().equals("numcodecs.shuffle") && !c.corrupt());
    }

    /** A one-dimensional chunk of the case's decoded numpy type. */
    private static ChunkSpec chunk(NumcodecsCases c) {
        CoreType type = NumpyType.required(config("{\"name\":\"x\",\"configuration\":{\"t\":\"" + c.dtype() + "\"}}"), "t").coreType();
        return new ChunkSpec(new long[] {c.decoded().length / type.byteSize()}, type, new FillValue(type, Json.number(0), new byte[type.byteSize()]));
    }

    private static ArrayToArrayCodec filter(String json, ChunkSpec chunk) {
        return (ArrayToArrayCodec) new NumcodecsCodecs().create(config(json), chunk);
    }

    @ParameterizedTest
    @MethodSource("filters")
    void decodesToWhatNumcodecsDecodes(NumcodecsCases c) {
        ArrayToArrayCodec f = filter(c.codecJson(), chunk(c));
        assertEquals(c.encoded().length, f.encodedSpec().byteSize(), "the encoded chunk's size");
        assertArrayEquals(c.decoded(), toBytes(f.decode(MemorySegment.ofArray(c.encoded()), ctx)));
    }

    @ParameterizedTest
    @MethodSource("filters")
    void encodesAsNumcodecsEncodes(NumcodecsCases c) {
        ArrayToArrayCodec f = filter(c.codecJson(), chunk(c));
        assertArrayEquals(c.encoded(), toBytes(f.encode(MemorySegment.ofArray(c.source()), ctx)));
    }

    @ParameterizedTest
    @MethodSource("shuffles")
    void shuffleDecodesAndEncodesAsNumcodecs(NumcodecsCases c) {
        BytesToBytesCodec s = (BytesToBytesCodec) new NumcodecsCodecs().create(config(c.codecJson()), int32Chunk(1));
        assertArrayEquals(c.decoded(), toBytes(s.decode(MemorySegment.ofArray(c.encoded()), DecodedSize.exactly(c.expectedSize()), ctx)));
        assertArrayEquals(c.decoded(), toBytes(s.decode(MemorySegment.ofArray(c.encoded()), DecodedSize.atMost(c.expectedSize()), ctx)));
        assertArrayEquals(c.encoded(), toBytes(s.encode(MemorySegment.ofArray(c.source()), ctx)));
    }

    @Test
    void aShuffledValueOfPartElementsIsCorrupt() {
        BytesToBytesCodec s = (BytesToBytesCodec) new NumcodecsCodecs().create(config("{\"name\":\"numcodecs.shuffle\",\"configuration\":{\"elementsize\":4}}"), int32Chunk(1));
        var e = assertCorrupt(() -> s.decode(MemorySegment.ofArray(new byte[958]), DecodedSize.exactly(958), ctx));
        assertTrue(e.getMessage().contains("shuffle: 958 bytes are not a whole number of 4-byte elements"), e.getMessage());
        var size = assertCorrupt(() -> s.decode(MemorySegment.ofArray(new byte[960]), DecodedSize.exactly(964), ctx));
        assertTrue(size.getMessage().contains("shuffle: 960 bytes, expected 964"), size.getMessage());
        assertEquals("{\"elementsize\":4}", dev.stride.internal.json.JsonCodec.print(
                new NumcodecsCodecs().create(config("{\"name\":\"numcodecs.shuffle\"}"), int32Chunk(1)).configuration()), "numcodecs' default");
    }

    @Test
    void bitroundDecodesToTheStoredBytes() {
        ChunkSpec floats = new ChunkSpec(new long[] {4}, CoreType.FLOAT32, new FillValue(CoreType.FLOAT32, Json.number(0), new byte[4]));
        MemorySegment stored = MemorySegment.ofArray(new byte[16]);
        assertSame(stored, filter("{\"name\":\"numcodecs.bitround\",\"configuration\":{\"keepbits\":3}}", floats).decode(stored, ctx));
    }

    @Test
    void typeNamesAreNumpys() {
        ChunkSpec floats = new ChunkSpec(new long[] {4}, CoreType.FLOAT32, new FillValue(CoreType.FLOAT32, Json.number(0), new byte[4]));
        ArrayToArrayCodec f = filter("{\"name\":\"numcodecs.fixedscaleoffset\",\"configuration\":{\"offset\":0,\"scale\":10,"
                + "\"dtype\":\"float32\",\"astype\":\"int16\"}}", floats);
        assertEquals(CoreType.INT16, f.encodedSpec().type());
        assertEquals("{\"scale\":10,\"offset\":0,\"dtype\":\"<f4\",\"astype\":\"<i2\"}", dev.stride.internal.json.JsonCodec.print(f.configuration()));
        ArrayToArrayCodec fromChunk = filter("{\"name\":\"numcodecs.quantize\",\"configuration\":{\"digits\":2}}", floats);
        assertEquals(CoreType.FLOAT32, fromChunk.encodedSpec().type(), "dtype and astype default to the chunk's type");
        ArrayToArrayCodec nulls = filter("{\"name\":\"numcodecs.delta\",\"configuration\":{\"dtype\":null,\"astype\":null}}", floats);
        assertEquals("{\"dtype\":\"<f4\",\"astype\":\"<f4\"}", dev.stride.internal.json.JsonCodec.print(nulls.configuration()), "None is not given");
    }

    @Test
    void aFilterOfAnotherTypeThanTheChunkIsRefusedNamingTheMember() {
        var e = assertThrows(ZarrException.InvalidMetadata.class,
                () -> filter("{\"name\":\"numcodecs.delta\",\"configuration\":{\"dtype\":\"<i2\"}}", int32Chunk(8)));
        assertEquals("/codecs/0/configuration/dtype", e.member());
        assertTrue(e.getMessage().contains("'<i2' is not the chunk's data type, int32"), e.getMessage());
        var bad = assertThrows(ZarrException.InvalidMetadata.class,
                () -> filter("{\"name\":\"numcodecs.astype\",\"configuration\":{\"encode_dtype\":\"|O\",\"decode_dtype\":\"<i4\"}}", int32Chunk(8)));
        assertEquals("/codecs/0/configuration/encode_dtype", bad.member());
        var floats = assertThrows(ZarrException.InvalidMetadata.class,
                () -> filter("{\"name\":\"numcodecs.bitround\",\"configuration\":{\"keepbits\":3}}", int32Chunk(8)));
        assertTrue(floats.getMessage().contains("bitround takes float16, float32 or float64 chunks, not int32"), floats.getMessage());
        var bools = assertThrows(ZarrException.InvalidMetadata.class, () -> filter("{\"name\":\"numcodecs.quantize\",\"configuration\":{\"digits\":2}}",
                new ChunkSpec(new long[] {4}, CoreType.BOOL, new FillValue(CoreType.BOOL, Json.number(0), new byte[1]))));
        assertTrue(bools.getMessage().contains("codec 'numcodecs.quantize' takes integers and floats, not bool"), bools.getMessage());
        var keep = assertThrows(ZarrException.InvalidMetadata.class, () -> filter("{\"name\":\"numcodecs.bitround\",\"configuration\":{\"keepbits\":24}}",
                new ChunkSpec(new long[] {4}, CoreType.FLOAT32, new FillValue(CoreType.FLOAT32, Json.number(0), new byte[4]))));
        assertEquals("/codecs/0/configuration/keepbits", keep.member());
    }
}
