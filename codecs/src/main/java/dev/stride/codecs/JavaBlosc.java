package dev.stride.codecs;

import com.scalableminds.bloscjava.Blosc;
import dev.stride.spi.DecodeContext;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * blosc-java, the fallback: its bundled c-blosc 1.21 works on {@code byte[]} only, so chunks are copied in and out.
 * It has no snappy.
 */
final class JavaBlosc implements BloscEngine {
    private static final int ONE_THREAD = 1;

    private JavaBlosc() {
    }

    /** Loads blosc-java's bundled library (it ships builds for a few platforms only). */
    static JavaBlosc load() {
        try {
            Class.forName(Blosc.class.getName(), true, JavaBlosc.class.getClassLoader());
            return new JavaBlosc();
        } catch (LinkageError | ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("blosc-java cannot load its native library on this platform: " + e, e);
        }
    }

    @Override
    public String describe() {
        return "blosc-java";
    }

    @Override
    public boolean decodes(int format) {
        return format != BloscCompressor.SNAPPY.format;
    }

    @Override
    public boolean encodes(BloscCompressor compressor) {
        return compressor != BloscCompressor.SNAPPY;
    }

    @Override
    public void decompress(MemorySegment chunk, MemorySegment out, DecodeContext ctx) {
        byte[] decoded;
        try {
            decoded = Blosc.decompress(chunk.toArray(ValueLayout.JAVA_BYTE), ONE_THREAD);
        } catch (RuntimeException e) {
            throw ctx.corrupt("blosc: " + e.getMessage(), e);
        }
        if (decoded.length != out.byteSize()) {
            throw ctx.corrupt("blosc: decodes to " + decoded.length + " bytes, expected " + out.byteSize());
        }
        MemorySegment.copy(decoded, 0, out, ValueLayout.JAVA_BYTE, 0, decoded.length);
    }

    @Override
    public long compress(BloscSettings s, MemorySegment in, MemorySegment out, DecodeContext ctx) {
        byte[] chunk = Blosc.compress(in.toArray(ValueLayout.JAVA_BYTE), s.typesize(),
                Blosc.Compressor.valueOf(s.cname().name()), s.clevel(), Blosc.Shuffle.fromInt(s.shuffle()), s.blocksize(), ONE_THREAD);
        MemorySegment.copy(chunk, 0, out, ValueLayout.JAVA_BYTE, 0, chunk.length);
        return chunk.length;
    }
}
