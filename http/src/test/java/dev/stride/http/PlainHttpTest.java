package dev.stride.http;

import dev.stride.internal.memory.ThreadScratch;
import dev.stride.model.ZarrException;
import dev.stride.spi.StoreDescriptor;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The socket reader of plain http:// against a server written here byte by byte: the connection handling nginx and the
 * fault proxy do not show.
 */
class PlainHttpTest {

    /** A server on loopback answering each request on a connection with what {@code answer} makes of its number. */
    private static final class Scripted implements AutoCloseable {
        final ServerSocket server;
        final List<String> requests = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger connections = new AtomicInteger();

        Scripted(Function<Integer, String> answer, boolean closeAfterEach) throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        Socket s = server.accept();
                        connections.incrementAndGet();
                        Thread.ofVirtual().start(() -> serve(s, answer, closeAfterEach));
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
        }

        private void serve(Socket s, Function<Integer, String> answer, boolean closeAfterEach) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                while (true) {
                    StringBuilder head = new StringBuilder();
                    while (!head.toString().endsWith("\r\n\r\n")) {
                        int c = in.read();
                        if (c < 0) {
                            return;
                        }
                        head.append((char) c);
                    }
                    requests.add(head.toString());
                    out.write(answer.apply(requests.size()).getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    if (closeAfterEach) {
                        return; // as a server whose keep-alive time ran out, without saying so
                    }
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        URI uri(String path) {
            return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/" + path);
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    private static byte[] get(HttpTransport t, URI uri, ByteRange range) {
        try (ThreadScratch scratch = new ThreadScratch()) {
            return t.get(uri, "k", range, Map.of(), RequestSigner.NONE, scratch, scratch).bytes().toArray(ValueLayout.JAVA_BYTE);
        }
    }

    /** A kept-alive connection the server closed meanwhile is replaced, not counted as a failed attempt. */
    @Test
    void aConnectionClosedWhileIdleIsReplaced() throws IOException {
        try (Scripted server = new Scripted(n -> "HTTP/1.1 206 Partial\r\nContent-Range: bytes 0-2/10\r\nContent-Length: 3\r\n\r\n" + n + n + n, true);
             HttpTransport t = new HttpTransport(HttpSettings.from(new StoreDescriptor(URI.create("http://x/"), Map.of("retries", "0")), Set.of()))) {
            assertArrayEquals("111".getBytes(StandardCharsets.US_ASCII), get(t, server.uri("a"), ByteRange.prefix(3)));
            assertArrayEquals("222".getBytes(StandardCharsets.US_ASCII), get(t, server.uri("a"), ByteRange.prefix(3)));
            assertEquals(2, server.connections.get());
        }
    }

    /** An HTTP/1.0 answer ends its connection unless it says keep-alive (python3 -m http.server closes after each). */
    @Test
    void anHttp10ConnectionIsReusedOnlyWhenKeptAlive() throws IOException {
        for (String connection : new String[] {"", "Connection: keep-alive\r\n"}) {
            try (Scripted server = new Scripted(n -> "HTTP/1.0 206 Partial\r\nContent-Range: bytes 0-2/10\r\nContent-Length: 3\r\n" + connection + "\r\n" + n + n + n, false);
                 HttpTransport t = new HttpTransport(HttpSettings.DEFAULTS)) {
                assertArrayEquals("111".getBytes(StandardCharsets.US_ASCII), get(t, server.uri("a"), ByteRange.prefix(3)));
                assertArrayEquals("222".getBytes(StandardCharsets.US_ASCII), get(t, server.uri("a"), ByteRange.prefix(3)));
                assertEquals(connection.isEmpty() ? 2 : 1, server.connections.get(), connection);
            }
        }
    }

    /** A chunked body is taken apart as it comes (chunk extensions, trailers) and the connection serves the next request. */
    @Test
    void chunkedBodiesAreReadAndTheConnectionKept() throws IOException {
        String chunked = "HTTP/1.1 206 Partial\r\nContent-Range: bytes 2-8/20\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3;ext=1\r\nabc\r\n4\r\ndefg\r\n0\r\nX-Trailer: t\r\n\r\n";
        try (Scripted server = new Scripted(n -> chunked, false); HttpTransport t = new HttpTransport(HttpSettings.DEFAULTS)) {
            for (int i = 0; i < 3; i++) {
                assertArrayEquals("abcdefg".getBytes(StandardCharsets.US_ASCII), get(t, server.uri("b"), ByteRange.of(2, 7)));
            }
            assertEquals(1, server.connections.get(), "one connection for all three");
            assertEquals(3, server.requests.size());
            assertEquals("GET /b HTTP/1.1", server.requests.getFirst().lines().findFirst().orElseThrow());
        }
    }

    /** A body that lasts until the server closes (no length, not chunked) is left to the JDK's client, which reads it. */
    @Test
    void aBodyUntilCloseIsReadByTheJdkClient() throws IOException {
        try (Scripted server = new Scripted(n -> "HTTP/1.1 206 Partial\r\nContent-Range: bytes 0-4/9\r\nConnection: close\r\n\r\nhello", true);
             HttpTransport t = new HttpTransport(HttpSettings.DEFAULTS)) {
            assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), get(t, server.uri("c"), ByteRange.prefix(5)));
            assertEquals(2, server.requests.size(), "asked again by the JDK's client");
        }
    }

    /**
     * A chunked body whose connection closes before its last (empty) chunk, at a chunk's end or inside one, was cut
     * short, not ended: the value is asked again, and the second, whole answer is the one read.
     */
    @Test
    void aChunkedBodyCutBeforeItsLastChunkIsAskedAgain() throws IOException {
        String head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        String whole = head + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n";
        for (String cut : new String[] {head + "5\r\nhello\r\n", head + "5\r\nhello\r\n6\r\n wo"}) {
            try (Scripted server = new Scripted(n -> n == 1 ? cut : whole, true); HttpTransport t = new HttpTransport(HttpSettings.DEFAULTS)) {
                assertArrayEquals("hello world".getBytes(StandardCharsets.US_ASCII),
                        t.getSmall(server.uri("zarr.json"), "zarr.json", Map.of(), RequestSigner.NONE, 100), cut);
                assertEquals(2, server.requests.size(), cut);
            }
        }
    }

    /** A whole small value: chunked or with a length, refused past the limit without growing beyond it. */
    @Test
    void wholeSmallValuesAreBoundedByTheirLimit() throws IOException {
        String chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n";
        String sized = "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world";
        try (Scripted a = new Scripted(n -> chunked, false); Scripted b = new Scripted(n -> sized, false);
             HttpTransport t = new HttpTransport(HttpSettings.DEFAULTS)) {
            for (Scripted server : new Scripted[] {a, b}) {
                assertArrayEquals("hello world".getBytes(StandardCharsets.US_ASCII),
                        t.getSmall(server.uri("zarr.json"), "zarr.json", Map.of(), RequestSigner.NONE, 11));
                var e = assertThrows(ZarrException.StoreFailure.class,
                        () -> t.getSmall(server.uri("zarr.json"), "zarr.json", Map.of(), RequestSigner.NONE, 10));
                assertTrue(e.getMessage().contains("more than the 10"), e.getMessage());
            }
        }
    }
}
