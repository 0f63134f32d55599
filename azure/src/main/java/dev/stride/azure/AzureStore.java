package dev.stride.azure;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.policy.HttpPipelineSyncPolicy;
import com.azure.core.http.rest.PagedResponse;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.specialized.BlockBlobClient;
import dev.stride.http.HttpSettings;
import dev.stride.http.HttpTransport;
import dev.stride.http.KeyPaths;
import dev.stride.http.ListedNames;
import dev.stride.http.RemoteStore;
import dev.stride.http.RequestBodies;
import dev.stride.http.RequestSigner;
import dev.stride.http.UploadSettings;
import dev.stride.http.ValueHead;
import dev.stride.model.ZarrException;
import dev.stride.spi.WritableStore;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A hierarchy in Azure Blob Storage (or Azurite), {@code az://container/prefix/data.zarr}: key {@code a/b} is the block
 * blob {@code prefix/data.zarr/a/b}.
 *
 * <p>Reads go through Stride's own HTTP transport ({@link RemoteStore}), as S3's do, signed by {@link AzureSigner}: a
 * ranged GET's body lands straight in the scratch's off-heap buffer, where the SDK's download passed it through its
 * reactive pipeline in small heap buffers at several times the CPU per byte. Azure has no suffix ranges, so a shard
 * index at the end costs a HEAD first, whose ETag then pins the read to that version.
 *
 * <p>Listing, writing and deleting go through the SDK's blob client: a listing is the service's hierarchical listing
 * with the delimiter {@code /}, page after page; a write is one Put Blob, or blocks and a block list for a value larger
 * than {@link UploadSettings#partSize()} ({@link BlockUpload}), and a delete one Delete Blob, all durable once
 * acknowledged, so {@link #sync()} has nothing to do. Closing the store closes the reads' transport; the SDK's HTTP
 * client is shared by the JVM's Azure stores and stays. See {@link AzureConfig} for the account, endpoint and
 * credential, and {@link AzureStoreProvider} for the options.
 */
public final class AzureStore extends RemoteStore implements WritableStore {
    private static final Map<String, String> VERSION = Map.of("x-ms-version", AzureSigner.API_VERSION);

    private final AzureConfig config;
    private final UploadSettings uploads;
    private final BlobContainerClient container;
    private final AzureFailures failures;
    private final AzureSigner signer;
    /** The container's URL, without a query. */
    private final String containerUrl;
    /** The query every read's URI carries: {@code ?} and the SAS token, or nothing. */
    private final String readQuery;
    /** Names per listing page asked for; null leaves it to the service (5000). */
    private final Integer listPageSize;
    /** Every attempt the SDK's clients send, counted in their pipelines after the retry policy. */
    private final LongAdder sentBySdk;

    private AzureStore(AzureConfig config, HttpSettings settings, UploadSettings uploads, AzureClients.Made made, BlobContainerClient container,
                       AzureFailures failures, LongAdder sentBySdk, Integer listPageSize) {
        super(uploads.descriptor(config.location().uri(), config.options(), settings), new HttpTransport(settings, failures.wording()));
        this.config = config;
        this.uploads = uploads;
        this.container = container;
        this.failures = failures;
        this.signer = made.signer();
        this.containerUrl = container.getBlobContainerUrl().replaceAll("[?].*", "");
        this.readQuery = made.sas() == null ? "" : "?" + made.sas();
        this.sentBySdk = sentBySdk;
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
        AzureClients.Made made = AzureClients.of(config, settings, env);
        LongAdder sent = new LongAdder();
        made.builder().addPolicy(new HttpPipelineSyncPolicy() {
            @Override
            protected void beforeSendingRequest(HttpPipelineCallContext context) {
                sent.increment();
            }
        });
        BlobContainerClient container = made.builder().buildClient().getBlobContainerClient(config.location().container());
        AzureFailures failures = new AzureFailures(config, container.getAccountName());
        return new AzureStore(config, settings, uploads, made, container, failures, sent, listPageSize > 0 ? listPageSize : null);
    }

    /** The blob's URI, with the SAS token when the store has one. */
    @Override
    protected URI uriOf(String key) {
        return URI.create(url(KeyPaths.check(key)) + readQuery);
    }

    /** The REST API version, which Azure wants named in every request. */
    @Override
    protected Map<String, String> headersFor(String method) {
        return VERSION;
    }

    @Override
    protected RequestSigner signer() {
        return signer;
    }

    /** Azure's Range header takes {@code bytes=first-} and {@code bytes=first-last}, not a suffix ({@code bytes=-N}). */
    @Override
    protected boolean answersSuffixRanges() {
        return false;
    }

    /** The ETag: Azure gives a blob a new one at every write. */
    @Override
    protected String versionTag(ValueHead head) {
        return head.contentTag();
    }

    /** The reads' requests and the SDK's (listing, writes, deletes). */
    @Override
    public OptionalLong requestsSent() {
        return OptionalLong.of(super.requestsSent().orElse(0) + sentBySdk.sum());
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
            throw failures.failure(prefix, "listed", containerUrl, e);
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
        return settings().timeout().multipliedBy(settings().retries() + 1L);
    }

    /** The blob's URL as messages name it (no query: a SAS token would be there). */
    private String url(String key) {
        return containerUrl + "/" + KeyPaths.encode(config.location().blobName(key));
    }

    /** The key of a call on one value: refused when the store is closed, or when the SPI allows no such key. */
    private String checked(String key) {
        ensureOpen();
        return KeyPaths.check(key);
    }

    /** The location, account, endpoint and where the credential comes from; never a secret. */
    @Override
    public String toString() {
        return config.toString();
    }
}
