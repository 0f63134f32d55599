package dev.stride.codecs;

import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * {@code numcodecs.gzip}: gzip members as Python's {@code GzipFile} writes and reads them (so several concatenated
 * members decode as one value, unlike the v3 {@code gzip} codec); level 1 by default.
 */
final class NumcodecsGzipCodec extends LevelCodec {
    /** Room for the optional header fields another writer may add: a whole FEXTRA field and 4 KiB of name and comment. */
    private static final long HEADER_ROOM = 10 + 2 + 65535 + 4096 + 2;

    NumcodecsGzipCodec(CodecConfig config) {
        super("gzip", config, 0, 9);
    }

    @Override
    InputStream decoder(InputStream encoded, DecodeContext ctx) throws IOException {
        return new GZIPInputStream(encoded, 64 << 10);
    }

    @Override
    OutputStream encoder(OutputStream out, DecodeContext ctx) throws IOException {
        return new GZIPOutputStream(out, 64 << 10) {
            {
                def.setLevel(level());
            }
        };
    }

    /** The header with its optional fields, deflate's worst case and the 8-byte trailer. */
    @Override
    public long maxEncodedSize(long n) {
        return HEADER_ROOM + Deflate.bound(n) + 8;
    }
}
