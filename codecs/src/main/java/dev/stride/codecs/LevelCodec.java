package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.CodecConfig;

/** A stream codec whose only option is its compression {@code level}, 1 by default: numcodecs' zlib, gzip and bz2. */
abstract sealed class LevelCodec extends StreamCodec permits ZlibCodec, NumcodecsGzipCodec, Bz2Codec {
    private final IntOption level;

    LevelCodec(String id, CodecConfig config, int min, int max) {
        super(id);
        this.level = IntOption.read(config, "level", min, max, 1L);
    }

    final int level() {
        return level.value();
    }

    @Override
    public final Json.JObject configuration() {
        return level.configuration();
    }
}
