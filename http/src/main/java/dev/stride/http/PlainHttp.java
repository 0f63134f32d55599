package dev.stride.http;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongFunction;

/**
 * GETs over plain {@code http://} on kept-alive blocking sockets, a body read by the kernel straight into the caller's
 * off-heap memory: the JDK's client hands a body over in heap buffers of 16 KB that are then copied again, which made a
 * first pass over large chunks take more than twice as long (the figures are in {@code bench/results/}).
 * The whole exchange has a deadline: when it passes, the socket is closed under the read. Responses this reader does
 * not take (a chunked body) are left to the JDK's client. One attempt per call; the caller retries.
 */
final class PlainHttp implements AutoCloseable {
    /** Status line and headers fit in this; a longer head is refused. */
    private static final int HEAD_BYTES = 16 << 10;
    private static final byte[] HTTP_1 = "HTTP/1.".getBytes(StandardCharsets.ISO_8859_1);

    private final Map<String, Deque<SocketChannel>> idle = new ConcurrentHashMap<>();
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("stride-http-deadlines").factory());
    private volatile boolean closed;

    /** What a response is read with once its head is in: the caller's rules for its status and body. */
    @FunctionalInterface
    interface Reader<T> {
        /** The outcome, or null to have the JDK's client make this attempt again (a body this reader cannot take). */
        Outcome<T> read(Response response) throws IOException;
    }

    /**
     * One GET attempt with these headers (signed already), or null when the response must be read by the JDK's client.
     *
     * @throws TimeoutException when the exchange outlasts {@code timeoutNanos}
     */
    <T> Outcome<T> get(URI uri, Map<String, String> headers, long timeoutNanos, Reader<T> reader) throws IOException, TimeoutException {
        String host = hostOf(uri);
        byte[] request = request(uri, headers);
        for (boolean fresh = false; ; fresh = true) {
            SocketChannel ch = fresh ? null : idle.computeIfAbsent(host, h -> new ConcurrentLinkedDeque<>()).pollFirst();
            boolean reused = ch != null;
            AtomicBoolean timedOut = new AtomicBoolean();
            ScheduledFuture<?> deadline = null;
            boolean keep = false;
            try {
                if (ch == null) {
                    ch = SocketChannel.open();
                }
                SocketChannel open = ch;
                deadline = deadlines.schedule(() -> {
                    timedOut.set(true);
                    closeQuietly(open);
                }, timeoutNanos, TimeUnit.NANOSECONDS);
                if (!reused) {
                    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                    InetSocketAddress address = new InetSocketAddress(uri.getHost(), port(uri));
                    if (address.isUnresolved()) {
                        throw new UnknownHostException(uri.getHost());
                    }
                    ch.connect(address);
                }
                ch.write(ByteBuffer.wrap(request));
                Response response = Response.read(ch);
                if (response == null) {
                    if (reused) {
                        continue; // the server closed a kept-alive connection before this request: a new one
                    }
                    return new Outcome.Retry<>("the connection closed before an answer");
                }
                Outcome<T> outcome = reader.read(response);
                keep = outcome != null && response.reusable();
                return outcome;
            } catch (AsynchronousCloseException e) {
                if (timedOut.get()) {
                    throw new TimeoutException();
                }
                throw e;
            } catch (IOException e) {
                if (reused && !timedOut.get()) {
                    continue; // a stale kept-alive connection: a new one, not another attempt
                }
                throw e;
            } finally {
                if (deadline != null) {
                    deadline.cancel(false);
                }
                if (ch != null) {
                    if (keep && !timedOut.get() && !closed) {
                        idle.get(host).addFirst(ch);
                    } else {
                        closeQuietly(ch);
                    }
                }
            }
        }
    }

    private static byte[] request(URI uri, Map<String, String> headers) {
        StringBuilder b = new StringBuilder(256).append("GET ").append(uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
        if (uri.getRawQuery() != null) {
            b.append('?').append(uri.getRawQuery());
        }
        b.append(" HTTP/1.1\r\nHost: ").append(uri.getHost()).append(uri.getPort() >= 0 ? ":" + uri.getPort() : "").append("\r\n");
        headers.forEach((name, value) -> b.append(name).append(": ").append(value).append("\r\n"));
        return b.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /**
     * A response whose head was read: status, headers, and its body to read from the socket, as its Content-Length
     * bounds it or de-chunked ({@code Transfer-Encoding: chunked}, whose end the JDK's client does not check).
     */
    static final class Response {
        private final SocketChannel ch;
        private final int status;
        /** An HTTP/1.0 answer, whose connection closes after it unless it says keep-alive. */
        private final boolean http10;
        private final Map<String, String> headers;
        /** Bytes read from the socket and not yet taken, in read mode: what came with the head, chunk headers. */
        private final ByteBuffer buffered;
        private final boolean chunked;
        /** Bytes left of the current chunk; -1 once the last chunk was read. */
        private long chunkLeft;
        private boolean bodyRead;

        private Response(SocketChannel ch, int status, boolean http10, Map<String, String> headers, ByteBuffer buffered) {
            this.ch = ch;
            this.status = status;
            this.http10 = http10;
            this.headers = headers;
            this.buffered = buffered;
            String encoding = header("Transfer-Encoding");
            this.chunked = encoding != null && encoding.toLowerCase(Locale.ROOT).contains("chunked");
        }

        /** The head of the next response on the socket, or null when it closes before one byte of it. */
        static Response read(SocketChannel ch) throws IOException {
            ByteBuffer head = ByteBuffer.allocate(HEAD_BYTES);
            int end;
            while ((end = headEnd(head)) < 0) {
                if (!head.hasRemaining()) {
                    throw new ProtocolException("a response head longer than " + HEAD_BYTES + " bytes");
                }
                if (ch.read(head) < 0) {
                    if (head.position() == 0) {
                        return null;
                    }
                    throw new IOException("the connection closed in the middle of a response head");
                }
                // a peer that speaks something else (TLS, SSH) is known by its first bytes, not by a timeout
                if (!startsLikeHttp(head)) {
                    throw notHttp(head.array(), head.position());
                }
            }
            String[] lines = new String(head.array(), 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
            String[] statusLine = lines[0].split(" ", 3);
            int status = statusLine.length < 2 || !statusLine[0].startsWith("HTTP/1.") ? -1 : parseStatus(statusLine[1]);
            if (status < 100) {
                throw notHttp(head.array(), end);
            }
            Map<String, String> headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.putIfAbsent(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip());
                }
            }
            return new Response(ch, status, statusLine[0].equals("HTTP/1.0"), headers, head.flip().position(end + 4));
        }

        private static boolean startsLikeHttp(ByteBuffer head) {
            int n = Math.min(head.position(), HTTP_1.length);
            return Arrays.equals(head.array(), 0, n, HTTP_1, 0, n);
        }

        /** A refusal of an answer that is not HTTP/1.x, showing its first line (at most 80 characters, printable ones). */
        private static ProtocolException notHttp(byte[] head, int length) {
            StringBuilder shown = new StringBuilder();
            for (int i = 0; i < length && head[i] != '\r' && head[i] != '\n' && shown.length() < 80; i++) {
                shown.append(head[i] >= 0x20 && head[i] < 0x7f ? (char) head[i] : '?');
            }
            return new ProtocolException("not an HTTP/1.x status line: " + shown);
        }

        private static int parseStatus(String text) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        private static int headEnd(ByteBuffer head) {
            byte[] a = head.array();
            for (int i = 3; i < head.position(); i++) {
                if (a[i] == '\n' && a[i - 1] == '\r' && a[i - 2] == '\n' && a[i - 3] == '\r') {
                    return i - 3;
                }
            }
            return -1;
        }

        int status() {
            return status;
        }

        /** A header's first value (names in any case), or null. */
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** The Content-Length, or -1 when absent, not a number, or beside chunked encoding (which overrides it). */
        long contentLength() {
            try {
                String n = header("Content-Length");
                return n == null || chunked ? -1 : Long.parseLong(n);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        /** The body's end is known: from its Content-Length or its chunks (not a body that lasts until the socket closes). */
        boolean delimited() {
            return chunked || contentLength() >= 0;
        }

        /** The socket can serve the next request once this body was read to its end. */
        boolean reusable() {
            String connection = header("Connection");
            return bodyRead && (http10 ? "keep-alive".equalsIgnoreCase(connection) : !"close".equalsIgnoreCase(connection));
        }

        /**
         * Reads the body of {@code bodyLength} bytes, the part {@code [keepFrom, keepFrom + keepLength)} of it into memory
         * {@code allocate} gives (asked once, for {@code keepLength} bytes), the rest skipped. A body that ends sooner or
         * goes on longer is worth another attempt.
         */
        Outcome<MemorySegment> readInto(LongFunction<MemorySegment> allocate, long bodyLength, long keepFrom, long keepLength) throws IOException {
            MemorySegment target = allocate.apply(keepLength);
            ByteBuffer skip = null;
            long received = 0;
            while (received < bodyLength) {
                ByteBuffer into;
                if (received >= keepFrom && received < keepFrom + keepLength) {
                    into = target.asSlice(received - keepFrom, keepFrom + keepLength - received).asByteBuffer();
                } else {
                    skip = skip == null ? ByteBuffer.allocate(64 << 10) : skip.clear();
                    long until = received < keepFrom ? keepFrom : bodyLength;
                    into = skip.limit((int) Math.min(skip.capacity(), until - received));
                }
                int n = body(into);
                if (n < 0) {
                    return new Outcome.Retry<>("the body ended after " + received + " of the " + bodyLength + " bytes announced");
                }
                received += n;
            }
            if (chunked && body(ByteBuffer.allocate(1)) >= 0) {
                return new Outcome.Retry<>("the body is longer than the " + bodyLength + " bytes announced");
            }
            bodyRead = true;
            return new Outcome.Done<>(target);
        }

        /**
         * The whole body on the heap; refused when longer than {@code maxBytes}, worth another attempt when shorter than
         * its Content-Length.
         */
        Outcome<byte[]> readAll(long maxBytes) throws IOException {
            long length = contentLength();
            ByteBuffer all = ByteBuffer.allocate((int) Math.min(length >= 0 ? length : 256, Integer.MAX_VALUE - 8));
            while (length < 0 || all.position() < length) {
                if (!all.hasRemaining()) {
                    if (all.capacity() >= maxBytes) {
                        return new Outcome.Fail<>("the value holds more than the " + maxBytes + " bytes allowed");
                    }
                    all = ByteBuffer.allocate((int) Math.min(Math.min(maxBytes + 1, Integer.MAX_VALUE - 8), 2L * all.capacity()))
                            .put(all.flip());
                }
                if (body(all) < 0) {
                    if (length < 0) {
                        break;
                    }
                    return new Outcome.Retry<>("the body ended after " + all.position() + " of the " + length + " bytes announced");
                }
            }
            if (all.position() > maxBytes) {
                return new Outcome.Fail<>("the value holds more than the " + maxBytes + " bytes allowed");
            }
            bodyRead = true;
            return new Outcome.Done<>(Arrays.copyOf(all.array(), all.position()));
        }

        /** Up to {@code limit} bytes of the body on the heap, the rest of it read and dropped. */
        byte[] readText(int limit) throws IOException {
            ByteBuffer text = ByteBuffer.allocate(limit);
            ByteBuffer skip = ByteBuffer.allocate(8 << 10);
            long left = chunked ? Long.MAX_VALUE : Math.max(0, contentLength());
            while (left > 0) {
                ByteBuffer into = text.hasRemaining() ? text : skip.clear();
                into.limit(into.position() + (int) Math.min(left, into.remaining()));
                int n = body(into);
                if (n < 0) {
                    break;
                }
                left -= n;
            }
            bodyRead = chunked ? chunkLeft < 0 : left == 0;
            return Arrays.copyOf(text.array(), text.position());
        }

        /**
         * Reads body bytes into {@code into}; -1 at the end of the body: of the stream, or of a chunked body its last
         * chunk. A chunked body whose stream ends before that was cut short (an I/O failure, tried again).
         */
        private int body(ByteBuffer into) throws IOException {
            if (!chunked) {
                return take(into);
            }
            if (chunkLeft == 0) {
                chunkLeft = nextChunkSize();
            }
            if (chunkLeft < 0) {
                return -1;
            }
            int limit = into.limit();
            into.limit((int) Math.min(limit, into.position() + chunkLeft));
            int n = take(into);
            into.limit(limit);
            if (n < 0) {
                throw new IOException("the chunked body ended inside a chunk");
            }
            if (n > 0 && (chunkLeft -= n) == 0 && !"".equals(line())) {
                throw new IOException("a chunk is not followed by CRLF");
            }
            return n;
        }

        /** The size of the next chunk, or -1 for the last one (its trailers read). */
        private long nextChunkSize() throws IOException {
            String line = line();
            if (line == null) {
                throw new IOException("the chunked body ended before its last chunk");
            }
            int extension = line.indexOf(';');
            long size;
            try {
                size = Long.parseLong((extension < 0 ? line : line.substring(0, extension)).strip(), 16);
            } catch (NumberFormatException e) {
                throw new IOException("not a chunk size: " + line, e);
            }
            if (size == 0) {
                for (String trailer = line(); trailer != null && !trailer.isEmpty(); trailer = line()) {
                    // trailers carry nothing this reader needs
                }
                return -1;
            }
            return size;
        }

        /** The next CRLF-ended line of the stream, or null when it ends first. */
        private String line() throws IOException {
            StringBuilder b = new StringBuilder();
            while (true) {
                if (!buffered.hasRemaining() && !refill()) {
                    return null;
                }
                char c = (char) (buffered.get() & 0xff);
                if (c == '\n' && !b.isEmpty() && b.charAt(b.length() - 1) == '\r') {
                    return b.substring(0, b.length() - 1);
                }
                if (b.length() == HEAD_BYTES) {
                    throw new IOException("a chunk header longer than " + HEAD_BYTES + " bytes");
                }
                b.append(c);
            }
        }

        private boolean refill() throws IOException {
            buffered.clear();
            int n = ch.read(buffered);
            buffered.flip();
            return n > 0;
        }

        /** Bytes of the stream into {@code into}, those buffered first, then straight from the socket. */
        private int take(ByteBuffer into) throws IOException {
            if (buffered.hasRemaining()) {
                int n = Math.min(buffered.remaining(), into.remaining());
                into.put(buffered.slice(buffered.position(), n));
                buffered.position(buffered.position() + n);
                return n;
            }
            return ch.read(into);
        }
    }

    private static String hostOf(URI uri) {
        return uri.getHost() + ":" + port(uri);
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : 80;
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // closing what is of no more use: nothing to do about a failure
        }
    }

    @Override
    public void close() {
        closed = true;
        deadlines.shutdownNow();
        idle.values().forEach(connections -> connections.forEach(PlainHttp::closeQuietly));
        idle.clear();
    }
}
