package dev.stride.codecs;

import dev.stride.spi.DecodeContext;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Bytes written into the reading thread's scratch buffers, never past {@code limit}: a stream decoder's output or a
 * stream encoder's. It starts at {@code initial} bytes and doubles when full, moving its contents between two buffers
 * (the scratch frees a buffer's contents when it grows), so it never holds more than twice what was written.
 */
final class ScratchOutput extends OutputStream {
    /** Raised, not returned, so that an encoder writing through this stream stops at once. */
    static final class Full extends IOException {
        private static final long serialVersionUID = 1L;

        Full(long limit) {
            super("more than " + limit + " bytes");
        }
    }

    private final DecodeContext ctx;
    private final Object[] owners;
    private final long limit;
    private int current;
    private MemorySegment buffer;
    private long size;

    /** {@code owners} are two objects that name this stream's two scratch buffers. */
    ScratchOutput(DecodeContext ctx, Object[] owners, long initial, long limit) {
        this.ctx = ctx;
        this.owners = owners;
        this.limit = limit;
        this.buffer = ctx.buffer(owners[0], Math.min(initial, limit));
    }

    long size() {
        return size;
    }

    /** The bytes written so far. */
    MemorySegment written() {
        return buffer.asSlice(0, size);
    }

    @Override
    public void write(int b) throws IOException {
        room(1);
        buffer.set(ValueLayout.JAVA_BYTE, size++, (byte) b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        room(len);
        MemorySegment.copy(b, off, buffer, ValueLayout.JAVA_BYTE, size, len);
        size += len;
    }

    private void room(int bytes) throws Full {
        if (bytes > limit - size) {
            throw new Full(limit);
        }
        if (size + bytes > buffer.byteSize()) {
            long capacity = Math.min(limit, Math.max(size + bytes, buffer.byteSize() * 2));
            current ^= 1;
            MemorySegment grown = ctx.buffer(owners[current], capacity);
            MemorySegment.copy(buffer, 0, grown, 0, size);
            buffer = grown;
        }
    }
}
