package dev.stride.codecs;

import dev.stride.ZarrException;
import dev.stride.codec.ChunkSpec;
import dev.stride.codec.Codec;
import dev.stride.codec.CodecConfig;
import dev.stride.codec.CodecProvider;
import dev.stride.codec.CodecRegistry;

import java.util.Set;

/** The codecs that need a native library: {@code zstd} (zstd-jni) and {@code blosc} (libblosc or blosc-java). */
public final class StrideCodecs implements CodecProvider {

    @Override
    public Set<String> names() {
        return Set.of("zstd", "blosc");
    }

    @Override
    public Codec create(CodecConfig config, ChunkSpec input, CodecRegistry registry) {
        return switch (config.name()) {
            case "zstd" -> new ZstdCodec(config);
            case "blosc" -> new BloscCodec(config, input, blosc(config));
            default -> throw new IllegalArgumentException(config.name());
        };
    }

    private static BloscEngine blosc(CodecConfig config) {
        try {
            return BloscEngines.selected();
        } catch (IllegalStateException e) {
            throw new ZarrException.Unsupported(config.node(), config.pointer(), e.getMessage());
        }
    }
}
