package dev.stride.azure;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.policy.HttpPipelineSyncPolicy;
import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerAsyncClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobDownloadAsyncResponse;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRange;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.DownloadRetryOptions;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import dev.stride.http.HttpSettings;
import dev.stride.http.KeyPaths;
import dev.stride.http.ListedNames;
import dev.stride.http.RequestBodies;
import dev.stride.http.UploadSettings;
import dev.stride.model.ZarrException;
import dev.stride.spi.Scratch;
import dev.stride.spi.StoreDescriptor;
import dev.stride.spi.ValueIdentity;
import dev.stride.spi.ValuePart;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A hierarchy in Azure Blob Storage (or Azurite), {@code az://container/prefix/data.zarr}: key {@code a/b} is the block
 * blob {@code prefix/data.zarr/a/b}. Reads are ranged GETs whose bodies go straight into the scratch's off-heap buffer;
 * Azure has no suffix ranges, so a shard index at the end costs a properties request first, whose ETag then pins the
 * read to that version. A listing is the service's hierarchical listing with the delimiter {@code /}, page after page;
 * a write is one Put Blob, or blocks and a block list for a value larger than {@link UploadSettings#partSize()}
 * ({@link BlockUpload}), and a delete one Delete Blob, all durable once acknowledged, so {@link #sync()} has nothing to
 * do. See {@link AzureConfig} for the account, endpoint and credential, and {@link AzureStoreProvider} for the options.
 */
public final class AzureStore implements WritableStore {
    /**
     * The longest pause before a read of no particular version starts again when the value was replaced under it: the
     * pauses double from a millisecond, so a reader finds a gap between a busy writer's replacements however slow the
     * server, and the restarts end once {@link HttpSettings#timeout()} has passed since the first, so a value
     * rewritten without pause fails the read rather than holding it forever.
     */
    private static final long MAX_RESTART_PAUSE_MILLIS = 100;
    private static final MemorySegment EMPTY = MemorySegment.ofArray(new byte[0]);
    /** The download's own resumptions of a body cut short, from the last byte received, each pinned to the ETag. */
    private static final DownloadRetryOptions BODY_RETRIES = new DownloadRetryOptions().setMaxRetryRequests(3);

    private final AzureConfig config;
    private final HttpSettings settings;
    private final UploadSettings uploads;
    private final StoreDescriptor descriptor;
    private final BlobContainerClient container;
    private final BlobContainerAsyncClient asyncContainer;
    private final AzureFailures failures;
    /** Names per listing page asked for; null leaves it to the service (5000). */
    private final Integer listPageSize;
    /** Every attempt the clients send, counted in their pipelines after the retry policy. */
    private final LongAdder sent = new LongAdder();
    private volatile boolean closed;

    private AzureStore(AzureConfig config, HttpSettings settings, UploadSettings uploads, BlobServiceClientBuilder clients, Integer listPageSize) {
        this.config = config;
        this.settings = settings;
        this.uploads = uploads;
        Map<String, String> options = new TreeMap<>(config.options());
        options.putAll(settings.options());
        options.putAll(uploads.options());
        this.descriptor = new StoreDescriptor(config.location().uri(), options);
        clients.addPolicy(new HttpPipelineSyncPolicy() {
            @Override
            protected void beforeSendingRequest(HttpPipelineCallContext context) {
                sent.increment();
            }
        });
        this.container = clients.buildClient().getBlobContainerClient(config.location().container());
        this.asyncContainer = clients.buildAsyncClient().getBlobContainerAsyncClient(config.location().container());
        this.failures = new AzureFailures(config, container.getAccountName());
        this.listPageSize = listPageSize;
    }

    /**
     * A store with these settings; nothing is asked of the service until a read.
     *
     * @param uploads how values larger than one block are written
     * @param env the environment the credential's secret is read from
     * @param listPageSize names per listing page asked of the service, or 0 for the service's own page size
     */
    static AzureStore open(AzureConfig config, HttpSettings settings, UploadSettings uploads, Map<String, String> env, int listPageSize) {
        return new AzureStore(config, settings, uploads, AzureClients.builder(config, settings, env), listPageSize > 0 ? listPageSize : null);
    }

    @Override
    public MemorySegment read(String key, long offset, long length, Scratch scratch) {
        return read(key, offset, length, null, scratch);
    }

    /** As {@link #read(String, long, long, Scratch)}, with {@code If-Match} on the ETag {@code version} names. */
    @Override
    public MemorySegment read(String key, long offset, long length, Object version, Scratch scratch) {
        ValuePart part = download(checked(key), offset, length, (String) version, false, scratch);
        return part == null ? null : part.bytes();
    }

    /** One request: the first bytes, and the value's size from the answer's {@code Content-Range}. */
    @Override
    public ValuePart readPrefix(String key, long length, Scratch scratch) {
        checked(key);
        return download(key, 0, length, null, true, scratch);
    }

    /**
     * A properties request for the size and ETag, then a range read pinned to that ETag; both again when the value was
     * replaced in between (the caller asked for no version, so any whole one will do).
     */
    @Override
    public ValuePart readSuffix(String key, long length, Scratch scratch) {
        checked(key);
        long started = System.nanoTime();
        for (int attempt = 0; ; attempt++) {
            BlobProperties properties = properties(key);
            if (properties == null) {
                return null;
            }
            long size = properties.getBlobSize();
            long n = Math.min(length, size);
            try {
                ValuePart part = downloadOnce(key, size - n, n, properties.getETag(), false, scratch);
                return part == null ? null : new ValuePart(part.bytes(), size, properties.getETag());
            } catch (ZarrException.StoreFailure e) {
                restartOrThrow(e, attempt, started);
            }
        }
    }

    /**
     * Bytes {@code [offset, offset + length)} (all from {@code offset} for a negative length; with {@code clamp}, as many
     * of them as the value holds) with the value's size and ETag, or null for a missing blob. A read of any version
     * that meets a replacement mid-body (the SDK resumes a cut body pinned to the first answer's ETag) starts again.
     */
    private ValuePart download(String key, long offset, long length, String etag, boolean clamp, Scratch scratch) {
        if (offset < 0) {
            throw new ZarrException.StoreFailure(key, "cannot read " + length + " bytes at " + offset, null);
        }
        long started = System.nanoTime();
        for (int attempt = 0; ; attempt++) {
            try {
                return downloadOnce(key, offset, length, etag, clamp, scratch);
            } catch (ZarrException.StoreFailure e) {
                if (etag != null) {
                    throw e;
                }
                restartOrThrow(e, attempt, started);
            }
        }
    }

    /** Returns, after a pause, when a read that met a replacement may start again; else throws the failure. */
    private void restartOrThrow(ZarrException.StoreFailure e, int attempt, long started) {
        if (!CHANGED.equals(e.reason()) || System.nanoTime() - started > settings.timeout().toNanos()) {
            throw e;
        }
        try {
            Thread.sleep(Math.min(MAX_RESTART_PAUSE_MILLIS, 1L << Math.min(attempt, 10)));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw e;
        }
    }

    private ValuePart downloadOnce(String key, long offset, long length, String etag, boolean clamp, Scratch scratch) {
        if (length == 0) {
            BlobProperties properties = properties(key);
            if (properties == null) {
                return null;
            }
            checkWithin(key, offset, 0, properties.getBlobSize());
            return new ValuePart(EMPTY, properties.getBlobSize(), properties.getETag());
        }
        BlobRange range = new BlobRange(offset, length < 0 ? null : length);
        BlobRequestConditions conditions = etag == null ? null : new BlobRequestConditions().setIfMatch(etag);
        String url = url(key);
        BlobDownloadAsyncResponse response;
        try {
            response = Blocking.call(() -> asyncContainer.getBlobAsyncClient(config.location().blobName(key))
                    .downloadStreamWithResponse(range, BODY_RETRIES, conditions, false).block(deadline()));
        } catch (RuntimeException e) {
            return switch (AzureFailures.status(e)) {
                case 403, 404 -> missing(key, "read", url, e);
                case 412 -> throw new ZarrException.StoreFailure(key, CHANGED, null);
                case 416 -> pastTheEnd(key, offset, clamp ? 0 : length, etag);
                default -> throw failures.failure(key, "read", url, e);
            };
        }
        long size = valueSize(response.getDeserializedHeaders().getContentRange(), response.getDeserializedHeaders().getContentLength());
        long received = response.getDeserializedHeaders().getContentLength();
        long expected = length < 0 || clamp ? Math.max(0, Math.min(size - offset, length < 0 ? Long.MAX_VALUE : length)) : length;
        checkWithin(key, offset, expected, size);
        if (received != expected || received > Scratch.MAX_BUFFER) {
            throw new ZarrException.StoreFailure(key, "cannot be read: the service sent " + received + " bytes for "
                    + (length < 0 ? "all from " + offset : length + " at " + offset) + " of " + size + " (" + url + ")", null);
        }
        MemorySegment out = scratch.buffer(this, received);
        long filled = fill(key, url, response, out);
        if (filled != received) {
            throw new ZarrException.StoreFailure(key, "cannot be read: the body ended after " + filled + " of " + received + " bytes (" + url + ")", null);
        }
        return new ValuePart(out, size, response.getDeserializedHeaders().getETag());
    }

    /**
     * Copies the body into {@code out} on the calling thread (the scratch's buffer may be confined to it); the bytes
     * copied.
     */
    private long fill(String key, String url, BlobDownloadAsyncResponse response, MemorySegment out) {
        try {
            return Blocking.call(() -> {
                long at = 0;
                for (ByteBuffer buffer : response.getValue().toIterable()) {
                    int n = buffer.remaining();
                    if (at + n > out.byteSize()) {
                        throw new ZarrException.StoreFailure(key, "cannot be read: the service sent more bytes than it announced (" + url + ")", null);
                    }
                    MemorySegment.copy(MemorySegment.ofBuffer(buffer), 0, out, at, n);
                    at += n;
                }
                return at;
            });
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            if (AzureFailures.status(e) == 412) {
                throw new ZarrException.StoreFailure(key, CHANGED, null);
            }
            throw failures.failure(key, "read", url, e);
        }
    }

    /** A 416: the range starts at or after the end; only a read of everything from the very end is empty rather than wrong. */
    private ValuePart pastTheEnd(String key, long offset, long length, String etag) {
        BlobProperties properties = properties(key);
        if (properties == null) {
            return null;
        }
        if (etag != null && !etag.equals(properties.getETag())) {
            throw new ZarrException.StoreFailure(key, CHANGED, null);
        }
        long size = properties.getBlobSize();
        checkWithin(key, offset, Math.max(length, 0), size);
        return new ValuePart(EMPTY, size, properties.getETag());
    }

    private static void checkWithin(String key, long offset, long length, long size) {
        if (offset + length > size) {
            throw new ZarrException.StoreFailure(key, "cannot read " + length + " bytes at " + offset + ": the value holds " + size + " bytes", null);
        }
    }

    /** The value's whole size: after the {@code /} of {@code bytes 0-9/1234}, or the body's length for a whole value. */
    private static long valueSize(String contentRange, long contentLength) {
        if (contentRange == null) {
            return contentLength;
        }
        int slash = contentRange.lastIndexOf('/');
        try {
            return Long.parseLong(contentRange.substring(slash + 1).strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Null for a missing key (a 404, or a 403 with {@code forbiddenAsMissing}); a failure for any other 403, and one
     * naming the container when the container is what is missing.
     */
    private <T> T missing(String key, String action, String url, RuntimeException e) {
        if (AzureFailures.containerMissing(e) || AzureFailures.status(e) == 403 && !settings.forbiddenAsMissing()) {
            throw failures.failure(key, action, url, e);
        }
        return null;
    }

    /** The blob's properties, or null when it does not exist. */
    private BlobProperties properties(String key) {
        try {
            return Blocking.call(() -> container.getBlobClient(config.location().blobName(key))
                    .getPropertiesWithResponse(null, deadline(), Context.NONE).getValue());
        } catch (RuntimeException e) {
            if (AzureFailures.status(e) == 404 || AzureFailures.status(e) == 403) {
                return missing(key, "read", url(key), e);
            }
            throw failures.failure(key, "read", url(key), e);
        }
    }

    @Override
    public long size(String key) {
        BlobProperties properties = properties(checked(key));
        return properties == null ? -1 : properties.getBlobSize();
    }

    /** The size and ETag from one properties request: Azure gives a blob a new ETag at every write. */
    @Override
    public ValueIdentity identity(String key) {
        ensureOpen();
        BlobProperties properties = properties(KeyPaths.check(key));
        if (properties == null) {
            return null;
        }
        String etag = properties.getETag();
        return new ValueIdentity(properties.getBlobSize(), etag == null || etag.isBlank() ? null : "ETag " + etag);
    }

    /**
     * The names directly below {@code prefix}: the blobs there and the virtual folders (without their trailing
     * {@code /}), sorted and each once, from every page of the listing.
     *
     * @throws ZarrException.StoreFailure when a page cannot be read (the listing would be partial), naming the container
     *         when it does not exist
     */
    @Override
    public List<String> list(String prefix) {
        ensureOpen();
        String below = config.location().blobName(KeyPaths.checkPrefix(prefix));
        ListedNames names = new ListedNames(prefix, below);
        ListBlobsOptions options = new ListBlobsOptions().setPrefix(below.isEmpty() ? null : below).setMaxResultsPerPage(listPageSize);
        try {
            return Blocking.call(() -> {
                for (PagedResponse<BlobItem> page : container.listBlobsByHierarchy("/", options, deadline()).iterableByPage()) {
                    for (BlobItem item : page.getValue()) {
                        if (Boolean.TRUE.equals(item.isPrefix())) {
                            names.addCommonPrefix(item.getName());
                        } else {
                            names.addObject(item.getName());
                        }
                    }
                }
                return names.names();
            });
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failures.failure(prefix, "listed", container.getBlobContainerUrl(), e);
        }
    }

    /**
     * Stores a value: with one Put Blob when it holds at most {@link UploadSettings#partSize()} bytes, else in blocks.
     * Readers see the old value or the new one.
     *
     * @throws ZarrException.StoreFailure when the value cannot be stored (the old one left as it was)
     */
    @Override
    public void write(String key, MemorySegment value) {
        upload(key, value, null);
    }

    /**
     * Stores a value only if the key holds none: a Put Blob or Put Block List with {@code If-None-Match: *}, which
     * Azure and Azurite honour.
     *
     * @throws ZarrException.StoreFailure when the value cannot be stored
     */
    @Override
    public boolean create(String key, MemorySegment value) {
        return upload(key, value, new BlobRequestConditions().setIfNoneMatch("*"));
    }

    private boolean upload(String key, MemorySegment value, BlobRequestConditions conditions) {
        BlockBlobClient blob = container.getBlobClient(config.location().blobName(checked(key))).getBlockBlobClient();
        try {
            if (value.byteSize() > uploads.partSize()) {
                Blocking.call(() -> {
                    BlockUpload.write(blob, key, value, uploads, conditions, deadline());
                    return null;
                });
            } else {
                // a body the HTTP client's threads can read, sent from where it lies
                ByteBuffer body = RequestBodies.sendable(value).asByteBuffer().asReadOnlyBuffer();
                BlockBlobSimpleUploadOptions options = new BlockBlobSimpleUploadOptions(BinaryData.fromByteBuffer(body)).setRequestConditions(conditions);
                Blocking.call(() -> blob.uploadWithResponse(options, deadline(), Context.NONE));
            }
            return true;
        } catch (ZarrException e) {
            throw e;
        } catch (RuntimeException e) {
            int status = AzureFailures.status(e);
            if (conditions != null && (status == 409 || status == 412)) {
                return false;
            }
            throw failures.failure(key, "written", url(key), e);
        }
    }

    /** Removes a key; one that is not there is no failure. */
    @Override
    public void delete(String key) {
        checked(key);
        try {
            Blocking.call(() -> container.getBlobClient(config.location().blobName(key))
                    .deleteIfExistsWithResponse(null, null, deadline(), Context.NONE));
        } catch (RuntimeException e) {
            throw failures.failure(key, "deleted", url(key), e);
        }
    }

    /**
     * How long one call may take in all: every try its {@link HttpSettings#timeout()}, so that no call waits for good
     * on an answer that never comes.
     */
    private java.time.Duration deadline() {
        return settings.timeout().multipliedBy(settings.retries() + 1L);
    }

    /** The blob's URL as messages name it (no query: a SAS token would be there). */
    private String url(String key) {
        return container.getBlobContainerUrl() + "/" + KeyPaths.encode(config.location().blobName(key));
    }

    /** {@link HttpSettings#inFlight()}: a remote read is mostly waiting. */
    @Override
    public int readAhead() {
        return settings.inFlight();
    }

    @Override
    public OptionalLong requestsSent() {
        return OptionalLong.of(sent.sum());
    }

    @Override
    public StoreDescriptor descriptor() {
        return descriptor;
    }

    private void ensureOpen() {
        if (closed) {
            throw new ZarrException.Closed("the store " + descriptor.uri());
        }
    }

    /** The key of a call on one value: refused when the store is closed, or when the SPI allows no such key. */
    private String checked(String key) {
        ensureOpen();
        return KeyPaths.check(key);
    }

    /** Ends use of the store; the HTTP client is shared by the JVM's Azure stores and stays. */
    @Override
    public void close() {
        closed = true;
    }

    /** The location, account, endpoint and where the credential comes from; never a secret. */
    @Override
    public String toString() {
        return config.toString();
    }
}
