package dev.stride.arrow;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Writes to a file from a position of its own, leaving the file's position alone, so several threads can each write
 * their part of one file at once. Closing it leaves the file open.
 */
final class PositionedChannel implements WritableByteChannel {
    private final FileChannel file;
    private long position;

    PositionedChannel(FileChannel file, long position) {
        this.file = file;
        this.position = position;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        int written = 0;
        while (src.hasRemaining()) {
            written += file.write(src, position + written);
        }
        position += written;
        return written;
    }

    long position() {
        return position;
    }

    @Override
    public boolean isOpen() {
        return file.isOpen();
    }

    @Override
    public void close() {
        // the file is the caller's
    }
}
