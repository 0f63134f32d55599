package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.BytesToBytesCodec;

/**
 * A numcodecs bytes-to-bytes codec outside the stream codecs whose whole configuration is one {@link IntOption}
 * (lz4's {@code acceleration}, shuffle's {@code elementsize}): its name follows from numcodecs' id, and its
 * configuration is the option.
 */
abstract sealed class OneOptionCodec implements BytesToBytesCodec permits Lz4Codec, ShuffleCodec {
    private final String name;
    private final IntOption option;

    /** A codec of numcodecs' id {@code id} (e.g. {@code lz4}) configured by {@code option}. */
    OneOptionCodec(String id, IntOption option) {
        this.name = NumcodecsCodecs.PREFIX + id;
        this.option = option;
    }

    /** The option's value, as the configuration gave it or its default. */
    final int optionValue() {
        return option.value();
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Json.JObject configuration() {
        return option.configuration();
    }
}
