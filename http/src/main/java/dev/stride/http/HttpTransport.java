package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.ValuePart;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * The HTTP requests of a remote store, on one {@link HttpClient} (HTTP/1.1, connections reused), with what that client
 * lacks: a cap on the requests open to one host ({@link HttpSettings#connectionsPerHost()}), a time limit on the whole
 * exchange, body included ({@link HttpSettings#timeout()}: the client's own covers the headers only, and a body that
 * stalls would hang for good), and retries with exponential back-off and full jitter on 5xx, 429, S3's
 * {@code SlowDown}, broken connections, timeouts and bodies of another length than announced, until
 * {@link HttpSettings#retries()} more attempts were made or {@link HttpSettings#retryTime()} has passed. Failures that
 * cannot heal are not retried: a failed TLS handshake, an answer that is not HTTP, and an unknown host or a refused
 * connection where the host has never answered ({@link AttemptFailure}).
 *
 * <p>Every failure is a {@link ZarrException.StoreFailure} of the key asked for, naming the method, the URI, the HTTP
 * status or the cause, and how many attempts were made; header values never appear in one (they may hold secrets).
 * A read after {@link #close} is {@link ZarrException.Closed}. Safe from many threads.
 */
public final class HttpTransport implements AutoCloseable {
    private static final long FIRST_BACKOFF_NANOS = Duration.ofMillis(100).toNanos();
    private static final long MAX_BACKOFF_NANOS = Duration.ofSeconds(15).toNanos();
    /** How much of an error's body is kept, to name its code ({@code <Code>SlowDown</Code>}). */
    private static final int ERROR_TEXT = 8192;
    private static final Pattern ERROR_CODE = Pattern.compile("<Code>([A-Za-z0-9.]{1,64})</Code>");
    /** S3's codes of failures that another attempt may not meet, whatever their status. */
    private static final Set<String> CODES_WORTH_RETRYING = Set.of("SlowDown", "InternalError", "RequestTimeout");

    private final HttpSettings settings;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final SSLContext tls;
    /** Made on first use: a process that reads plain http:// only never loads it (a third of a second when fresh). */
    private HttpClient client;
    /** GETs of plain http:// read straight into the caller's memory; everything else goes through the client. */
    private final PlainHttp plain = new PlainHttp();
    private final Map<String, Semaphore> hosts = new ConcurrentHashMap<>();
    /** The hosts ({@code name:port}) that have answered: there a refused connection or an unknown name may heal. */
    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** A transport with its own client; close it to end its connections. */
    public HttpTransport(HttpSettings settings) {
        this(settings, null);
    }

    /** A transport whose https:// requests trust what {@code tls} trusts (null: the JVM's default). */
    HttpTransport(HttpSettings settings, SSLContext tls) {
        this.settings = settings;
        this.tls = tls;
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
        Request<ValuePart> r = new Request<>("GET", uri, key, range.header(), headers, signer, null, true, null);
        RangeAnswer answer = new RangeAnswer(range, memory);
        return "http".equalsIgnoreCase(uri.getScheme())
                ? retried(r, (request, body) -> plainAttempt(request, answer))
                : exchange(r, answer);
    }

    /**
     * The size of a value (HEAD), or -1 when it does not exist (404; 403 as well with
     * {@link HttpSettings#forbiddenAsMissing()}).
     *
     * @throws ZarrException.StoreFailure when the size cannot be found
     */
    public long head(URI uri, String key, Map<String, String> headers, RequestSigner signer) {
        Request<Long> r = new Request<>("HEAD", uri, key, null, headers, signer, null, true, -1L);
        return exchange(r, (info, attempt) -> {
            if (info.statusCode() != 200) {
                return null;
            }
            long size = contentLength(info);
            return BodySubscribers.replacing(size < 0 ? new Outcome.Fail<>("a 200 without a Content-Length") : new Outcome.Done<>(size));
        });
    }

    /**
     * A whole small value on the heap (metadata, a listing), or null when it does not exist. Its length is checked
     * against the Content-Length; a chunked body without one has nothing to be checked against.
     *
     * @throws ZarrException.StoreFailure when it cannot be read or holds more than {@code maxBytes}
     */
    public byte[] getSmall(URI uri, String key, Map<String, String> headers, RequestSigner signer, long maxBytes) {
        Request<byte[]> r = new Request<>("GET", uri, key, null, headers, signer, null, true, null);
        if ("http".equalsIgnoreCase(uri.getScheme())) {
            return retried(r, (request, body) -> plainAttempt(request, response -> {
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
     * Stores a whole value (PUT, which may be repeated: it is retried like a read). The body is copied once to the
     * heap, so it holds less than 2 GiB.
     *
     * @throws ZarrException.StoreFailure when the value cannot be stored
     */
    public void put(URI uri, String key, MemorySegment body, Map<String, String> headers, RequestSigner signer) {
        if (body.byteSize() > Integer.MAX_VALUE - 8) {
            throw new ZarrException.StoreFailure(key, "a value of " + body.byteSize() + " bytes is too large for one PUT to " + uri, null);
        }
        exchange(new Request<Void>("PUT", uri, key, null, headers, signer, body, false, null), HttpTransport::accepted);
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
        return exchange(new Request<Boolean>("PUT", uri, key, null, conditional, signer, body, false, null), (info, attempt) -> switch (info.statusCode()) {
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
        exchange(new Request<Void>("DELETE", uri, key, null, headers, signer, null, true, null), HttpTransport::accepted);
    }

    private static BodySubscriber<Outcome<Void>> accepted(ResponseInfo info, Attempt attempt) {
        return info.statusCode() / 100 == 2 ? BodySubscribers.replacing(new Outcome.Done<>(null)) : null;
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

    /** One request as every attempt makes it. */
    private record Request<T>(String method, URI uri, String key, String range, Map<String, String> headers,
                              RequestSigner signer, MemorySegment body, boolean mayBeMissing, T missing) {
    }

    /** What a method reads of a response: a body subscriber, or null to leave the status to the common rules. */
    @FunctionalInterface
    interface Answer<T> {
        BodySubscriber<Outcome<T>> read(ResponseInfo info, Attempt attempt);
    }

    /** One attempt of a request. */
    @FunctionalInterface
    private interface Attempter<T> {
        Outcome<T> attempt(Request<T> r, byte[] body) throws IOException, TimeoutException;
    }

    private <T> T exchange(Request<T> r, Answer<T> answer) {
        return retried(r, (request, body) -> attempt(request, body, answer));
    }

    /** Attempts a request until one succeeds, one fails for good, or the retries or their time run out. */
    private <T> T retried(Request<T> r, Attempter<T> attempter) {
        long start = System.nanoTime();
        long deadline = start + settings.retryTime().toNanos();
        byte[] body = r.body == null ? null : r.body.toArray(ValueLayout.JAVA_BYTE);
        for (int attempt = 1; ; attempt++) {
            ensureOpen();
            String why;
            Throwable cause = null;
            try {
                Outcome<T> outcome = attempter.attempt(r, body);
                answered.add(hostOf(r.uri));
                switch (outcome) {
                    case Outcome.Done<T> done -> {
                        return done.value();
                    }
                    case Outcome.Fail<T> fail -> throw failure(r, fail.reason(), attempt, start, fail.cause());
                    case Outcome.Retry<T> again -> why = again.reason();
                }
            } catch (TimeoutException e) {
                why = "no complete answer within " + seconds(settings.timeout().toNanos());
                cause = e;
            } catch (IOException e) {
                ensureOpen();
                AttemptFailure failed = AttemptFailure.of(e, hostOf(r.uri));
                boolean answeredBefore = answered.contains(hostOf(r.uri));
                if (!failed.mayHeal(answeredBefore)) {
                    throw failure(r, failed.reason(answeredBefore), attempt, start, e);
                }
                why = failed.why();
                cause = e;
            }
            if (attempt > settings.retries() || !backOff(r, attempt, deadline)) {
                throw failure(r, why, attempt, start, cause);
            }
        }
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
            outcome = plain.get(r.uri, signedHeaders(r), settings.timeout().toNanos(), response -> {
                if (!response.delimited()) {
                    return null;
                }
                if (missing(response.status(), r)) {
                    return missingOrFailed(response.status(), response.readText(ERROR_TEXT), r);
                }
                Outcome<T> answered = reader.read(response);
                return answered != null ? answered : judge(response.status(), response.readText(ERROR_TEXT));
            });
        } finally {
            permit.release();
        }
        return outcome != null ? outcome : attempt(r, null, fallback);
    }

    /** A permit of the request's host, waiting while its connections are all in use. */
    private Semaphore permit(Request<?> r) {
        Semaphore permit = hosts.computeIfAbsent(hostOf(r.uri), h -> new Semaphore(settings.connectionsPerHost()));
        try {
            permit.acquire();
        } catch (InterruptedException e) {
            throw interrupted(r, e);
        }
        return permit;
    }

    private <T> Outcome<T> attempt(Request<T> r, byte[] body, Answer<T> answer) throws IOException, TimeoutException {
        Semaphore permit = permit(r);
        Attempt attempt = new Attempt();
        CompletableFuture<HttpResponse<Outcome<T>>> response = null;
        try {
            response = client().sendAsync(request(r, body), info -> {
                BodySubscriber<Outcome<T>> own = answer.read(info, attempt);
                return own != null ? own : commonAnswer(info, r);
            });
            return response.get(settings.timeout().toNanos(), TimeUnit.NANOSECONDS).body();
        } catch (ExecutionException e) {
            throw ioFailure(r, e.getCause());
        } catch (InterruptedException e) {
            throw interrupted(r, e);
        } finally {
            attempt.abandon();
            if (response != null) {
                // ends an exchange still running (a stalled body), which frees its connection
                response.cancel(true);
            }
            permit.release();
        }
    }

    private HttpRequest request(Request<?> r, byte[] body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(r.uri).timeout(settings.timeout())
                .method(r.method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        signedHeaders(r).forEach(b::header);
        return b.build();
    }

    /** The request's headers with its range, signed anew for this attempt. */
    private static Map<String, String> signedHeaders(Request<?> r) {
        Map<String, String> headers = new LinkedHashMap<>(r.headers);
        if (r.range != null) {
            headers.put("Range", r.range);
        }
        headers.putAll(r.signer.sign(r.method, r.uri, Collections.unmodifiableMap(headers), r.body));
        return headers;
    }

    /** Missing keys, and errors worth another attempt or not; an error's body is read to name its code. */
    private <T> BodySubscriber<Outcome<T>> commonAnswer(ResponseInfo info, Request<T> r) {
        int status = info.statusCode();
        boolean missing = missing(status, r);
        return BodySubscribers.mapping(new HeapSubscriber(ERROR_TEXT, true, -1), text -> {
            byte[] body = text instanceof Outcome.Done<byte[]> d ? d.value() : null;
            return missing ? missingOrFailed(status, body, r) : judge(status, body);
        });
    }

    /**
     * A status {@link #missing} reads as a missing key, unless it is a 404 whose S3 error code says something else is
     * absent ({@code NoSuchBucket}): only {@code NoSuchKey}, or no code at all, means the key does not exist.
     */
    private static <T> Outcome<T> missingOrFailed(int status, byte[] text, Request<T> r) {
        String code = status == 404 && text != null ? errorCode(text) : null;
        return code == null || code.equals("NoSuchKey") ? new Outcome.Done<>(r.missing)
                : new Outcome.Fail<>("HTTP 404 " + code + " (not a missing key)");
    }

    /** A status that says the key does not exist: 404, and 403 when the settings read it so. */
    private boolean missing(int status, Request<?> r) {
        return r.mayBeMissing && (status == 404 || status == 403 && settings.forbiddenAsMissing());
    }

    /** An error status, with the start of its body ({@code <Code>SlowDown</Code>}), as worth another attempt or final. */
    private static <T> Outcome<T> judge(int status, byte[] text) {
        String code = text == null ? null : errorCode(text);
        String why = "HTTP " + status + (code == null ? "" : " " + code);
        return worthRetrying(status) || code != null && CODES_WORTH_RETRYING.contains(code) ? new Outcome.Retry<>(why) : new Outcome.Fail<>(why);
    }

    private static boolean worthRetrying(int status) {
        return status == 408 || status == 429 || status >= 500 && status != 501 && status != 505;
    }

    private static String errorCode(byte[] text) {
        Matcher m = ERROR_CODE.matcher(new String(text, StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : null;
    }

    static <T> BodySubscriber<Outcome<T>> failing(String reason) {
        return BodySubscribers.replacing(new Outcome.Fail<>(reason));
    }

    static long contentLength(ResponseInfo info) {
        return info.headers().firstValueAsLong("Content-Length").orElse(-1);
    }

    /** Waits a random time up to the back-off of this attempt; false when that would end past the deadline. */
    private boolean backOff(Request<?> r, int attempt, long deadline) {
        long ceiling = Math.min(MAX_BACKOFF_NANOS, FIRST_BACKOFF_NANOS << Math.min(attempt - 1, 20));
        long wait = ThreadLocalRandom.current().nextLong(ceiling + 1);
        if (System.nanoTime() + wait >= deadline) {
            return false;
        }
        try {
            Thread.sleep(Duration.ofNanos(wait));
        } catch (InterruptedException e) {
            throw interrupted(r, e);
        }
        return true;
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
        throw new ZarrException.StoreFailure(r.key, r.method + " " + r.uri + " failed: " + t, t);
    }

    private ZarrException interrupted(Request<?> r, InterruptedException e) {
        Thread.currentThread().interrupt();
        return new ZarrException.StoreFailure(r.key, r.method + " " + r.uri + " was interrupted", e);
    }

    private ZarrException failure(Request<?> r, String why, int attempts, long start, Throwable cause) {
        return new ZarrException.StoreFailure(r.key, r.method + " " + r.uri + " failed after " + attempts
                + (attempts == 1 ? " attempt" : " attempts") + " in " + seconds(System.nanoTime() - start) + ": " + why, cause);
    }

    private void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the HTTP transport");
        }
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static String hostOf(URI uri) {
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return uri.getHost() + ":" + port;
    }
}
