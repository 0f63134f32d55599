package dev.stride.spi;

import java.util.Set;

/**
 * Makes codecs by name: what a codec plug-in implements first. Found through {@link java.util.ServiceLoader}, so a
 * module (like stride-codecs for zstd and blosc) adds codecs by listing its provider in
 * {@code META-INF/services/dev.stride.spi.CodecProvider} (on a class path) or in its module-info's
 * {@code provides dev.stride.spi.CodecProvider with ...}. A provider needs a public no-argument constructor and is
 * asked from many threads.
 */
public interface CodecProvider {

    /**
     * The codec names this provider makes, as written in {@code zarr.json}.
     *
     * @return the names, e.g. {@code zstd} and {@code blosc}
     */
    Set<String> names();

    /**
     * Builds the codec named by {@code config} for chunks described by {@code input} (what the codec receives when
     * encoding).
     *
     * @param config the codec's entry of the array's {@code zarr.json}, with typed readers of its members
     * @param input the chunks the codec encodes: shape after the preceding array-to-array codecs, type, fill value
     * @return the codec, named one of {@link #names()}
     * @throws dev.stride.model.ZarrException.InvalidMetadata from {@link CodecConfig#invalid} when the configuration
     *     does not fit the codec or the chunks
     * @throws dev.stride.model.ZarrException.Unsupported when a member is unknown or a setting is not implemented
     */
    Codec create(CodecConfig config, ChunkSpec input);
}
