package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;

import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code numcodecs.astype}: elements stored as {@code encode_dtype}, converted both ways as numpy's {@code astype}. */
final class AsTypeFilter extends ElementFilter {

    AsTypeFilter(CodecConfig config, ChunkSpec input) {
        super("astype", config, input, NumpyType.of(config, "decode_dtype", input.type()), "decode_dtype",
                NumpyType.required(config, "encode_dtype"));
        config.allowOnly("encode_dtype", "decode_dtype");
    }

    @Override
    Map<String, Json> members() {
        Map<String, Json> m = new LinkedHashMap<>();
        m.put("encode_dtype", type(encodedType));
        m.put("decode_dtype", type(decodedType));
        return m;
    }

    @Override
    void decode(MemorySegment in, MemorySegment out, long n) {
        decodedType.convert(encodedType, in, out, n);
    }

    @Override
    void encode(MemorySegment in, MemorySegment out, long n) {
        encodedType.convert(decodedType, in, out, n);
    }
}
