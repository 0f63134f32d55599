package dev.stride.codecs;

import dev.stride.model.Json;
import dev.stride.spi.ChunkSpec;
import dev.stride.spi.CodecConfig;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a {@code blosc} codec compresses. Decoding ignores it (a chunk's header describes it), so reading is lenient
 * where writers differ: {@code shuffle} may be the numcodecs integer 0/1/2, {@code typesize} may be absent (then the
 * element size, as zarr-python assumes) and {@code blocksize} defaults to 0 (automatic).
 */
record BloscSettings(BloscCompressor cname, int clevel, int shuffle, int typesize, int blocksize) {
    static final int NOSHUFFLE = 0;
    /** numcodecs' AUTOSHUFFLE: bitshuffle for one-byte elements, byte shuffle for larger ones. */
    private static final int AUTOSHUFFLE = -1;
    static final List<String> SHUFFLES = List.of("noshuffle", "shuffle", "bitshuffle");

    static BloscSettings read(CodecConfig config, ChunkSpec input) {
        config.allowOnly("cname", "clevel", "shuffle", "typesize", "blocksize");
        BloscCompressor cname = BloscCompressor.byName(config.oneOf("cname", null, BloscCompressor.names()));
        int clevel = (int) config.integer("clevel", 0, 9, null);
        int shuffle = shuffle(config);
        long defaultTypesize = shuffle == NOSHUFFLE ? 1 : input.type().byteSize();
        int typesize = (int) config.integer("typesize", 1, Integer.MAX_VALUE, defaultTypesize);
        int blocksize = (int) config.integer("blocksize", 0, Integer.MAX_VALUE, 0L);
        return new BloscSettings(cname, clevel, shuffle, typesize, blocksize);
    }

    /**
     * numcodecs' {@code Blosc} configuration, as zarr-python 3's {@code numcodecs.blosc} and a Zarr v2 compressor hold
     * it, with numcodecs' defaults: lz4 at level 5 with byte shuffle, the element size as typesize (numcodecs passes
     * the array's item size whatever the shuffle).
     */
    static BloscSettings readNumcodecs(CodecConfig config, ChunkSpec input) {
        config.allowOnly("cname", "clevel", "shuffle", "typesize", "blocksize");
        BloscCompressor cname = BloscCompressor.byName(config.oneOf("cname", "lz4", BloscCompressor.names()));
        int clevel = (int) config.integer("clevel", 0, 9, 5L);
        int itemsize = input.type().byteSize();
        int shuffle = (int) config.integer("shuffle", AUTOSHUFFLE, SHUFFLES.size() - 1, 1L);
        if (shuffle == AUTOSHUFFLE) {
            shuffle = SHUFFLES.indexOf(itemsize == 1 ? "bitshuffle" : "shuffle");
        }
        int typesize = (int) config.integer("typesize", 1, Integer.MAX_VALUE, (long) itemsize);
        int blocksize = (int) config.integer("blocksize", 0, Integer.MAX_VALUE, 0L);
        return new BloscSettings(cname, clevel, shuffle, typesize, blocksize);
    }

    private static int shuffle(CodecConfig config) {
        Json v = config.required("shuffle");
        if (v instanceof Json.JNumber) {
            return (int) config.integerValue(v, "shuffle", 0, SHUFFLES.size() - 1);
        }
        return SHUFFLES.indexOf(config.oneOf("shuffle", null, SHUFFLES));
    }

    /** numcodecs' spelling: shuffle as its integer, typesize left to the array's item size. */
    Json.JObject numcodecsJson() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("cname", Json.string(cname.cname));
        members.put("clevel", Json.number(clevel));
        members.put("shuffle", Json.number(shuffle));
        members.put("blocksize", Json.number(blocksize));
        return new Json.JObject(members);
    }

    Json.JObject json() {
        Map<String, Json> members = new LinkedHashMap<>();
        members.put("cname", Json.string(cname.cname));
        members.put("clevel", Json.number(clevel));
        members.put("shuffle", Json.string(SHUFFLES.get(shuffle)));
        members.put("typesize", Json.number(typesize));
        members.put("blocksize", Json.number(blocksize));
        return new Json.JObject(members);
    }
}
