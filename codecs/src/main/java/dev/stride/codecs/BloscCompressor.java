package dev.stride.codecs;

import java.util.Arrays;
import java.util.List;

/** The compressors a c-blosc 1.x chunk may use, with the format code its header stores in flag bits 5-7. */
enum BloscCompressor {
    BLOSCLZ("blosclz", 0),
    LZ4("lz4", 1),
    LZ4HC("lz4hc", 1),
    SNAPPY("snappy", 2),
    ZLIB("zlib", 3),
    ZSTD("zstd", 4);

    static final int FORMATS = 5;

    final String cname;
    final int format;

    BloscCompressor(String cname, int format) {
        this.cname = cname;
        this.format = format;
    }

    static List<String> names() {
        return Arrays.stream(values()).map(c -> c.cname).toList();
    }

    static BloscCompressor byName(String cname) {
        for (BloscCompressor c : values()) {
            if (c.cname.equals(cname)) {
                return c;
            }
        }
        throw new IllegalArgumentException(cname);
    }

    /** The name of a header's format code (lz4 and lz4hc share one). */
    static String formatName(int format) {
        for (BloscCompressor c : values()) {
            if (c.format == format) {
                return c.cname;
            }
        }
        return "unknown format " + format;
    }
}
