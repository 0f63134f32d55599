package dev.stride.s3;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A server on 127.0.0.1 that gives every request (without a body) the same answer and keeps its headers, names in
 * lower case: what a store sends, seen from outside, and answers no real server would give. Plain sockets, so the
 * tests need no module beyond java.base.
 */
final class RecordingServer implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Map<String, String>> requests = new CopyOnWriteArrayList<>();
    private final String status;
    private final byte[] body;

    /** Answers 404 with no body. */
    RecordingServer() {
        this("404 Not Found", "");
    }

    /** Answers {@code status} ({@code "200 OK"}) with {@code body}. */
    RecordingServer(String status, String body) {
        this.status = status;
        this.body = body.getBytes(StandardCharsets.UTF_8);
        try {
            socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().start(this::serve);
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort());
    }

    /** The headers of every request so far. */
    List<Map<String, String>> requests() {
        return List.copyOf(requests);
    }

    /** Each connection in its own thread: a client may hold a kept-alive one open while it opens another. */
    private void serve() {
        while (!socket.isClosed()) {
            try {
                Socket connection = socket.accept();
                Thread.ofVirtual().start(() -> answer(connection));
            } catch (IOException e) {
                // the server closed
            }
        }
    }

    private void answer(Socket connection) {
        try (connection) {
            BufferedReader in = new BufferedReader(new InputStreamReader(connection.getInputStream(), StandardCharsets.ISO_8859_1));
            OutputStream out = connection.getOutputStream();
            String requestLine;
            while ((requestLine = in.readLine()) != null && !requestLine.isEmpty()) {
                Map<String, String> headers = new TreeMap<>();
                for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                    int colon = line.indexOf(':');
                    headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
                }
                requests.add(headers);
                out.write(("HTTP/1.1 " + status + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
                if (!requestLine.startsWith("HEAD ")) {
                    out.write(body);
                }
                out.flush();
            }
        } catch (IOException e) {
            // the connection ended, or the server closed
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
