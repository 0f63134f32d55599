package dev.stride.codecs;

import dev.stride.spi.ChunkSpec;
import dev.stride.spi.Codec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.CodecProvider;

import java.util.Set;

/**
 * The numcodecs compressors and filters under zarr-python 3's names, {@code numcodecs.<id>} with numcodecs'
 * configuration less its {@code id}: {@code {"name": "numcodecs.zlib", "configuration": {"level": 1}}}. A Zarr v2
 * {@code compressor} or {@code filters} entry is the same configuration with its {@code id} in it. As in zarr-python 3,
 * {@code shuffle} works on bytes (after the {@code bytes} codec) and the other filters on a chunk's elements.
 */
public final class NumcodecsCodecs implements CodecProvider {
    static final String PREFIX = "numcodecs.";

    @Override
    public Set<String> names() {
        return Set.of(PREFIX + "blosc", PREFIX + "zstd", PREFIX + "zlib", PREFIX + "gzip", PREFIX + "bz2", PREFIX + "lzma",
                PREFIX + "lz4", PREFIX + "shuffle", PREFIX + "delta", PREFIX + "fixedscaleoffset", PREFIX + "bitround",
                PREFIX + "quantize", PREFIX + "astype");
    }

    @Override
    public Codec create(CodecConfig config, ChunkSpec input) {
        return switch (config.name().substring(PREFIX.length())) {
            case "blosc" -> BloscCodec.numcodecs(config, input, StrideCodecs.blosc(config));
            case "zstd" -> ZstdCodec.numcodecs(config);
            case "zlib" -> new ZlibCodec(config);
            case "gzip" -> new NumcodecsGzipCodec(config);
            case "bz2" -> new Bz2Codec(config);
            case "lzma" -> new LzmaCodec(config);
            case "lz4" -> new Lz4Codec(config);
            case "shuffle" -> new ShuffleCodec(config);
            case "delta" -> new DeltaFilter(config, input);
            case "fixedscaleoffset" -> new FixedScaleOffsetFilter(config, input);
            case "bitround" -> new BitRoundFilter(config, input);
            case "quantize" -> new QuantizeFilter(config, input);
            case "astype" -> new AsTypeFilter(config, input);
            default -> throw new IllegalArgumentException(config.name());
        };
    }
}
