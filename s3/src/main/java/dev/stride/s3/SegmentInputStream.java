package dev.stride.s3;

import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Reads a memory segment as a stream without copying it first: how the signer hashes a request body. */
final class SegmentInputStream extends InputStream {
    private final MemorySegment segment;
    private long position;

    SegmentInputStream(MemorySegment segment) {
        this.segment = segment;
    }

    @Override
    public int read() {
        return position < segment.byteSize() ? segment.get(ValueLayout.JAVA_BYTE, position++) & 0xff : -1;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        java.util.Objects.checkFromIndexSize(offset, length, into.length);
        long left = segment.byteSize() - position;
        if (length == 0) {
            return 0;
        }
        if (left <= 0) {
            return -1;
        }
        int n = (int) Math.min(length, left);
        MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, position, into, offset, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, segment.byteSize() - position);
    }
}
