package dev.stride.s3;

import dev.stride.http.RequestSigner;
import dev.stride.model.ZarrException;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.core.exception.SdkException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs S3 requests with AWS Signature Version 4 in the {@code Authorization} header (service {@code s3}), with
 * credentials looked up for every request so that expiring ones (web identity, containers, instances) are renewed by
 * their provider. The payload is signed: {@code x-amz-content-sha256} is the SHA-256 of the body, the hash of nothing
 * without one. A caller that sends one body more than once (every attempt of a PUT, every part of an upload) hashes it
 * once with {@link #sha256Hex} and gives the hash as that header; the signer then signs it as given and never reads
 * the body, so an attempt costs the signature alone. No chunked signing and no flexible checksums: some S3-compatible
 * servers refuse them. The path is signed as sent (S3 neither encodes it twice nor folds {@code ..}), and the query
 * too, its parameters sorted: the URIs of {@link S3Config} encode both as SigV4 does. Holds no secret itself, and
 * prints none.
 *
 * @param clock the time the signatures carry
 */
record SigV4Signer(AwsCredentialsProvider credentials, String region, Clock clock) implements RequestSigner {
    /** The header of the payload's hash. */
    static final String CONTENT_SHA256 = "x-amz-content-sha256";
    /** The SHA-256 of no bytes, in hex. */
    static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    private static final String ALGORITHM = "AWS4-HMAC-SHA256";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final HexFormat HEX = HexFormat.of();
    /** Bytes hashed at a time: the body is copied to the heap this much at a time, never whole. */
    private static final int HASH_CHUNK = 1 << 16;

    /** A signer on the system's clock. */
    SigV4Signer(AwsCredentialsProvider credentials, String region) {
        this(credentials, region, Clock.systemUTC());
    }

    /**
     * The headers that sign a request: {@code Authorization}, {@code x-amz-date}, {@code x-amz-content-sha256} (unless
     * given) and, for temporary credentials, {@code x-amz-security-token}.
     *
     * @throws ZarrException.StoreFailure when no credentials can be found
     */
    @Override
    public Map<String, String> sign(String method, URI uri, Map<String, String> headers, MemorySegment body) {
        AwsCredentials identity;
        try {
            identity = credentials.resolveCredentials();
        } catch (SdkException e) {
            // the chain's message says where it looked; it holds no secret, having found none
            throw new ZarrException.StoreFailure(null, "cannot sign " + method + " " + uri + ": no AWS credentials found ("
                    + e.getMessage() + "); give anonymous=true to read a public bucket", e);
        }
        Map<String, String> signed = new TreeMap<>();
        headers.forEach((name, value) -> signed.merge(name.toLowerCase(Locale.ROOT), trimmed(value), (a, b) -> a + "," + b));
        Map<String, String> added = new TreeMap<>();
        String time = TIME.format(clock.instant());
        added.put("x-amz-date", time);
        String payloadHash = signed.get(CONTENT_SHA256);
        if (payloadHash == null) {
            payloadHash = body == null ? EMPTY_SHA256 : sha256Hex(body);
            added.put(CONTENT_SHA256, payloadHash);
        }
        if (identity instanceof AwsSessionCredentials session) {
            added.put("x-amz-security-token", session.sessionToken());
        }
        signed.putAll(added);
        signed.put("host", host(uri));
        String names = String.join(";", signed.keySet());
        StringBuilder canonical = new StringBuilder(method).append('\n').append(path(uri)).append('\n').append(query(uri)).append('\n');
        signed.forEach((name, value) -> canonical.append(name).append(':').append(value).append('\n'));
        canonical.append('\n').append(names).append('\n').append(payloadHash);

        String scope = time.substring(0, 8) + "/" + region + "/s3/aws4_request";
        String toSign = ALGORITHM + "\n" + time + "\n" + scope + "\n" + HEX.formatHex(sha256(canonical.toString()));
        byte[] key = hmac(("AWS4" + identity.secretAccessKey()).getBytes(StandardCharsets.UTF_8), time.substring(0, 8));
        for (String part : new String[] {region, "s3", "aws4_request"}) {
            key = hmac(key, part);
        }
        added.put("Authorization", ALGORITHM + " Credential=" + identity.accessKeyId() + "/" + scope + ",SignedHeaders=" + names
                + ",Signature=" + HEX.formatHex(hmac(key, toSign)));
        return added;
    }

    /**
     * The SHA-256 of a body in hex, what {@code x-amz-content-sha256} carries. Read on the calling thread, a piece at a
     * time, so memory of any kind (mapped, off-heap, confined to the caller) is hashed in place.
     */
    static String sha256Hex(MemorySegment body) {
        MessageDigest digest = sha256();
        byte[] chunk = new byte[(int) Math.min(HASH_CHUNK, body.byteSize())];
        for (long at = 0; at < body.byteSize(); at += chunk.length) {
            int n = (int) Math.min(chunk.length, body.byteSize() - at);
            MemorySegment.copy(body, ValueLayout.JAVA_BYTE, at, chunk, 0, n);
            digest.update(chunk, 0, n);
        }
        return HEX.formatHex(digest.digest());
    }

    /** The {@code Host} header the JDK's client sends: the port only when it is not the scheme's own. */
    private static String host(URI uri) {
        int port = uri.getPort();
        int standard = "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return port < 0 || port == standard ? uri.getHost() : uri.getHost() + ":" + port;
    }

    private static String path(URI uri) {
        String path = uri.getRawPath();
        return path == null || path.isEmpty() ? "/" : path;
    }

    /** The query's parameters sorted by name and value, each as {@code name=value} ({@code uploads} as {@code uploads=}). */
    private static String query(URI uri) {
        String query = uri.getRawQuery();
        if (query == null || query.isEmpty()) {
            return "";
        }
        List<String> parameters = new ArrayList<>();
        for (String parameter : query.split("&")) {
            parameters.add(parameter.contains("=") ? parameter : parameter + "=");
        }
        parameters.sort((a, b) -> {
            int names = a.substring(0, a.indexOf('=')).compareTo(b.substring(0, b.indexOf('=')));
            return names != 0 ? names : a.compareTo(b);
        });
        return String.join("&", parameters);
    }

    /** A header value as SigV4 signs it: without surrounding blanks, each run of spaces inside as one. */
    private static String trimmed(String value) {
        return value.strip().replaceAll(" +", " ");
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static byte[] sha256(String text) {
        return sha256().digest(text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] hmac(byte[] key, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no HmacSHA256", e);
        }
    }

    @Override
    public String toString() {
        return "SigV4 (s3, " + region + ")";
    }
}
