package dev.stride.codecs;

import dev.stride.model.ZarrException;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.Codec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.CodecProvider;

import java.util.Set;

/** The codecs that need a native library: {@code zstd} (zstd-jni) and {@code blosc} (libblosc or blosc-java). */
public final class StrideCodecs implements CodecProvider {

    @Override
    public Set<String> names() {
        return Set.of("zstd", "blosc");
    }

    @Override
    public Codec create(CodecConfig config, ChunkSpec input) {
        return switch (config.name()) {
            case "zstd" -> new ZstdCodec(config);
            case "blosc" -> new BloscCodec(config, input, blosc(config));
            default -> throw new IllegalArgumentException(config.name());
        };
    }

    static BloscEngine blosc(CodecConfig config) {
        try {
            return BloscEngines.selected();
        } catch (IllegalStateException e) {
            throw new ZarrException.Unsupported(config.node(), config.pointer(), e.getMessage());
        }
    }
}
