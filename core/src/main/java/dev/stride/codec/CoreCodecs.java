package dev.stride.codec;

import java.util.Set;

/** The codecs that need no native library: bytes, transpose, crc32c, gzip, sharding_indexed. */
final class CoreCodecs implements CodecProvider {

    @Override
    public Set<String> names() {
        return Set.of("bytes", "transpose", "crc32c", "gzip", "sharding_indexed");
    }

    @Override
    public Codec create(CodecConfig config, ChunkSpec input, CodecRegistry registry) {
        return switch (config.name()) {
            case "bytes" -> new BytesCodec(config, input);
            case "transpose" -> new TransposeCodec(config, input);
            case "crc32c" -> new Crc32cCodec(config);
            case "gzip" -> new GzipCodec(config);
            case "sharding_indexed" -> new ShardingCodec(config, input, registry);
            default -> throw new IllegalArgumentException(config.name());
        };
    }
}
