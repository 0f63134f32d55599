package dev.stride.spi;

import dev.stride.model.Json;

/**
 * One step of a chunk's codec chain, made by a {@link CodecProvider} for one array's chunks. The kinds are closed,
 * as the Zarr v3 spec has three: {@link ArrayToArrayCodec} (rearranges elements), {@link ArrayToBytesCodec} (turns
 * elements into bytes, exactly one per chain) and {@link BytesToBytesCodec} (compression, checksums); a codec
 * implements one of them. A codec instance is shared by every thread that reads or writes the array: its per-thread
 * buffers and state come from the {@link DecodeContext} of each call.
 */
public sealed interface Codec permits ArrayToArrayCodec, ArrayToBytesCodec, BytesToBytesCodec {

    /**
     * The codec's name as written in {@code zarr.json} (e.g. {@code zstd}).
     *
     * @return one of the names its provider {@linkplain CodecProvider#names() makes}
     */
    String name();

    /**
     * The configuration as it is written to metadata, every default made explicit.
     *
     * @return the {@code configuration} member of the codec's entry
     */
    Json.JObject configuration();
}
