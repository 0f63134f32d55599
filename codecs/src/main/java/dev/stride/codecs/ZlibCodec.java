package dev.stride.codecs;

import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/** {@code numcodecs.zlib}: one RFC 1950 zlib stream, as Python's {@code zlib.compress} makes it; level 1 by default. */
final class ZlibCodec extends LevelCodec {
    /** One inflater per reading thread for every zlib codec: it keeps nothing between chunks once reset. */
    private static final Object INFLATER = new Object();

    private final Object deflater = new Object();

    ZlibCodec(CodecConfig config) {
        super("zlib", config, -1, 9);
    }

    @Override
    InputStream decoder(InputStream encoded, DecodeContext ctx) {
        Inflater inflater = ctx.local(INFLATER, Inflater::new);
        inflater.reset();
        return new InflaterInputStream(encoded, inflater, 64 << 10);
    }

    @Override
    OutputStream encoder(OutputStream out, DecodeContext ctx) {
        Deflater d = ctx.local(deflater, () -> new Deflater(level()));
        d.reset();
        return new DeflaterOutputStream(out, d, 64 << 10);
    }

    /** The 2-byte header and the 4-byte Adler-32 around deflate's worst case. */
    @Override
    public long maxEncodedSize(long n) {
        return Deflate.bound(n) + 6;
    }
}
