package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.ValuePart;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongFunction;
import javax.net.ssl.SSLContext;

/**
 * The HTTP requests of a remote store, on one {@link HttpClient} (HTTP/1.1, connections reused), with what that client
 * lacks: a cap on the requests open to one host ({@link HttpSettings#connectionsPerHost()}), a time limit on the whole
 * exchange, body included ({@link HttpSettings#timeout()}: the client's own covers the headers only, and a body that
 * stalls would hang for good), and {@link Retries} on 5xx, 429, S3's {@code SlowDown} ({@link StatusRules}), broken
 * connections, timeouts and bodies of another length than announced. Failures that cannot heal are not retried: a
 * failed TLS handshake, an answer that is not HTTP, and an unknown host or a refused connection where the host has
 * never answered ({@link AttemptFailure}). GETs of plain {@code http://} go through {@link PlainHttp}.
 *
 * <p>Every failure is a {@link ZarrException.StoreFailure} of the key asked for, naming the method, the URI, the HTTP
 * status or the cause, and how many attempts were made; header values never appear in one (they may hold secrets).
 * A read after {@link #close} is {@link ZarrException.Closed}. Safe from many threads.
 */
public final class HttpTransport implements AutoCloseable {
    private final HttpSettings settings;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final SSLContext tls;
    /** Made on first use: a process that reads plain http:// only never pays for loading the JDK's client. */
    private HttpClient client;
    /** GETs of plain http:// read straight into the caller's memory; everything else goes through the client. */
    private final PlainHttp plain = new PlainHttp();
    private final Map<String, Semaphore> hosts = new ConcurrentHashMap<>();
    /** Every attempt sent, on either client: what a pass cost in requests. */
    private final LongAdder sent = new LongAdder();
    private final Retries retries;
    private final StatusRules rules;
    private volatile boolean closed;

    /** A transport with its own client; close it to end its connections. */
    public HttpTransport(HttpSettings settings) {
        this(settings, StatusWording.PLAIN);
    }

    /** As {@link #HttpTransport(HttpSettings)}, final errors told in the store's own {@code wording}. */
    public HttpTransport(HttpSettings settings, StatusWording wording) {
        this(settings, wording, null);
    }

    /** A transport whose https:// requests trust what {@code tls} trusts (null: the JVM's default). */
    HttpTransport(HttpSettings settings, StatusWording wording, SSLContext tls) {
        this.settings = settings;
        this.tls = tls;
        this.retries = new Retries(settings, this::ensureOpen);
        this.rules = new StatusRules(settings.forbiddenAsMissing(), wording);
    }

    private synchronized HttpClient client() {
        ensureOpen();
        if (client == null) {
            // redirects are not followed: the signer's headers would travel to whatever host a response names
            HttpClient.Builder b = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .executor(executor)
                    .connectTimeout(settings.timeout())
                    .followRedirects(HttpClient.Redirect.NEVER);
            client = (tls == null ? b : b.sslContext(tls)).build();
        }
        return client;
    }

    public HttpSettings settings() {
        return settings;
    }

    /**
     * GETs a range of a value into {@code scratch.buffer(bufferOwner, n)}, {@code n} being the length the response
     * carries. The buffer is taken and written on the client's threads while this call waits (the scratch is never
     * touched by two threads at once, and not at all once this returns).
     *
     * @param key the store key, for error messages only
     * @return the bytes and the value's whole size, or null when the key does not exist (404; 403 as well with
     *         {@link HttpSettings#forbiddenAsMissing()})
     * @throws ZarrException.StoreFailure when the value cannot be read, the range lies past its end, or the response
     *         does not answer the range asked for
     * @throws ZarrException.OverBudget when the scratch refuses the buffer
     */
    public ValuePart get(URI uri, String key, ByteRange range, Map<String, String> headers, RequestSigner signer,
                         Scratch scratch, Object bufferOwner) {
        return get(uri, key, range, headers, signer, n -> scratch.buffer(bufferOwner, n));
    }

    /**
     * GETs an exact range into memory the caller owns, for requests running at once on several threads.
     *
     * @param into at least {@code range.length()} bytes; the first ones receive the range
     * @return as {@link #get(URI, String, ByteRange, Map, RequestSigner, Scratch, Object)}, the bytes a slice of {@code into}
     */
    public ValuePart get(URI uri, String key, ByteRange.Exact range, Map<String, String> headers, RequestSigner signer,
                         MemorySegment into) {
        if (into.byteSize() < range.length()) {
            throw new IllegalArgumentException(into.byteSize() + " bytes cannot hold " + range.length());
        }
        return get(uri, key, (ByteRange) range, headers, signer, n -> into.asSlice(0, n));
    }

    /** As {@link #get(URI, String, ByteRange, Map, RequestSigner, Scratch, Object)}, into memory {@code memory} gives for a length. */
    ValuePart get(URI uri, String key, ByteRange range, Map<String, String> headers, RequestSigner signer,
                  LongFunction<MemorySegment> memory) {
        Request<ValuePart> r = new Request<>("GET", uri, key, range.header(), headers, signer, null, true, null, settings.timeout());
        RangeAnswer answer = new RangeAnswer(range, memory);
        return "http".equalsIgnoreCase(uri.getScheme())
                ? retries.run(r, request -> plainAttempt(request, answer))
                : exchange(r, answer);
    }

    /**
     * The size of a value (HEAD), or -1 when it does not exist (404; 403 as well with
     * {@link HttpSettings#forbiddenAsMissing()}).
     *
     * @throws ZarrException.StoreFailure when the size cannot be found
     */
    public long head(URI uri, String key, Map<String, String> headers, RequestSigner signer) {
        ValueHead head = headValue(uri, key, headers, signer);
        return head == null ? -1 : head.size();
    }

    /**
     * What a HEAD tells of a value: its size and the headers naming its version; null when it does not exist (as
     * {@link #head}).
     *
     * @throws ZarrException.StoreFailure when the size cannot be found
     */
    public ValueHead headValue(URI uri, String key, Map<String, String> headers, RequestSigner signer) {
        Request<ValueHead> r = new Request<>("HEAD", uri, key, null, headers, signer, null, true, null, settings.timeout());
        return exchange(r, (info, attempt) -> {
            if (info.statusCode() != 200) {
                return null;
            }
            long size = contentLength(info);
            if (size < 0) {
                return failing("a 200 without a Content-Length");
            }
            var h = info.headers();
            return BodySubscribers.replacing(new Outcome.Done<>(new ValueHead(size, h.firstValue("ETag").orElse(null),
                    h.firstValue("Last-Modified").orElse(null), h.firstValue("Date").orElse(null))));
        });
    }

    /**
     * A whole small value on the heap (metadata, a listing), or null when it does not exist. Its length is checked
     * against the Content-Length; a chunked body without one has nothing to be checked against.
     *
     * @throws ZarrException.StoreFailure when it cannot be read or holds more than {@code maxBytes}
     */
    public byte[] getSmall(URI uri, String key, Map<String, String> headers, RequestSigner signer, long maxBytes) {
        Request<byte[]> r = new Request<>("GET", uri, key, null, headers, signer, null, true, null, settings.timeout());
        if ("http".equalsIgnoreCase(uri.getScheme())) {
            return retries.run(r, request -> plainAttempt(request, response -> {
                if (response.status() != 200) {
                    return null;
                }
                long announced = response.contentLength();
                return announced > maxBytes ? new Outcome.Fail<>(tooLarge(announced, maxBytes)) : response.readAll(maxBytes);
            }, smallAnswer(maxBytes)));
        }
        return exchange(r, smallAnswer(maxBytes));
    }

    private static String tooLarge(long size, long maxBytes) {
        return "the value holds " + size + " bytes, more than the " + maxBytes + " allowed";
    }

    private static Answer<byte[]> smallAnswer(long maxBytes) {
        return (info, attempt) -> {
            if (info.statusCode() != 200) {
                return null;
            }
            long announced = contentLength(info);
            if (announced > maxBytes) {
                return failing(tooLarge(announced, maxBytes));
            }
            return new HeapSubscriber(maxBytes, false, announced);
        };
    }

    /**
     * Stores a whole value (PUT, which may be repeated: it is retried like a read). The body is sent from its memory,
     * read again for every attempt; memory only the calling thread may read is copied to the heap first
     * ({@link RequestBodies#sendable}).
     *
     * @return the ETag the server answered with, or null when it gave none
     * @throws ZarrException.StoreFailure when the value cannot be stored
     */
    public String put(URI uri, String key, MemorySegment body, Map<String, String> headers, RequestSigner signer) {
        return exchange(new Request<String>("PUT", uri, key, null, headers, signer, RequestBodies.sendable(body), false, null, settings.timeout()),
                (info, attempt) -> info.statusCode() / 100 == 2
                        ? BodySubscribers.replacing(new Outcome.Done<>(info.headers().firstValue("ETag").orElse(null))) : null);
    }

    /**
     * A POST (retried like a read) and the body of its answer, at most {@code maxBytes} on the heap: S3's requests that
     * start and complete a multipart upload. A 404 is a failure, not a missing key.
     *
     * @param body what the request carries, or null for nothing
     * @param timeout the longest one attempt may take, body and answer included: {@link HttpSettings#timeout()} for a
     *        request the server answers at once, longer for one it answers once its work is done
     * @throws ZarrException.StoreFailure when the request fails or its answer holds more than {@code maxBytes}
     */
    public byte[] post(URI uri, String key, MemorySegment body, Map<String, String> headers, RequestSigner signer, long maxBytes,
                       Duration timeout) {
        MemorySegment sent = body == null ? null : RequestBodies.sendable(body);
        return exchange(new Request<byte[]>("POST", uri, key, null, headers, signer, sent, false, null, timeout), smallAnswer(maxBytes));
    }

    /**
     * Stores a whole value only if the key has none yet ({@code PUT} with {@code If-None-Match: *}, S3's conditional
     * write): false when the server answers 412, the key holding a value. A 409 (another conditional write of the key
     * in progress) is retried. A server that ignores the header stores the value and answers 200: true.
     *
     * @throws ZarrException.StoreFailure when the value cannot be stored
     */
    public boolean putIfAbsent(URI uri, String key, MemorySegment body, Map<String, String> headers, RequestSigner signer) {
        Map<String, String> conditional = new LinkedHashMap<>(headers);
        conditional.put("If-None-Match", "*");
        return exchange(new Request<Boolean>("PUT", uri, key, null, conditional, signer, RequestBodies.sendable(body), false, null, settings.timeout()), (info, attempt) -> switch (info.statusCode()) {
            case 412 -> BodySubscribers.replacing(new Outcome.Done<>(false));
            case 409 -> BodySubscribers.replacing(new Outcome.Retry<>("HTTP 409, another conditional write of the key in progress"));
            default -> info.statusCode() / 100 == 2 ? BodySubscribers.replacing(new Outcome.Done<>(true)) : null;
        });
    }

    /**
     * Removes a value; one that does not exist is no failure.
     *
     * @throws ZarrException.StoreFailure when the value cannot be removed
     */
    public void delete(URI uri, String key, Map<String, String> headers, RequestSigner signer) {
        exchange(new Request<Void>("DELETE", uri, key, null, headers, signer, null, true, null, settings.timeout()), HttpTransport::accepted);
    }

    private static BodySubscriber<Outcome<Void>> accepted(ResponseInfo info, Attempt attempt) {
        return info.statusCode() / 100 == 2 ? BodySubscribers.replacing(new Outcome.Done<>(null)) : null;
    }

    /** How many requests this transport has sent, retries and a plain GET asked again of the client included. */
    public long requestsSent() {
        return sent.sum();
    }

    /** Ends every connection; requests in progress and later ones fail with {@link ZarrException.Closed}. */
    @Override
    public void close() {
        closed = true;
        plain.close();
        synchronized (this) {
            if (client != null) {
                client.shutdownNow();
            }
        }
        executor.shutdownNow();
    }

    /** What a method reads of a response: a body subscriber, or null to leave the status to the common rules. */
    @FunctionalInterface
    interface Answer<T> {
        BodySubscriber<Outcome<T>> read(ResponseInfo info, Attempt attempt);
    }

    private <T> T exchange(Request<T> r, Answer<T> answer) {
        return retries.run(r, request -> attempt(request, answer));
    }

    /**
     * A range GET of plain http:// on {@link PlainHttp}, the body read into the caller's memory on this thread; a
     * response it does not take (a chunked body) is asked again of the client.
     */
    private Outcome<ValuePart> plainAttempt(Request<ValuePart> r, RangeAnswer answer) throws IOException, TimeoutException {
        return plainAttempt(r, response -> switch (answer.plan(response.status(), response.contentLength(), response.header("Content-Range"),
                ValueVersion.of(response.header("ETag"), response.header("Last-Modified")))) {
            case null -> null;
            case RangeAnswer.Plan.Ended ended -> {
                // the connection is kept for a success; after a failure the body may be a whole value not worth reading
                if (ended.outcome() instanceof Outcome.Done) {
                    response.readText(0);
                }
                yield ended.outcome();
            }
            case RangeAnswer.Plan.Body b -> response.readInto(answer.memory(), b.bodyLength(), b.keepFrom(), b.keepLength())
                    .map(b::part);
        }, answer);
    }

    /**
     * A GET of plain http:// on {@link PlainHttp}: missing keys and errors by the common rules, other answers by
     * {@code reader} (null: an error status); a response it does not take (no delimited body) is asked again of the
     * client with {@code fallback}.
     */
    private <T> Outcome<T> plainAttempt(Request<T> r, PlainHttp.Reader<T> reader, Answer<T> fallback) throws IOException, TimeoutException {
        Semaphore permit = permit(r);
        Outcome<T> outcome;
        try {
            sent.increment();
            outcome = plain.get(r.uri(), r.signedHeaders(), r.timeout().toNanos(), response -> {
                if (!response.delimited()) {
                    return null;
                }
                Outcome<T> answered = rules.missing(response.status(), r) ? null : reader.read(response);
                return answered != null ? answered
                        : rules.judge(response.status(), response.header(StatusRules.AZURE_ERROR_CODE), response.readText(StatusRules.ERROR_TEXT), r);
            });
        } finally {
            permit.release();
        }
        return outcome != null ? outcome : attempt(r, fallback);
    }

    /** A permit of the request's host, waiting while its connections are all in use. */
    private Semaphore permit(Request<?> r) {
        Semaphore permit = hosts.computeIfAbsent(r.host(), h -> new Semaphore(settings.connectionsPerHost()));
        try {
            permit.acquire();
        } catch (InterruptedException e) {
            throw r.interrupted(e);
        }
        return permit;
    }

    private <T> Outcome<T> attempt(Request<T> r, Answer<T> answer) throws IOException, TimeoutException {
        Semaphore permit = permit(r);
        Attempt attempt = new Attempt();
        CompletableFuture<HttpResponse<Outcome<T>>> response = null;
        try {
            sent.increment();
            response = client().sendAsync(request(r), info -> {
                BodySubscriber<Outcome<T>> own = answer.read(info, attempt);
                return own != null ? own : rules.answer(info, r);
            });
            return response.get(r.timeout().toNanos(), TimeUnit.NANOSECONDS).body();
        } catch (ExecutionException e) {
            throw ioFailure(r, e.getCause());
        } catch (InterruptedException e) {
            throw r.interrupted(e);
        } finally {
            attempt.abandon();
            if (response != null) {
                // ends an exchange still running (a stalled body), which frees its connection
                response.cancel(true);
            }
            permit.release();
        }
    }

    /** The request of one attempt; a body is sent from its memory ({@link SegmentPublisher}), as often as it is tried. */
    private HttpRequest request(Request<?> r) {
        MemorySegment body = r.body();
        HttpRequest.BodyPublisher publisher = body == null || body.byteSize() == 0 ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.fromPublisher(new SegmentPublisher(body), body.byteSize());
        HttpRequest.Builder b = HttpRequest.newBuilder(r.uri()).timeout(r.timeout()).method(r.method(), publisher);
        r.signedHeaders().forEach(b::header);
        return b.build();
    }

    static <T> BodySubscriber<Outcome<T>> failing(String reason) {
        return BodySubscribers.replacing(new Outcome.Fail<>(reason));
    }

    static long contentLength(ResponseInfo info) {
        return info.headers().firstValueAsLong("Content-Length").orElse(-1);
    }

    /** The I/O failure under an attempt's failure, to retry; a refusal of ours (a buffer over budget) as it is. */
    private IOException ioFailure(Request<?> r, Throwable t) {
        ensureOpen();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ZarrException z) {
                throw z;
            }
        }
        if (t instanceof IOException io) {
            return io;
        }
        throw r.failure("failed: " + t, t);
    }

    private void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the HTTP transport");
        }
    }
}
