package dev.stride.arrow;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Compresses Parquet pages by calling zstd-jni and snappy-java directly: parquet-java's own codecs are Hadoop's
 * classes and would need Hadoop at run time. A compressor belongs to one writer; its output array is reused from
 * page to page, as the page store copies each compressed page before asking for the next.
 */
abstract class PageCompression implements BytesInputCompressor {
    /** zstd's level: its default, the level the command line's zstd codec defaults to as well. */
    private static final int ZSTD_LEVEL = 3;

    /** The page as given: parquet hands pages over as {@link BytesInput}, which may be several buffers. */
    private final PageBytes in = new PageBytes();
    private byte[] out = new byte[0];

    private static final class PageBytes extends ByteArrayOutputStream {
        byte[] array() {
            return buf;
        }
    }

    /** The page's bytes in a reused array, {@link #inLength()} of them. */
    byte[] input(BytesInput bytes) throws IOException {
        in.reset();
        bytes.writeAllTo(in);
        return in.array();
    }

    int inLength() {
        return in.size();
    }

    static BytesInputCompressor of(ParquetExport.Codec codec) {
        return switch (codec) {
            case ZSTD -> new Zstandard();
            case SNAPPY -> new SnappyPages();
            case NONE -> new Stored();
        };
    }

    byte[] room(int bound) {
        if (out.length < bound) {
            out = new byte[bound];
        }
        return out;
    }

    @Override
    public void release() {
    }

    private static final class Zstandard extends PageCompression {
        private final ZstdCompressCtx context = new ZstdCompressCtx().setLevel(ZSTD_LEVEL);

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            byte[] src = input(bytes);
            byte[] dst = room(Math.toIntExact(Zstd.compressBound(inLength())));
            int n = context.compressByteArray(dst, 0, dst.length, src, 0, inLength());
            return BytesInput.from(dst, 0, n);
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.ZSTD;
        }

        @Override
        public void release() {
            context.close();
        }
    }

    private static final class SnappyPages extends PageCompression {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            byte[] src = input(bytes);
            byte[] dst = room(Snappy.maxCompressedLength(inLength()));
            int n = Snappy.rawCompress(src, 0, inLength(), dst, 0);
            return BytesInput.from(dst, 0, n);
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.SNAPPY;
        }
    }

    private static final class Stored extends PageCompression {
        @Override
        public BytesInput compress(BytesInput bytes) {
            return bytes;
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.UNCOMPRESSED;
        }
    }
}
