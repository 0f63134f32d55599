package dev.stride.s3;

import dev.stride.http.RequestSigner;
import dev.stride.model.ZarrException;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Signs S3 requests with the AWS SDK's SigV4 signer (service {@code s3}), with credentials looked up for every request
 * so that expiring ones (web identity, containers, instances) are renewed by their provider. The payload is signed:
 * {@code x-amz-content-sha256} is the SHA-256 of a PUT body and the hash of nothing for GET, HEAD and DELETE, which
 * AWS and S3-compatible servers accept alike (no chunked uploads, no flexible checksums: those are refused by some
 * servers). Holds no secret itself, and prints none.
 */
record SigV4Signer(AwsCredentialsProvider credentials, String region) implements RequestSigner {
    private static final AwsV4HttpSigner SIGNER = AwsV4HttpSigner.create();
    /** Set by the HTTP client itself (the JDK's refuses it as a request header); it is still signed. */
    private static final String HOST = "host";

    /**
     * The headers that sign a request: {@code Authorization}, {@code X-Amz-Date}, {@code x-amz-content-sha256} and,
     * for temporary credentials, {@code X-Amz-Security-Token}.
     *
     * @throws ZarrException.StoreFailure when no credentials can be found
     */
    @Override
    public Map<String, String> sign(String method, URI uri, Map<String, String> headers, MemorySegment body) {
        SdkHttpRequest.Builder request = SdkHttpRequest.builder().method(SdkHttpMethod.fromValue(method)).uri(uri);
        headers.forEach(request::putHeader);
        AwsCredentials identity;
        try {
            identity = credentials.resolveCredentials();
        } catch (SdkException e) {
            // the chain's message says where it looked; it holds no secret, having found none
            throw new ZarrException.StoreFailure(null, "cannot sign " + method + " " + uri + ": no AWS credentials found ("
                    + e.getMessage() + "); give anonymous=true to read a public bucket", e);
        }
        SignedRequest signed = SIGNER.sign(r -> {
            r.identity(identity)
                    .request(request.build())
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "s3")
                    .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                    // S3 signs the path as sent: no second encoding, no '..' folding
                    .putProperty(AwsV4HttpSigner.DOUBLE_URL_ENCODE, false)
                    .putProperty(AwsV4HttpSigner.NORMALIZE_PATH, false)
                    .putProperty(AwsV4HttpSigner.PAYLOAD_SIGNING_ENABLED, true)
                    .putProperty(AwsV4HttpSigner.CHUNK_ENCODING_ENABLED, false);
            if (body != null) {
                r.payload(ContentStreamProvider.fromInputStreamSupplier(() -> new SegmentInputStream(body)));
            }
        });
        Map<String, String> given = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        given.putAll(headers);
        Map<String, String> added = new TreeMap<>();
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            String name = h.getKey();
            if (!given.containsKey(name) && !name.toLowerCase(Locale.ROOT).equals(HOST)) {
                added.put(name, String.join(",", h.getValue()));
            }
        }
        return added;
    }

    @Override
    public String toString() {
        return "SigV4 (s3, " + region + ")";
    }
}
