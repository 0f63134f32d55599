package dev.stride.internal.codec;

import dev.stride.spi.ChunkSpec;
import dev.stride.spi.Codec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.CodecProvider;

import java.util.Set;

/** The codecs that need no native library: bytes, transpose, crc32c, gzip, sharding_indexed, and
 * the v2 reader's {@code stride.big_endian_fields}. */
public final class CoreCodecs implements CodecProvider {

    @Override
    public Set<String> names() {
        return Set.of("bytes", "transpose", "crc32c", "gzip", BigEndianFieldsCodec.NAME);
    }

    @Override
    public Codec create(CodecConfig config, ChunkSpec input) {
        return switch (config.name()) {
            case "bytes" -> new BytesCodec(config, input);
            case "transpose" -> new TransposeCodec(config, input);
            case "crc32c" -> new Crc32cCodec(config);
            case "gzip" -> new GzipCodec(config);
            case BigEndianFieldsCodec.NAME -> new BigEndianFieldsCodec(config, input);
            default -> throw new IllegalArgumentException(config.name());
        };
    }
}
