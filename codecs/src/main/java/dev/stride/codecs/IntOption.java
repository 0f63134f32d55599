package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.CodecConfig;

import java.util.Map;

/**
 * The one integer option of a numcodecs codec ({@code level}, {@code acceleration}, {@code elementsize}): the only key
 * its configuration may hold, read within bounds, and written back as the codec's configuration.
 */
record IntOption(String name, int value) {

    /** Reads option {@code name} of {@code config} in {@code [min, max]}; {@code fallback} when absent (null: required). */
    static IntOption read(CodecConfig config, String name, long min, long max, Long fallback) {
        config.allowOnly(name);
        return new IntOption(name, (int) config.integer(name, min, max, fallback));
    }

    Json.JObject configuration() {
        return new Json.JObject(Map.of(name, Json.number(value)));
    }
}
