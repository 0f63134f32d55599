package dev.stride.spi;

import java.util.Set;

/**
 * Makes codecs by name; found through {@link java.util.ServiceLoader}, so a module (like stride-codecs for zstd
 * and blosc) adds codecs by listing its provider in {@code META-INF/services/dev.stride.spi.CodecProvider}.
 */
public interface CodecProvider {

    /** The codec names this provider makes. */
    Set<String> names();

    /**
     * Builds the codec named by {@code config} for chunks described by {@code input} (what the codec receives when
     * encoding).
     */
    Codec create(CodecConfig config, ChunkSpec input);
}
