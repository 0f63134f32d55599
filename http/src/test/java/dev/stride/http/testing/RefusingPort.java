package dev.stride.http.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;

/**
 * A loopback port that refuses connections for as long as this is open: a socket bound to it that does not listen.
 * A port merely closed again could be taken by another process on a busy machine, which would then answer. It may
 * share the port of a {@link LoopbackPeer} that still listens (both allow {@code SO_REUSEPORT}), so that the peer
 * can stop answering without letting go of its port.
 */
public final class RefusingPort implements AutoCloseable {
    private final Socket holder = new Socket();

    /** Holds {@code port}, or a free port when it is 0. */
    public RefusingPort(int port) {
        try {
            holder.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot hold loopback port " + port, e);
        }
    }

    public int port() {
        return holder.getLocalPort();
    }

    @Override
    public void close() {
        try {
            holder.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
