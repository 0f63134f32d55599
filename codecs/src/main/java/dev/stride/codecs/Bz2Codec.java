package dev.stride.codecs;

import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * {@code numcodecs.bz2}: bzip2 streams (commons-compress), concatenated ones decoding as one value as Python's
 * {@code bz2.decompress} does; the level is the block size in 100 kB, 1 by default.
 */
final class Bz2Codec extends LevelCodec {
    Bz2Codec(CodecConfig config) {
        super("bz2", config, 1, 9);
    }

    @Override
    InputStream decoder(InputStream encoded, DecodeContext ctx) throws IOException {
        return new BZip2CompressorInputStream(encoded, true);
    }

    @Override
    OutputStream encoder(OutputStream out, DecodeContext ctx) throws IOException {
        return new BZip2CompressorOutputStream(out, level());
    }

    /** The bzip2 manual's bound: at most 1% larger than the input plus 600 bytes. */
    @Override
    public long maxEncodedSize(long n) {
        return n + n / 100 + 600;
    }
}
