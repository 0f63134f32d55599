package dev.stride.arrow;

import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Parquet's view of a channel the caller opened (a file, or stdout): written once from the start, through a 1 MiB
 * buffer (parquet-java's own local file buffers 4 KiB), and left open for the caller to close.
 */
final class ChannelOutputFile implements OutputFile, AutoCloseable {
    private static final int BUFFER = 1 << 20;

    private final WritableByteChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
    private long position;

    ChannelOutputFile(WritableByteChannel channel) {
        this.channel = channel;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) {
        return new PositionOutputStream() {
            @Override
            public long getPos() {
                return position;
            }

            @Override
            public void write(int b) throws IOException {
                if (!buffer.hasRemaining()) {
                    drain();
                }
                buffer.put((byte) b);
                position++;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                while (len > 0) {
                    if (!buffer.hasRemaining()) {
                        drain();
                    }
                    int n = Math.min(len, buffer.remaining());
                    buffer.put(b, off, n);
                    off += n;
                    len -= n;
                    position += n;
                }
            }

            @Override
            public void flush() throws IOException {
                drain();
            }

            @Override
            public void close() throws IOException {
                drain();
            }
        };
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) {
        return create(blockSizeHint);
    }

    private void drain() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return 0;
    }

    @Override
    public String getPath() {
        return "the export's output";
    }

    /** Writes what is still buffered; the channel stays open. */
    @Override
    public void close() throws IOException {
        drain();
    }
}
