package dev.stride.internal.codec;

import dev.stride.model.Json;
import dev.stride.spi.BytesToBytesCodec;
import dev.stride.spi.CodecConfig;
import dev.stride.spi.DecodeContext;
import dev.stride.spi.DecodedSize;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * {@code gzip}: one RFC 1952 member. The header (with FEXTRA, FNAME, FCOMMENT, FHCRC) is parsed here, the deflate
 * data inflated off-heap straight into the reading thread's buffer, and the CRC32 and size trailer checked.
 */
public final class GzipCodec implements BytesToBytesCodec {
    private static final ValueLayout.OfInt LE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort LE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;
    private static final int TRAILER = 8;
    /** Deflate's densest code (a 258-byte match in 2 bits) decodes at most 1032 bytes per byte of input. */
    private static final long MAX_RATIO = 1032;
    /**
     * Room for the optional header fields a writer may add: a whole FEXTRA field (2 + 65535 bytes), 4 KiB of file name
     * and comment, and the header CRC16.
     */
    private static final long OPTIONAL_HEADER_ROOM = 2 + 65535 + 4096 + 2;

    private final int level;
    private final Object inflaterKey = new Object();
    private final Object deflaterKey = new Object();
    private final Object encodeBuffer = new Object();

    GzipCodec(CodecConfig config) {
        config.allowOnly("level");
        this.level = (int) config.integer("level", 0, 9, null);
    }

    @Override
    public String name() {
        return "gzip";
    }

    @Override
    public Json.JObject configuration() {
        return new Json.JObject(Map.of("level", Json.number(level)));
    }

    @Override
    public MemorySegment decode(MemorySegment in, DecodedSize expected, DecodeContext ctx) {
        long n = in.byteSize();
        int headerEnd = headerEnd(in, ctx);
        if (n - headerEnd < TRAILER) {
            throw ctx.corrupt("gzip: truncated (" + n + " bytes)");
        }
        long storedSize = Integer.toUnsignedLong(in.get(LE_INT, n - 4));
        int storedCrc = in.get(LE_INT, n - 8);
        if (expected.isExact()) {
            // the trailer holds the size modulo 2^32 only: it is compared after inflating
            expected.checkExpansion("gzip", n - headerEnd, MAX_RATIO, ctx);
        } else {
            expected.checkDeclared("gzip: trailer says", storedSize, n - headerEnd, MAX_RATIO, ctx);
        }
        long size = expected.isExact() ? expected.exact() : storedSize;
        MemorySegment out = ctx.buffer(this, size);
        Inflater inflater = ctx.local(inflaterKey, () -> new AutoCloseableInflater()).inflater;
        inflater.reset();
        inflater.setInput(in.asSlice(headerEnd, n - headerEnd).asByteBuffer());
        var outBuffer = out.asByteBuffer();
        try {
            while (outBuffer.hasRemaining() && !inflater.finished()) {
                if (inflater.inflate(outBuffer) == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw ctx.corrupt("gzip: deflate data is truncated after " + outBuffer.position() + " bytes");
                }
            }
            if (!inflater.finished()) {
                // room is full: the stream must end here without more output
                byte[] probe = new byte[1];
                if (inflater.inflate(probe) > 0 || !inflater.finished()) {
                    throw ctx.corrupt("gzip: decodes to more than the expected " + size + " bytes");
                }
            }
        } catch (DataFormatException e) {
            throw ctx.corrupt("gzip: invalid deflate data: " + e.getMessage(), e);
        }
        if (outBuffer.hasRemaining()) {
            throw ctx.corrupt("gzip: decodes to " + outBuffer.position() + " bytes, expected " + size);
        }
        if (inflater.getRemaining() != TRAILER) {
            throw ctx.corrupt("gzip: " + (inflater.getRemaining() - TRAILER) + " unexpected bytes after the deflate data");
        }
        if ((storedSize & 0xffffffffL) != (size & 0xffffffffL)) {
            throw ctx.corrupt("gzip: trailer says " + storedSize + " bytes, decoded " + size);
        }
        CRC32 crc = new CRC32();
        crc.update(out.asByteBuffer());
        if ((int) crc.getValue() != storedCrc) {
            throw ctx.corrupt(String.format("gzip: CRC32 mismatch: trailer 0x%08x, data 0x%08x", storedCrc, (int) crc.getValue()));
        }
        return out;
    }

    /**
     * The 10-byte header and its optional fields, the 8-byte trailer and zlib's conservative deflate bound (its
     * {@code deflateBound} for any settings: the larger of all stored blocks and all fixed Huffman codes).
     */
    @Override
    public long maxEncodedSize(long n) {
        long stored = n + (n >> 5) + (n >> 7) + (n >> 11) + 7;
        long fixed = n + (n >> 3) + (n >> 8) + (n >> 9) + 4;
        return 10 + OPTIONAL_HEADER_ROOM + Math.max(stored, fixed) + TRAILER;
    }

    /** Offset of the deflate data after an RFC 1952 member header. */
    private static int headerEnd(MemorySegment in, DecodeContext ctx) {
        long n = in.byteSize();
        if (n < 10 || in.get(ValueLayout.JAVA_BYTE, 0) != (byte) 0x1f || in.get(ValueLayout.JAVA_BYTE, 1) != (byte) 0x8b) {
            throw ctx.corrupt("gzip: not a gzip member (bad magic)");
        }
        if (in.get(ValueLayout.JAVA_BYTE, 2) != 8) {
            throw ctx.corrupt("gzip: compression method " + in.get(ValueLayout.JAVA_BYTE, 2) + " is not deflate");
        }
        int flags = in.get(ValueLayout.JAVA_BYTE, 3) & 0xff;
        if ((flags & 0xe0) != 0) {
            throw ctx.corrupt("gzip: reserved header flags are set");
        }
        long at = 10;
        if ((flags & FEXTRA) != 0) {
            at = require(in, at, 2, ctx);
            at += 2 + Short.toUnsignedLong(in.get(LE_SHORT, at));
        }
        if ((flags & FNAME) != 0) {
            at = skipZeroTerminated(in, at, ctx);
        }
        if ((flags & FCOMMENT) != 0) {
            at = skipZeroTerminated(in, at, ctx);
        }
        if ((flags & FHCRC) != 0) {
            at = require(in, at, 2, ctx);
            CRC32 crc = new CRC32();
            crc.update(in.asSlice(0, at).asByteBuffer());
            if ((short) crc.getValue() != in.get(LE_SHORT, at)) {
                throw ctx.corrupt("gzip: header CRC16 mismatch");
            }
            at += 2;
        }
        return (int) require(in, at, 0, ctx);
    }

    private static long require(MemorySegment in, long at, long bytes, DecodeContext ctx) {
        if (at + bytes > in.byteSize()) {
            throw ctx.corrupt("gzip: header is truncated");
        }
        return at;
    }

    private static long skipZeroTerminated(MemorySegment in, long at, DecodeContext ctx) {
        for (long i = at; i < in.byteSize(); i++) {
            if (in.get(ValueLayout.JAVA_BYTE, i) == 0) {
                return i + 1;
            }
        }
        throw ctx.corrupt("gzip: header is truncated");
    }

    @Override
    public MemorySegment encode(MemorySegment in, DecodeContext ctx) {
        long n = in.byteSize();
        // zlib's deflateBound plus the 10-byte header and 8-byte trailer
        long bound = n + (n >> 12) + (n >> 14) + (n >> 25) + 13 + 10 + TRAILER + 64;
        MemorySegment out = ctx.buffer(encodeBuffer, bound);
        byte[] header = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 255};
        MemorySegment.copy(MemorySegment.ofArray(header), 0, out, 0, header.length);
        Deflater deflater = ctx.local(deflaterKey, () -> new AutoCloseableDeflater(level)).deflater;
        deflater.reset();
        deflater.setInput(in.asByteBuffer());
        deflater.finish();
        var body = out.asSlice(header.length, bound - header.length - TRAILER).asByteBuffer();
        while (!deflater.finished()) {
            if (deflater.deflate(body) == 0 && !body.hasRemaining()) {
                throw ctx.unwritable("gzip: output exceeded the deflate bound", null);
            }
        }
        long end = header.length + body.position();
        CRC32 crc = new CRC32();
        crc.update(in.asByteBuffer());
        out.set(LE_INT, end, (int) crc.getValue());
        out.set(LE_INT, end + 4, (int) n);
        return out.asSlice(0, end + TRAILER);
    }

    private record AutoCloseableInflater(Inflater inflater) implements AutoCloseable {
        AutoCloseableInflater() {
            this(new Inflater(true));
        }

        @Override
        public void close() {
            inflater.end();
        }
    }

    private record AutoCloseableDeflater(Deflater deflater) implements AutoCloseable {
        AutoCloseableDeflater(int level) {
            this(new Deflater(level, true));
        }

        @Override
        public void close() {
            deflater.end();
        }
    }
}
