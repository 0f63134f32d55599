package dev.stride.s3;

import dev.stride.http.HttpSettings;
import dev.stride.http.HttpTransport;
import dev.stride.http.KeyPaths;
import dev.stride.http.ListedNames;
import dev.stride.http.RemoteStore;
import dev.stride.http.RequestSigner;
import dev.stride.http.UploadSettings;
import dev.stride.http.ValueHead;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.utils.SdkAutoCloseable;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * A hierarchy in S3 or an S3-compatible server, {@code s3://bucket/prefix/data.zarr}: key {@code a/b} is the object
 * {@code prefix/data.zarr/a/b}. Reads are range GETs (a shard index is one suffix request), a size is a HEAD, a
 * listing is ListObjectsV2 with the delimiter {@code /}, page after page; a write is one PUT, or a multipart upload
 * for a value larger than {@link UploadSettings#partSize()} ({@link MultipartUpload}), and a delete one DELETE, all
 * durable once S3 acknowledges them, so {@link #sync()} has nothing to do. A body is sent from the value's memory and
 * hashed once for its signature, however often it is tried. Requests are signed with SigV4 unless the store is
 * anonymous. See {@link S3Config} for the options; those of {@link HttpSettings} and {@link UploadSettings} apply too.
 */
public final class S3Store extends RemoteStore implements WritableStore {
    /** The most one PUT may store (S3's limit for a single upload). */
    static final long MAX_SINGLE_PUT = 5L << 30;
    /** A page lists at most 1000 names of at most 1024 bytes; escaped in XML they stay far below this. */
    private static final long MAX_LISTING_PAGE = 32L << 20;
    private static final Map<String, String> REQUESTER_PAYS = Map.of("x-amz-request-payer", "requester");

    private final S3Config config;
    private final UploadSettings uploads;
    private final RequestSigner signer;
    private final S3Requests requests;
    /** The credential chain this store made, closed with it; null when anonymous. */
    private final AwsCredentialsProvider credentials;
    /** Names per listing page asked for; 0 leaves it to the server (1000 on AWS). */
    private final int listPageSize;

    private S3Store(S3Config config, HttpSettings settings, UploadSettings uploads, AwsCredentialsProvider credentials, int listPageSize) {
        super(uploads.descriptor(config.location().uri(), config.options(), settings), new HttpTransport(settings));
        this.config = config;
        this.uploads = uploads;
        this.credentials = config.anonymous() ? null : credentials;
        this.signer = config.anonymous() ? RequestSigner.NONE : new SigV4Signer(credentials, config.region());
        this.requests = new S3Requests(transport(), signer, config.requesterPays() ? REQUESTER_PAYS : Map.of(), !config.anonymous());
        this.listPageSize = listPageSize;
    }

    /**
     * A store with these settings; nothing is asked of the server until a read.
     *
     * @param uploads how values larger than one part are written
     * @param credentials where signing credentials come from (not used when the configuration is anonymous); closed
     *        with the store when it can be
     * @param listPageSize names per listing page asked of the server, or 0 for the server's own page size
     */
    static S3Store open(S3Config config, HttpSettings settings, UploadSettings uploads, AwsCredentialsProvider credentials, int listPageSize) {
        return new S3Store(config, settings, uploads, credentials, listPageSize);
    }

    /**
     * The key's object URI.
     *
     * @throws ZarrException.StoreFailure for a key with an empty, {@code .} or {@code ..} segment: S3 would store it
     *         under that name, but no other store could hold it
     */
    @Override
    protected URI uriOf(String key) {
        return config.objectUri(config.location().objectKey(KeyPaths.check(key)));
    }

    @Override
    protected Map<String, String> headersFor(String method) {
        return requests.headers();
    }

    @Override
    protected RequestSigner signer() {
        return signer;
    }

    /** The ETag: S3's is a hash of the content, so a rewrite with other bytes always has another. */
    @Override
    protected String versionTag(ValueHead head) {
        return head.contentTag();
    }

    /**
     * The names directly below {@code prefix}: the objects there and the common prefixes (without their trailing
     * {@code /}), sorted and each once, from every page of the listing; none when nothing is there or a value is.
     *
     * @throws ZarrException.StoreFailure when a page cannot be read or makes no sense (the listing would be partial)
     */
    @Override
    public List<String> list(String prefix) {
        ensureOpen();
        String below = config.location().objectKey(KeyPaths.checkPrefix(prefix));
        ListedNames names = new ListedNames(prefix, below);
        String token = null;
        do {
            ListingPage page = page(prefix, below, token);
            if (token != null && token.equals(page.nextToken())) {
                throw new ZarrException.StoreFailure(prefix, "cannot be listed: the server gave the same continuation token twice", null);
            }
            page.keys().forEach(names::addObject);
            page.prefixes().forEach(names::addCommonPrefix);
            token = page.nextToken();
        } while (token != null);
        return names.names();
    }

    /**
     * One page of the listing. S3 may send it chunked, without a length, so a body cut short at a chunk boundary
     * reaches us as a complete answer: only the XML shows it, and the page is asked again as often as the transport
     * retries a failed request.
     */
    private ListingPage page(String prefix, String below, String token) {
        URI uri = config.listUri(below, token, listPageSize);
        for (int attempt = 0; ; attempt++) {
            byte[] xml = transport().getSmall(uri, prefix, headersFor("GET"), signer, MAX_LISTING_PAGE);
            if (xml == null) {
                throw new ZarrException.StoreFailure(prefix, "cannot be listed: the bucket '" + config.location().bucket()
                        + "' does not exist or may not be listed (" + uri + ")", null);
            }
            try {
                return ListingPage.parse(xml);
            } catch (IllegalArgumentException e) {
                if (attempt >= settings().retries()) {
                    throw new ZarrException.StoreFailure(prefix, "cannot be listed: " + e.getMessage() + " (" + uri + ")", e);
                }
            }
        }
    }

    /**
     * Stores a value: with one PUT when it holds at most {@link UploadSettings#partSize()} bytes, else with a
     * multipart upload. Readers see the old value or the new one.
     *
     * @throws ZarrException.StoreFailure when the value cannot be stored (the old one left as it was), or is larger
     *         than the 5 TiB S3 stores (refused before any request)
     */
    @Override
    public void write(String key, MemorySegment value) {
        ensureOpen();
        URI uri = uriOf(key);
        if (value.byteSize() > uploads.partSize()) {
            new MultipartUpload(requests, key, uri, uploads).write(value);
        } else {
            transport().put(uri, key, value, requests.withBody(value), signer);
        }
    }

    /**
     * Stores a value only if the key holds none (one PUT with {@code If-None-Match: *}, whatever its size; AWS S3
     * honours it, servers that ignore it store the value and answer true).
     *
     * @throws ZarrException.StoreFailure when the value cannot be stored, or is larger than the 5 GiB one PUT takes
     */
    @Override
    public boolean create(String key, MemorySegment value) {
        ensureOpen();
        if (value.byteSize() > MAX_SINGLE_PUT) {
            throw new ZarrException.StoreFailure(key, "holds " + value.byteSize()
                    + " bytes, more than the 5 GiB S3 stores with one conditional PUT; write smaller chunks or shards", null);
        }
        return transport().putIfAbsent(uriOf(key), key, value, requests.withBody(value), signer);
    }

    /** Removes a key; one that is not there is no failure. */
    @Override
    public void delete(String key) {
        ensureOpen();
        transport().delete(uriOf(key), key, headersFor("DELETE"), signer);
    }

    /** Closes the transport and the credential chain (which may hold a refreshing thread). */
    @Override
    public void close() {
        super.close();
        if (credentials instanceof SdkAutoCloseable closeable) {
            closeable.close();
        }
    }

    @Override
    public String toString() {
        return config.toString();
    }
}
