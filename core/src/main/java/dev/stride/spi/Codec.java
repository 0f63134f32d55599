package dev.stride.spi;

import dev.stride.model.Json;

/**
 * One step of a chunk's codec chain. The kinds are closed (the spec has three); codecs of each kind may come
 * from other modules through {@link CodecProvider}.
 */
public sealed interface Codec permits ArrayToArrayCodec, ArrayToBytesCodec, BytesToBytesCodec {

    String name();

    /** The configuration as it is written to metadata. */
    Json.JObject configuration();
}
