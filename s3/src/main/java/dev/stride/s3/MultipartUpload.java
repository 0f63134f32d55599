package dev.stride.s3;

import dev.stride.http.KeyPaths;
import dev.stride.http.ParallelParts;
import dev.stride.http.PartPlan;
import dev.stride.http.UploadSettings;
import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * One value written with S3's multipart upload: CreateMultipartUpload; UploadPart for every part, several at once
 * ({@link ParallelParts}), each part's body hashed once for its signature however often it is sent; then
 * CompleteMultipartUpload with the parts' ETags, which makes the object in one step: readers see the old value or the
 * new one. Any failure aborts the upload (AbortMultipartUpload) once no part is in flight any more, so that no part is
 * left stored, and billed, out of sight; the abort's own failure is added to the first one as suppressed.
 *
 * <p>S3's limits: at most {@value #MAX_PARTS} parts, of 5 MiB to 5 GiB but the last, in an object of at most 5 TiB. A
 * value that would need more parts gets larger ones ({@link PartPlan}); a larger value is refused before any request.
 * A CreateMultipartUpload whose answer is lost and is sent again leaves an upload nobody knows of: a bucket's lifecycle
 * rule {@code AbortIncompleteMultipartUpload} is what cleans those.
 *
 * @param key the store key, for messages
 * @param object the object's URI
 */
record MultipartUpload(S3Requests requests, String key, URI object, UploadSettings settings) {
    /** The most parts one upload may have. */
    static final int MAX_PARTS = 10_000;
    /** The largest object S3 stores (an upload of larger parts would be refused at completion). */
    static final long MAX_OBJECT = 5L << 40;
    /** The smallest part S3 takes but for the last one: the smallest {@link UploadSettings#partSize()} allowed. */
    static final long MIN_PART = 5L << 20;
    /** The answers read here are an upload id or a short result. */
    private static final long MAX_ANSWER = 1 << 20;
    /**
     * How long CompleteMultipartUpload may take, at the least: S3 answers once it has assembled the object, which may
     * take minutes (it sends blanks meanwhile), and an attempt ended early would be sent again for an upload that may
     * be complete already.
     */
    private static final Duration COMPLETION_TIMEOUT = Duration.ofMinutes(15);

    /**
     * Refuses a value larger than S3 stores, before anything is sent.
     *
     * @throws ZarrException.StoreFailure naming the key and the size
     */
    static void checkSize(String key, long size) {
        if (size > MAX_OBJECT) {
            throw new ZarrException.StoreFailure(key, "holds " + size + " bytes, more than the 5 TiB an S3 object may hold; "
                    + "write smaller chunks or shards", null);
        }
    }

    /**
     * Stores the value.
     *
     * @throws ZarrException.StoreFailure when it cannot be stored (the upload aborted, the old value left as it was),
     *         or is larger than S3 stores
     */
    void write(MemorySegment value) {
        checkSize(key, value.byteSize());
        PartPlan plan = PartPlan.of(value.byteSize(), settings.partSize(), MAX_PARTS);
        String uploadId = start();
        try {
            List<String> etags = ParallelParts.send(key, value, plan, settings.partsInFlight(), (number, body) -> part(uploadId, number, body));
            complete(uploadId, etags);
        } catch (RuntimeException | Error e) {
            abort(uploadId, e);
            throw e;
        }
    }

    private URI uri(String query) {
        return URI.create(object + "?" + query);
    }

    /** CreateMultipartUpload: the new upload's id. */
    private String start() {
        URI uri = uri("uploads");
        byte[] xml = requests.transport().post(uri, key, null, requests.headers(), requests.signer(), MAX_ANSWER,
                requests.transport().settings().timeout());
        try {
            return UploadAnswer.parse(xml).require("InitiateMultipartUploadResult", "UploadId");
        } catch (IllegalArgumentException e) {
            throw new ZarrException.StoreFailure(key, "cannot be stored: POST " + uri + " did not start an upload: " + e.getMessage(), e);
        }
    }

    /** UploadPart: the part's ETag. */
    private String part(String uploadId, int number, MemorySegment body) {
        URI uri = uri("partNumber=" + number + "&uploadId=" + KeyPaths.encodeComponent(uploadId));
        String etag = requests.transport().put(uri, key, body, requests.withBody(body), requests.signer());
        if (etag == null) {
            throw new ZarrException.StoreFailure(key, "cannot be stored: PUT " + uri + " stored the part without giving its ETag", null);
        }
        return etag;
    }

    /**
     * CompleteMultipartUpload. S3 answers 200 before it has assembled the object and may then put an error in the
     * body: one worth another attempt (InternalError, SlowDown) is asked again as often as the transport retries.
     */
    private void complete(String uploadId, List<String> etags) {
        URI uri = uri("uploadId=" + KeyPaths.encodeComponent(uploadId));
        MemorySegment body = MemorySegment.ofArray(completion(etags).getBytes(StandardCharsets.UTF_8));
        Duration timeout = max(COMPLETION_TIMEOUT, requests.transport().settings().timeout());
        for (int attempt = 0; ; attempt++) {
            byte[] xml = requests.transport().post(uri, key, body, requests.withBody(body), requests.signer(), MAX_ANSWER, timeout);
            UploadAnswer answer;
            try {
                answer = UploadAnswer.parse(xml);
            } catch (IllegalArgumentException e) {
                throw new ZarrException.StoreFailure(key, "cannot be stored: POST " + uri + " answered no upload result: " + e.getMessage(), e);
            }
            if (answer.root().equals("CompleteMultipartUploadResult")) {
                return;
            }
            if (!answer.worthRetrying() || attempt >= requests.retries()) {
                throw new ZarrException.StoreFailure(key, "cannot be stored: POST " + uri + " did not complete the upload: it answered a <"
                        + answer.root() + ">" + answer.describeError(), null);
            }
        }
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** The body of CompleteMultipartUpload: every part's number and ETag, in order. */
    private static String completion(List<String> etags) {
        StringBuilder xml = new StringBuilder("<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">");
        for (int i = 0; i < etags.size(); i++) {
            xml.append("<Part><PartNumber>").append(i + 1).append("</PartNumber><ETag>").append(escaped(etags.get(i))).append("</ETag></Part>");
        }
        return xml.append("</CompleteMultipartUpload>").toString();
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * AbortMultipartUpload, also when the thread was interrupted (which is what may have failed the upload): its
     * failure is added to {@code failure}.
     */
    private void abort(String uploadId, Throwable failure) {
        boolean interrupted = Thread.interrupted();
        try {
            requests.transport().delete(uri("uploadId=" + KeyPaths.encodeComponent(uploadId)), key, requests.headers(), requests.signer());
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
