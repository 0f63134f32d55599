package dev.stride.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP relay on loopback that delays every request: bytes from the client reach the server {@code DELAY_MS} after they
 * arrived, the answers go back at once, so each request costs one more round trip of that length, as a far object
 * store's do. The replacement of {@code ../shared/peers/latency_proxy.py} in {@code bench/remote.sh}: that relay's
 * interpreter copies the answers at a fraction of loopback's speed on fast machines, so its 0 ms column measured the
 * relay (bench/results/2026-12-06-azure-own-transport.md). Here the answers are copied through one direct buffer per
 * connection, and a delayed piece waits from its own arrival, not behind the piece before it.
 *
 * <p>usage: {@code java -cp benchmarks.jar dev.stride.bench.LatencyRelay LISTEN_PORT UPSTREAM_PORT DELAY_MS} (runs until
 * killed)
 */
public final class LatencyRelay {
    private static final int BUFFER_BYTES = 1 << 20;
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    /** Bytes from the client and when they may go on. */
    private record Piece(ByteBuffer bytes, long dueNanos) {
    }

    private LatencyRelay() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: LatencyRelay LISTEN_PORT UPSTREAM_PORT DELAY_MS");
            System.exit(2);
        }
        int listen = Integer.parseInt(args[0]);
        InetSocketAddress upstream = new InetSocketAddress(LOOPBACK, Integer.parseInt(args[1]));
        long delayNanos = TimeUnit.MICROSECONDS.toNanos(Math.round(Double.parseDouble(args[2]) * 1000));
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(LOOPBACK, listen), 256);
            while (true) {
                SocketChannel client = server.accept();
                Thread.ofPlatform().daemon().start(() -> relay(client, upstream, delayNanos));
            }
        }
    }

    private static void relay(SocketChannel client, InetSocketAddress upstream, long delayNanos) {
        // once the server's side ends nothing more can be answered: both connections close, ending the requests' thread
        try (client; SocketChannel server = SocketChannel.open(upstream)) {
            // Nagle's wait for an acknowledgement would hold an answer's small last piece back by the peer's delayed ACK
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            server.setOption(StandardSocketOptions.TCP_NODELAY, true);
            Thread.ofPlatform().daemon().start(() -> forwardRequests(client, server, delayNanos));
            copy(server, client);
        } catch (IOException e) {
            // the server refused or either side went away: the client sees its connection close
        }
    }

    /** Answers: copied as they come; the end of the server's side ends the client's. */
    private static void copy(SocketChannel from, SocketChannel to) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES);
        try {
            while (from.read(buffer) >= 0) {
                buffer.flip();
                while (buffer.hasRemaining()) {
                    to.write(buffer);
                }
                buffer.clear();
            }
        } finally {
            to.shutdownOutput();
        }
    }

    /** Requests: each piece read is written once its delay is over; the client's end reaches the server after them. */
    private static void forwardRequests(SocketChannel client, SocketChannel server, long delayNanos) {
        if (delayNanos == 0) {
            try {
                copy(client, server);
            } catch (IOException e) {
                closeQuietly(server);
            }
            return;
        }
        BlockingQueue<Piece> due = new LinkedBlockingQueue<>();
        Thread writer = Thread.ofPlatform().daemon().start(() -> writeWhenDue(due, server));
        try {
            ByteBuffer buffer = ByteBuffer.allocate(64 << 10);
            while (client.read(buffer) >= 0) {
                buffer.flip();
                due.add(new Piece(ByteBuffer.allocate(buffer.remaining()).put(buffer).flip(), System.nanoTime() + delayNanos));
                buffer.clear();
            }
        } catch (IOException e) {
            // the client went away: what it sent still goes on, then the end
        }
        due.add(new Piece(null, System.nanoTime() + delayNanos));
        try {
            writer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void writeWhenDue(BlockingQueue<Piece> due, SocketChannel server) {
        try {
            while (true) {
                Piece piece = due.take();
                long wait = piece.dueNanos - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                if (piece.bytes == null) {
                    server.shutdownOutput();
                    return;
                }
                while (piece.bytes.hasRemaining()) {
                    server.write(piece.bytes);
                }
            }
        } catch (IOException | InterruptedException e) {
            closeQuietly(server);
        }
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // already broken: nothing more to release
        }
    }
}
