package dev.stride.http.testing;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * An HTTP/1.1 proxy on loopback in front of one upstream server (nginx, an S3 server) that spoils requests on a
 * schedule: each request takes the fault of the first {@link #when rule} its line matches, else the next {@link Fault}
 * scheduled, or {@link Fault#PASS} when none is left. It counts
 * requests, the most requests it was answering at once and the most client connections open at once, and records
 * each request's line and {@code Range} header. The upstream is asked with {@code Connection: close}; the client's
 * connections are kept alive.
 */
public final class FaultProxy implements AutoCloseable {
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+)");

    /** What happens to one request. */
    public enum Kind {
        PASS, STATUS, SLOW_DOWN, RESET, STALL_MID_BODY, SHORT_BODY, SHORT_CHUNKED_BODY, SLOW_FIRST_BYTE,
        WRONG_CONTENT_RANGE, MISSING_CONTENT_RANGE, DROP_PRECONDITIONS
    }

    /** A fault and its parameter (the status, or the delay in milliseconds). */
    public record Fault(Kind kind, int value) {
        /** The upstream's answer, unchanged. */
        public static final Fault PASS = new Fault(Kind.PASS, 0);
        /** S3's throttling answer: 503 with {@code <Code>SlowDown</Code>}. */
        public static final Fault SLOW_DOWN = new Fault(Kind.SLOW_DOWN, 503);
        /** The connection reset (RST) after the request was read, nothing answered. */
        public static final Fault RESET = new Fault(Kind.RESET, 0);
        /** Headers and half the body, then nothing until the client or the proxy closes the connection. */
        public static final Fault STALL_MID_BODY = new Fault(Kind.STALL_MID_BODY, 0);
        /** Headers with the true Content-Length, half the body, then the connection closed. */
        public static final Fault SHORT_BODY = new Fault(Kind.SHORT_BODY, 0);
        /** The body chunked and cut in half, ended with a well-formed last chunk: only counting bytes tells. */
        public static final Fault SHORT_CHUNKED_BODY = new Fault(Kind.SHORT_CHUNKED_BODY, 0);
        /**
         * The request's {@code If-Match} and {@code If-Unmodified-Since} left out, as a cache or proxy that ignores
         * them would: the upstream answers from whatever version it has now.
         */
        public static final Fault DROP_PRECONDITIONS = new Fault(Kind.DROP_PRECONDITIONS, 0);
        /** A Content-Range one byte off the one the upstream sent. */
        public static final Fault WRONG_CONTENT_RANGE = new Fault(Kind.WRONG_CONTENT_RANGE, 0);
        /** The Content-Range left out. */
        public static final Fault MISSING_CONTENT_RANGE = new Fault(Kind.MISSING_CONTENT_RANGE, 0);

        /** An answer of this status with a short body, the upstream not asked. */
        public static Fault status(int status) {
            return new Fault(Kind.STATUS, status);
        }

        /** The upstream's answer after {@code millis}. */
        public static Fault slowFirstByte(int millis) {
            return new Fault(Kind.SLOW_FIRST_BYTE, millis);
        }
    }

    private final int upstreamPort;
    private final ServerSocket server;
    private final Queue<Fault> schedule = new ConcurrentLinkedQueue<>();
    private volatile Fault otherwise = Fault.PASS;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final Set<Socket> clients = ConcurrentHashMap.newKeySet();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger answering = new AtomicInteger();
    private final AtomicInteger maxAnswering = new AtomicInteger();
    private final AtomicInteger maxConnections = new AtomicInteger();
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());

    /** A proxy of {@code http://127.0.0.1:upstreamPort}. */
    public FaultProxy(int upstreamPort) {
        this.upstreamPort = upstreamPort;
        try {
            server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofPlatform().daemon().name("fault-proxy-accept").start(this::accept);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** {@code http://127.0.0.1:PORT/path} ({@code path} without a leading slash). */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port() + "/" + path);
    }

    /** The faults of the next requests, in order (after those scheduled before). */
    public void schedule(Fault... faults) {
        schedule.addAll(Arrays.asList(faults));
    }

    /** The fault of the requests whose line matches, whatever the schedule. */
    private record Rule(Predicate<String> requestLine, Fault fault) {
    }

    /** Gives {@code fault} to every request whose line ({@code PUT /bucket/key HTTP/1.1}) {@code requestLine} accepts. */
    public void when(Predicate<String> requestLine, Fault fault) {
        rules.add(new Rule(requestLine, fault));
    }

    /** What happens to every request once the schedule is used up ({@link Fault#PASS} unless set). */
    public void otherwise(Fault fault) {
        otherwise = fault;
    }

    /** Forgets the rules, the schedule and the counts. */
    public void reset() {
        rules.clear();
        schedule.clear();
        otherwise = Fault.PASS;
        requests.set(0);
        maxAnswering.set(0);
        maxConnections.set(clients.size());
        log.clear();
    }

    public int requests() {
        return requests.get();
    }

    /** The most requests answered at once. */
    public int maxConcurrentRequests() {
        return maxAnswering.get();
    }

    /** The most client connections open at once. */
    public int maxOpenConnections() {
        return maxConnections.get();
    }

    /** Each request as {@code METHOD /path Range}, in the order they came. */
    public List<String> log() {
        synchronized (log) {
            return List.copyOf(log);
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                clients.add(client);
                maxConnections.accumulateAndGet(clients.size(), Math::max);
                Thread.ofVirtual().start(() -> serve(client));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            InputStream in = new BufferedInputStream(client.getInputStream());
            OutputStream out = client.getOutputStream();
            for (Message request = Message.read(in, true); request != null; request = Message.read(in, true)) {
                requests.incrementAndGet();
                log.add(request.startLine.replace(" HTTP/1.1", "") + " " + request.header("Range"));
                maxAnswering.accumulateAndGet(answering.incrementAndGet(), Math::max);
                try {
                    Fault fault = faultOf(request.startLine);
                    if (!answer(client, in, out, request, fault == null ? otherwise : fault)) {
                        return;
                    }
                } finally {
                    answering.decrementAndGet();
                }
            }
        } catch (IOException | InterruptedException gone) {
            // the client went away or the proxy closes
        } finally {
            clients.remove(client);
        }
    }

    /** The fault of the first rule the line matches, else the next one scheduled; null when there is none. */
    private Fault faultOf(String requestLine) {
        for (Rule r : rules) {
            if (r.requestLine().test(requestLine)) {
                return r.fault();
            }
        }
        return schedule.poll();
    }

    /** Answers one request; false when the connection is to end. */
    private boolean answer(Socket client, InputStream in, OutputStream out, Message request, Fault fault) throws IOException, InterruptedException {
        switch (fault.kind()) {
            case STATUS -> {
                write(out, status(fault.value(), "text/plain", "injected " + fault.value() + "\n"));
                return true;
            }
            case SLOW_DOWN -> {
                write(out, status(503, "application/xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>SlowDown</Code>"
                        + "<Message>Please reduce your request rate.</Message></Error>"));
                return true;
            }
            case RESET -> {
                client.setSoLinger(true, 0);
                return false;
            }
            case SLOW_FIRST_BYTE -> Thread.sleep(fault.value());
            case DROP_PRECONDITIONS -> {
                request.remove("If-Match");
                request.remove("If-Unmodified-Since");
            }
            default -> {
            }
        }
        Message response = upstream(request);
        byte[] body = response.body;
        switch (fault.kind()) {
            case STALL_MID_BODY -> {
                out.write(response.head());
                out.write(body, 0, body.length / 2);
                out.flush();
                // until the client gives up (or the proxy closes): nothing it sends is answered
                while (in.read() >= 0) {
                    Thread.onSpinWait();
                }
                return false;
            }
            case SHORT_BODY -> {
                out.write(response.head());
                out.write(body, 0, body.length / 2);
                out.flush();
                return false;
            }
            case SHORT_CHUNKED_BODY -> {
                response.remove("Content-Length");
                response.headers.add(new String[] {"Transfer-Encoding", "chunked"});
                out.write(response.head());
                int half = body.length / 2;
                if (half > 0) {
                    out.write((Integer.toHexString(half) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(body, 0, half);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                return true;
            }
            case WRONG_CONTENT_RANGE -> response.replace("Content-Range", FaultProxy::offByOne);
            case MISSING_CONTENT_RANGE -> response.remove("Content-Range");
            default -> {
            }
        }
        write(out, response);
        return true;
    }

    private static String offByOne(String contentRange) {
        Matcher m = CONTENT_RANGE.matcher(contentRange);
        if (!m.matches()) {
            return contentRange;
        }
        long first = Long.parseLong(m.group(1));
        long last = Long.parseLong(m.group(2));
        long size = Long.parseLong(m.group(3));
        long shift = last + 1 < size ? 1 : -1;
        return "bytes " + (first + shift) + "-" + (last + shift) + "/" + size;
    }

    private static Message status(int status, String type, String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        List<String[]> headers = new ArrayList<>();
        headers.add(new String[] {"Content-Type", type});
        headers.add(new String[] {"Content-Length", Integer.toString(body.length)});
        return new Message("HTTP/1.1 " + status + " Injected", headers, body);
    }

    private static void write(OutputStream out, Message m) throws IOException {
        out.write(m.head());
        out.write(m.body);
        out.flush();
    }

    private Message upstream(Message request) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            request.remove("Connection");
            request.headers.add(new String[] {"Connection", "close"});
            OutputStream out = s.getOutputStream();
            write(out, request);
            Message response = Message.read(new BufferedInputStream(s.getInputStream()), false);
            if (response == null) {
                throw new IOException("the upstream closed without an answer");
            }
            response.remove("Connection");
            if (response.header("Content-Length") == null && response.header("Transfer-Encoding") == null) {
                // an upstream that closes may leave the length out (s3proxy's answer to a PUT); the client's connection
                // stays open, so its answer must say where it ends
                response.headers.add(new String[] {"Content-Length", Integer.toString(response.body.length)});
            }
            return response;
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        for (Socket s : clients) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    /** A request or response: its first line, headers in order and body. */
    private static final class Message {
        final String startLine;
        final List<String[]> headers;
        final byte[] body;

        Message(String startLine, List<String[]> headers, byte[] body) {
            this.startLine = startLine;
            this.headers = headers;
            this.body = body;
        }

        /**
         * Reads one message, or null at the end of the stream. A request's body is its Content-Length; a response's
         * (from an upstream asked to close) runs to the end of the stream, HEAD answers included (they have none).
         */
        static Message read(InputStream in, boolean request) throws IOException {
            String start = line(in);
            if (start == null || start.isEmpty()) {
                return null;
            }
            List<String[]> headers = new ArrayList<>();
            for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
                int colon = h.indexOf(':');
                headers.add(new String[] {h.substring(0, colon).strip(), h.substring(colon + 1).strip()});
            }
            Message m = new Message(start, headers, new byte[0]);
            String length = m.header("Content-Length");
            byte[] body = request ? in.readNBytes(length == null ? 0 : Integer.parseInt(length)) : in.readAllBytes();
            return new Message(start, headers, body);
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
                }
                if (c != '\r') {
                    b.write(c);
                }
            }
            return b.toString(StandardCharsets.ISO_8859_1);
        }

        String header(String name) {
            for (String[] h : headers) {
                if (h[0].equalsIgnoreCase(name)) {
                    return h[1];
                }
            }
            return null;
        }

        void remove(String name) {
            headers.removeIf(h -> h[0].equalsIgnoreCase(name));
        }

        void replace(String name, java.util.function.UnaryOperator<String> change) {
            for (String[] h : headers) {
                if (h[0].equalsIgnoreCase(name)) {
                    h[1] = change.apply(h[1]);
                }
            }
        }

        byte[] head() {
            StringBuilder s = new StringBuilder(startLine).append("\r\n");
            for (String[] h : headers) {
                s.append(h[0]).append(": ").append(h[1]).append("\r\n");
            }
            return s.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        }
    }
}
