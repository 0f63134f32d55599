package dev.stride.http.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server that answers every connection with the same bytes, whatever it is sent, and ends its side of
 * it; it counts the connections, which are the attempts a client made.
 */
public final class LoopbackPeer implements AutoCloseable {
    private final ServerSocket socket;
    private final AtomicInteger connections = new AtomicInteger();
    private final Thread acceptor;

    /** A peer answering {@code answer} once it read the first bytes of a request. */
    public LoopbackPeer(String answer) {
        try {
            socket = new ServerSocket();
            socket.setOption(StandardSocketOptions.SO_REUSEPORT, true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] bytes = answer.getBytes(StandardCharsets.ISO_8859_1);
        acceptor = Thread.ofVirtual().start(() -> {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    connections.incrementAndGet();
                    Thread.ofVirtual().start(() -> answer(s, bytes));
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    /** What a plain HTTP server (python3 -m http.server) answers to a TLS ClientHello. */
    public static LoopbackPeer plainHttp() {
        return new LoopbackPeer("HTTP/1.0 400 Bad request version\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html>bad</html>");
    }

    private static void answer(Socket s, byte[] bytes) {
        try (s) {
            byte[] request = new byte[4096];
            s.getInputStream().read(request);
            s.getOutputStream().write(bytes);
            // half-closed, and the rest of what the client sends read until it closes: closing with unread bytes
            // would reset the connection, and the client might see the reset before the answer
            s.shutdownOutput();
            while (s.getInputStream().read(request) >= 0) {
                Thread.onSpinWait();
            }
        } catch (IOException e) {
            // the client went away: nothing to answer
        }
    }

    public URI uri(String scheme, String path) {
        return URI.create(scheme + "://127.0.0.1:" + socket.getLocalPort() + "/" + path);
    }

    public int port() {
        return socket.getLocalPort();
    }

    public int connections() {
        return connections.get();
    }

    /** Stops listening and holds the port, so that connections to it are refused until the port is closed. */
    public RefusingPort refuseFromNowOn() {
        RefusingPort refusing = new RefusingPort(port());
        close();
        return refusing;
    }

    @Override
    public void close() {
        try {
            socket.close();
            // the JDK closes a socket a thread is blocked on only once that thread has left: until then it listens
            acceptor.join();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the peer stopped listening", e);
        }
    }
}
