package dev.stride.http;

import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.Store;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValueIdentity;
import dev.stride.spi.ValuePart;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The read side of a store over HTTP (plain HTTP servers, S3): every read is one GET of a byte range, a prefix or a
 * suffix with the value's size in the same answer, a size a HEAD, and several ranges of one value are merged where
 * they lie within {@link HttpSettings#coalesceGap()} of each other and fetched at once. A subclass says where a key
 * lives ({@link #uriOf}) and may add headers to every request ({@link #headersFor}) and sign each attempt
 * ({@link #signer}); all three are called from many threads.
 *
 * <p>Bytes land in the reading thread's {@link Scratch}, owned by this store; a read returns them as a segment of it,
 * valid until the scratch is next used by this store. Closing the store closes its {@link HttpTransport}.
 *
 * <p>A server that ignores {@code Range} (answers a range with 200 and the whole value, as {@code python3 -m
 * http.server} does) is still read: the store says so once (a warning of {@link System.Logger}) and from then on reads
 * whole values, each kept by the reading thread's scratch for the reads of it that follow ({@link WholeValues}).
 */
public abstract class RemoteStore implements Store {
    /** A larger value is not read to the heap: {@code zarr.json} of a big hierarchy stays far below. */
    static final long MAX_HEAP_VALUE = 256 << 20;
    /** The longest pause before a suffix read pinned to a version starts again when the value was replaced under it. */
    private static final long MAX_RESTART_PAUSE_MILLIS = 100;

    private final StoreDescriptor descriptor;
    private final HttpTransport transport;
    /** Set once the server answered a range with the whole value: from then on reads take slices of whole values. */
    private final AtomicBoolean ignoresRange = new AtomicBoolean();
    private final WholeValues wholeValues;
    private volatile boolean closed;

    /**
     * @param descriptor what {@link #descriptor()} gives: the store's URI and its options
     * @param transport the store's own transport, closed with it
     */
    protected RemoteStore(StoreDescriptor descriptor, HttpTransport transport) {
        this.descriptor = descriptor;
        this.transport = transport;
        this.wholeValues = new WholeValues(descriptor.uri().toString());
    }

    /** The URI of a key's value. */
    protected abstract URI uriOf(String key);

    /** Headers every request of {@code method} carries (none by default); called for every request. */
    protected Map<String, String> headersFor(String method) {
        return Map.of();
    }

    /** What signs each attempt of a request; {@link RequestSigner#NONE} by default. */
    protected RequestSigner signer() {
        return RequestSigner.NONE;
    }

    protected final HttpTransport transport() {
        return transport;
    }

    public final HttpSettings settings() {
        return transport.settings();
    }

    @Override
    public OptionalLong requestsSent() {
        return OptionalLong.of(transport.requestsSent());
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        return read(key, offset, length, null, scratch);
    }

    /**
     * A range of the version a prefix or suffix read named: its GET carries {@code If-Match} (or
     * {@code If-Unmodified-Since}, see {@link ValueVersion}), and a {@code 412} is a failure of reason
     * {@link Store#CHANGED}. A value read whole from a server that ignores {@code Range} is read as it is now.
     */
    @Override
    public MemorySegment read(String key, long offset, long length, Object version, Scratch scratch) {
        ensureOpen();
        if (offset < 0) {
            throw new ZarrException.StoreFailure(key, "cannot be read from the offset " + offset, null);
        }
        if (length == 0) {
            ValuePart empty = emptyPart(key, offset);
            return empty == null ? null : empty.bytes();
        }
        ByteRange range = length > 0 ? ByteRange.of(offset, length) : offset == 0 ? ByteRange.whole() : ByteRange.from(offset);
        ValuePart part = get(key, range, version, scratch);
        return part == null ? null : part.bytes();
    }

    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        ensureOpen();
        return length == 0 ? emptyPart(key, 0) : get(key, ByteRange.prefix(length), null, scratch);
    }

    /**
     * One suffix range request, where the server answers them ({@link #answersSuffixRanges()}); else a HEAD for the
     * size and version, then a range read pinned to that version, both again when the value was replaced in between
     * (the caller asked for no version, so any whole one will do).
     */
    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        ensureOpen();
        if (length == 0) {
            return emptyPart(key, 0);
        }
        if (answersSuffixRanges()) {
            return get(key, ByteRange.suffix(length), null, scratch);
        }
        long started = System.nanoTime();
        for (int attempt = 0; ; attempt++) {
            ValueHead head = transport.headValue(uriOf(key), key, headersFor("HEAD"), signer());
            if (head == null) {
                return null;
            }
            long n = Math.min(length, head.size());
            ValueVersion named = ValueVersion.of(head.etag(), head.lastModified());
            ValueVersion version = named == null ? null : named.ofSize(head.size());
            if (n == 0) {
                return new ValuePart(MemorySegment.NULL, 0, version);
            }
            try {
                return get(key, ByteRange.of(head.size() - n, n), version, scratch);
            } catch (ZarrException.StoreFailure e) {
                restartOrThrow(e, attempt, started);
            }
        }
    }

    /**
     * Whether the server answers a suffix range ({@code bytes=-N}) with the value's last bytes; Azure Blob Storage
     * does not, and a store there says so.
     */
    protected boolean answersSuffixRanges() {
        return true;
    }

    /**
     * Returns, after a pause, when a read that met a replacement may start again; else throws the failure. The pauses
     * double from a millisecond up to {@link #MAX_RESTART_PAUSE_MILLIS}, so a reader finds a gap between a busy
     * writer's replacements, and end once {@link HttpSettings#timeout()} has passed since the first read, so a value
     * rewritten without pause fails the read rather than holding it forever.
     */
    private void restartOrThrow(ZarrException.StoreFailure e, int attempt, long started) {
        if (!CHANGED.equals(e.reason()) || System.nanoTime() - started > settings().timeout().toNanos()) {
            throw e;
        }
        try {
            Thread.sleep(Math.min(MAX_RESTART_PAUSE_MILLIS, 1L << Math.min(attempt, 10)));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw e;
        }
    }

    private ValuePart get(String key, ByteRange range, Object version, Scratch scratch) {
        if (!ignoresRange.get()) {
            try {
                return ofVersion(key, version, transport.get(uriOf(key), key, range, getHeaders(version), signer(), scratch, this));
            } catch (ZarrException.StoreFailure e) {
                if (UnsizedRefusal.caused(e)) {
                    return emptyAtTheEnd(key, range, e);
                }
                rangeIgnored(key, e);
            }
        }
        ValuePart whole = ofVersion(key, version, whole(key, scratch));
        if (whole == null) {
            return null;
        }
        ByteRange.Exact asked = range.within(whole.valueSize());
        if (asked == null) {
            throw new ZarrException.StoreFailure(key, "the range " + range.header() + " lies past the end of the value of "
                    + whole.valueSize() + " bytes", null);
        }
        return new ValuePart(whole.bytes().asSlice(asked.offset(), asked.length()), whole.valueSize());
    }

    /**
     * What a 416 that did not give the value's size meant, from the size a HEAD gives: the empty part at the end
     * of a value that a range from its end, or a prefix or suffix of an empty value, asked for; else the refusal.
     */
    private ValuePart emptyAtTheEnd(String key, ByteRange range, ZarrException.StoreFailure refusal) {
        long size = size(key);
        if (size < 0) {
            return null;
        }
        ByteRange.Exact asked = range.within(size);
        if (asked == null) {
            throw new ZarrException.StoreFailure(key, "the range " + range.header() + " lies past the end of the value of " + size + " bytes", refusal);
        }
        if (asked.length() > 0) {
            throw refusal;
        }
        return new ValuePart(MemorySegment.NULL, size);
    }

    /**
     * {@code part}, refused as a failure of reason {@link Store#CHANGED} when it is not of the {@code version} it was
     * asked of: its precondition was ignored (or the whole value read without one), and its answer names another size
     * or tag. A shard's chunks then never mix with the index of another version, whatever the server honours.
     */
    private static ValuePart ofVersion(String key, Object version, ValuePart part) {
        if (part != null && version instanceof ValueVersion v && !v.admits(part)) {
            throw new ZarrException.StoreFailure(key, CHANGED, null);
        }
        return part;
    }

    /** The headers of a GET, with the precondition of the value's {@code version} when there is one. */
    private Map<String, String> getHeaders(Object version) {
        Map<String, String> headers = headersFor("GET");
        if (!(version instanceof ValueVersion v)) {
            return headers;
        }
        Map<String, String> with = new LinkedHashMap<>(headers);
        with.put(v.header(), v.value());
        return with;
    }

    /**
     * Rethrows a failure unless the server ignored {@code Range}, a 412 as a failure of reason {@link Store#CHANGED};
     * after {@code Range} was ignored, says once, for this store, that it reads whole values from now on.
     */
    private void rangeIgnored(String key, ZarrException.StoreFailure e) {
        if (ValueVersion.Changed.caused(e)) {
            throw new ZarrException.StoreFailure(key, CHANGED, e);
        }
        if (!IgnoredRange.caused(e)) {
            throw e;
        }
        if (ignoresRange.compareAndSet(false, true)) {
            System.getLogger(RemoteStore.class.getName()).log(System.Logger.Level.WARNING,
                    "stride: " + descriptor.uri() + " ignores Range requests; reading whole values (each within the decode budget)");
        }
    }

    /** The whole value of a key, kept by the reading thread's scratch for the reads that follow (a shard's chunks). */
    private ValuePart whole(String key, Scratch scratch) {
        return wholeValues.get(key, scratch, memory -> transport.get(uriOf(key), key, ByteRange.whole(), headersFor("GET"), signer(), memory));
    }

    /** No bytes at {@code offset} of a value, with its size: HTTP cannot ask for an empty range. */
    private ValuePart emptyPart(String key, long offset) {
        long size = size(key);
        if (size < 0) {
            return null;
        }
        if (offset > size) {
            throw new ZarrException.StoreFailure(key, "the offset " + offset + " lies past the end of the value of " + size + " bytes", null);
        }
        return new ValuePart(MemorySegment.NULL, size);
    }

    /**
     * Reads the ranges in as few requests as {@link HttpSettings#coalesceGap()} allows, all at once, each into its
     * own slice of one scratch buffer taken on this thread before they start; the ranges are slices of those.
     */
    @Override
    public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Scratch scratch) {
        return readRanges(key, offsets, lengths, null, scratch);
    }

    /** As {@link #readRanges(String, long[], long[], Scratch)}, each request with the version's precondition. */
    @Override
    public MemorySegment[] readRanges(String key, long[] offsets, long[] lengths, Object version, Scratch scratch) {
        ensureOpen();
        if (offsets.length != lengths.length) {
            throw new ZarrException.StoreFailure(key, offsets.length + " offsets but " + lengths.length + " lengths", null);
        }
        List<Integer> asked = new ArrayList<>();
        for (int i = 0; i < offsets.length; i++) {
            if (offsets[i] < 0 || lengths[i] < 0) {
                throw new ZarrException.StoreFailure(key, "cannot read " + lengths[i] + " bytes at " + offsets[i], null);
            }
            if (lengths[i] > 0) {
                asked.add(i);
            }
        }
        RangePlan plan = RangePlan.of(asked.stream().mapToLong(i -> offsets[i]).toArray(),
                asked.stream().mapToLong(i -> lengths[i]).toArray(), settings().coalesceGap());
        if (!ignoresRange.get()) {
            try {
                return slices(key, offsets, lengths, asked, plan, version, scratch);
            } catch (ZarrException.StoreFailure e) {
                rangeIgnored(key, e);
            }
        }
        ValuePart whole = ofVersion(key, version, whole(key, scratch));
        if (whole == null) {
            return null;
        }
        MemorySegment[] out = new MemorySegment[offsets.length];
        for (int i = 0; i < out.length; i++) {
            if (offsets[i] + lengths[i] > whole.valueSize()) {
                throw new ZarrException.StoreFailure(key, lengths[i] + " bytes at " + offsets[i] + " lie past the end of the value of "
                        + whole.valueSize() + " bytes", null);
            }
            out[i] = whole.bytes().asSlice(offsets[i], lengths[i]);
        }
        return out;
    }

    /** The ranges as slices of the plan's spans, read by range requests. */
    private MemorySegment[] slices(String key, long[] offsets, long[] lengths, List<Integer> asked, RangePlan plan, Object version,
                                   Scratch scratch) {
        ValuePart[] parts = plan.spans().isEmpty() ? new ValuePart[0] : fetch(key, plan, getHeaders(version), scratch.buffer(this, plan.bytes()));
        if (parts == null) {
            return null;
        }
        for (ValuePart part : parts) {
            ofVersion(key, version, part);
        }
        long size = parts.length > 0 ? parts[0].valueSize() : size(key);
        if (size < 0) {
            return null;
        }
        MemorySegment[] out = new MemorySegment[offsets.length];
        for (int i = 0; i < out.length; i++) {
            if (offsets[i] > size) {
                throw new ZarrException.StoreFailure(key, "the offset " + offsets[i] + " lies past the end of the value of " + size + " bytes", null);
            }
            out[i] = MemorySegment.NULL;
        }
        for (int k = 0; k < asked.size(); k++) {
            int i = asked.get(k);
            int span = plan.spanOf()[k];
            out[i] = parts[span].bytes().asSlice(offsets[i] - plan.spans().get(span).offset(), lengths[i]);
        }
        return out;
    }

    /** Each span of the plan into its slice of {@code buffer}, all at once; null when the key does not exist. */
    private ValuePart[] fetch(String key, RangePlan plan, Map<String, String> headers, MemorySegment buffer) {
        URI uri = uriOf(key);
        RequestSigner signer = signer();
        List<ByteRange.Exact> spans = plan.spans();
        if (spans.size() == 1) {
            ValuePart part = transport.get(uri, key, spans.getFirst(), headers, signer, buffer);
            return part == null ? null : new ValuePart[] {part};
        }
        ValuePart[] parts = new ValuePart[spans.size()];
        // closing the executor waits for every request, so no request writes into the buffer after this returns
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<ValuePart>> requests = new ArrayList<>();
            long at = 0;
            for (ByteRange.Exact span : spans) {
                MemorySegment into = buffer.asSlice(at, span.length());
                at += span.length();
                requests.add(threads.submit(() -> transport.get(uri, key, span, headers, signer, into)));
            }
            try {
                for (int i = 0; i < parts.length; i++) {
                    parts[i] = requests.get(i).get();
                }
            } catch (ExecutionException e) {
                requests.forEach(r -> r.cancel(true));
                throw e.getCause() instanceof ZarrException z ? z
                        : new ZarrException.StoreFailure(key, "a range read failed: " + e.getCause(), e.getCause());
            } catch (InterruptedException e) {
                requests.forEach(r -> r.cancel(true));
                Thread.currentThread().interrupt();
                throw new ZarrException.StoreFailure(key, "the range reads were interrupted", e);
            }
        }
        for (ValuePart p : parts) {
            if (p == null) {
                return null;
            }
        }
        return parts;
    }

    @Override
    public long size(String key) {
        ensureOpen();
        return transport.head(uriOf(key), key, headersFor("HEAD"), signer());
    }

    /**
     * The size and version tag from one HEAD. The tag is not taken from the GETs that read chunks: statistics judge a
     * chunk before reading it, so a query pays one HEAD for each chunk its statistics would leave unread (instead of
     * its GET), and an index one before and one after its pass.
     */
    @Override
    public ValueIdentity identity(String key) {
        ensureOpen();
        ValueHead head = transport.headValue(uriOf(key), key, headersFor("HEAD"), signer());
        return head == null ? null : new ValueIdentity(head.size(), versionTag(head));
    }

    /**
     * The version tag a HEAD answer gives, or null: by default {@link ValueHead#settledTag()}, since a plain server's
     * ETag may be made of the modification second; a store whose ETags follow the content says so by overriding.
     */
    protected String versionTag(ValueHead head) {
        return head.settledTag();
    }

    @Override
    public byte[] readBytes(String key) {
        ensureOpen();
        return transport.getSmall(uriOf(key), key, headersFor("GET"), signer(), MAX_HEAP_VALUE);
    }

    /** {@link HttpSettings#inFlight()}: a remote read is mostly waiting. */
    @Override
    public int readAhead() {
        return settings().inFlight();
    }

    @Override
    public StoreDescriptor descriptor() {
        return descriptor;
    }

    /** Ends reading and closes the transport; reads in progress fail with {@link ZarrException.Closed}. */
    @Override
    public void close() {
        closed = true;
        transport.close();
    }

    protected final void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the store " + descriptor.uri());
        }
    }
}
