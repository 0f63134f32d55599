package dev.stride.arrow;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;

/**
 * The channel an Arrow stream is written through, so that a failed stream never reads as a whole one. A stream that
 * just stops, or ends with the end-of-stream marker Arrow's writer adds when closed, reads as a shorter table; so
 * once {@linkplain #cutOff() cut off}, the channel ends what it carried with the start of a message that never comes
 * (its continuation marker and a length), which every Arrow reader refuses, and drops whatever is written after it.
 */
final class CutOffChannel implements WritableByteChannel {
    /** The continuation marker of an IPC message, then a metadata length no byte follows. */
    private static final int CONTINUATION = 0xFFFFFFFF;
    private static final int PROMISED_LENGTH = 8;

    private final WritableByteChannel out;
    private boolean cut;

    CutOffChannel(WritableByteChannel out) {
        this.out = out;
    }

    @Override
    public int write(ByteBuffer source) throws IOException {
        if (cut) {
            int dropped = source.remaining();
            source.position(source.limit());
            return dropped;
        }
        return out.write(source);
    }

    /** Ends the stream as broken: writes the unfinished message's start, then drops every later write. */
    void cutOff() throws IOException {
        if (cut) {
            return;
        }
        cut = true;
        ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(CONTINUATION).putInt(PROMISED_LENGTH).flip();
        while (tail.hasRemaining()) {
            out.write(tail);
        }
    }

    @Override
    public boolean isOpen() {
        return out.isOpen();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
