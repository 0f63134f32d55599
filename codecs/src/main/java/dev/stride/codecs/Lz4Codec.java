package dev.stride.codecs;

import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * {@code numcodecs.lz4}: numcodecs' framing, the decoded size as a 4-byte little-endian integer and then one LZ4
 * block, through lz4-java (its JNI library where it loads, else its pure Java code; both check every offset). The
 * declared size is checked against what the chunk may hold before anything is allocated.
 */
final class Lz4Codec extends OneOptionCodec {
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int HEADER = 4;
    /** A match's length grows by 255 per extra byte of the block: no byte of a block decodes to more than 256. */
    private static final long MAX_RATIO = 256;
    private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();

    private final LZ4SafeDecompressor decompressor = LZ4.safeDecompressor();
    private final LZ4Compressor compressor = LZ4.fastCompressor();
    private final Object encodeBuffer = new Object();

    Lz4Codec(CodecConfig config) {
        super("lz4", IntOption.read(config, "acceleration", Integer.MIN_VALUE, Integer.MAX_VALUE, 1L));
    }

    @Override
    public MemorySegment decode(MemorySegment encoded, DecodedSize expected, DecodeContext ctx) {
        long n = encoded.byteSize();
        if (n < HEADER) {
            throw ctx.corrupt("lz4: " + n + " bytes, too few for the 4-byte size header");
        }
        long declared = Integer.toUnsignedLong(encoded.get(LE_INT, 0));
        expected.checkDeclared("lz4: header says", declared, n - HEADER, MAX_RATIO, ctx);
        MemorySegment out = ctx.buffer(this, declared);
        int decoded;
        try {
            decoded = decompressor.decompress(encoded.asByteBuffer(), HEADER, (int) (n - HEADER), out.asByteBuffer(), 0, (int) declared);
        } catch (LZ4Exception e) {
            throw ctx.corrupt("lz4: malformed block: " + e.getMessage(), e);
        }
        if (decoded != declared) {
            throw ctx.corrupt("lz4: the block decodes to " + decoded + " bytes, its header says " + declared);
        }
        return out;
    }

    /** The header and LZ4's {@code LZ4_compressBound}. */
    @Override
    public long maxEncodedSize(long n) {
        return HEADER + n + n / 255 + 16;
    }

    /** Written with acceleration 1, whatever the configuration says: lz4-java's shared compressors have no other. */
    @Override
    public MemorySegment encode(MemorySegment decoded, DecodeContext ctx) {
        int n = (int) decoded.byteSize();
        int bound = compressor.maxCompressedLength(n);
        MemorySegment out = ctx.buffer(encodeBuffer, HEADER + (long) bound);
        out.set(LE_INT, 0, n);
        int written = compressor.compress(decoded.asByteBuffer(), 0, n, out.asByteBuffer(), HEADER, bound);
        return out.asSlice(0, HEADER + written);
    }
}
