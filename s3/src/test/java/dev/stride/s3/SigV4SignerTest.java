package dev.stride.s3;

import dev.stride.spi.StoreDescriptor;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The signer against AWS's worked example, and what s3proxy accepts from it, sent with the JDK's client alone. */
class SigV4SignerTest {
    private static final S3TestServer SERVER = S3TestServer.get();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    private static SigV4Signer signer(String secret) {
        return new SigV4Signer(StaticCredentialsProvider.create(AwsBasicCredentials.create(S3TestServer.accessKeyId(), secret)), "us-east-1");
    }

    private static HttpResponse<String> send(SigV4Signer signer, String method, URI uri, Map<String, String> headers, byte[] body) throws Exception {
        MemorySegment segment = body == null ? null : Arena.ofAuto().allocateFrom(ValueLayout.JAVA_BYTE, body);
        Map<String, String> all = new HashMap<>(headers);
        all.putAll(signer.sign(method, uri, headers, segment));
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        all.forEach(request::header);
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void signedPutGetListAndDeleteAreAccepted() throws Exception {
        S3Config config = S3Config.resolve(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("signer"), "x", "")), Map.of(), () -> null);
        SigV4Signer signer = signer(S3TestServer.secretAccessKey());
        URI object = config.objectUri("x/a b+c~(1)");
        byte[] body = "hello, s3".getBytes(StandardCharsets.UTF_8);

        Map<String, String> putHeaders = signer.sign("PUT", object, Map.of(), Arena.ofAuto().allocateFrom(ValueLayout.JAVA_BYTE, body));
        assertFalse(putHeaders.get("x-amz-content-sha256").equals(EMPTY_SHA256), "a PUT signs the hash of its body");
        assertEquals(200, send(signer, "PUT", object, Map.of(), body).statusCode());

        Map<String, String> getHeaders = signer.sign("GET", object, Map.of("Range", "bytes=7-8"), null);
        assertEquals(EMPTY_SHA256, getHeaders.get("x-amz-content-sha256"));
        assertFalse(getHeaders.keySet().stream().anyMatch(h -> h.equalsIgnoreCase("host") || h.equalsIgnoreCase("range")));
        HttpResponse<String> range = send(signer, "GET", object, Map.of("Range", "bytes=7-8"), null);
        assertEquals(206, range.statusCode());
        assertEquals("s3", range.body());

        HttpResponse<String> listing = send(signer, "GET", config.listUri("x/", null, 0), Map.of(), null);
        assertEquals(200, listing.statusCode(), listing.body());
        assertEquals(List.of("x/a b+c~(1)"), ListingPage.parse(listing.body().getBytes(StandardCharsets.UTF_8)).keys());

        assertEquals(204, send(signer, "DELETE", object, Map.of(), null).statusCode());
        assertEquals(404, send(signer, "HEAD", object, Map.of(), null).statusCode());
    }

    @Test
    void aWrongSecretIsRefused() throws Exception {
        S3Config config = S3Config.resolve(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("wrong-secret"), "x", "")), Map.of(), () -> null);
        HttpResponse<String> refused = send(signer("not-the-secret"), "GET", config.objectUri("x/zarr.json"), Map.of(), null);
        assertEquals(403, refused.statusCode());
        assertTrue(refused.body().contains("SignatureDoesNotMatch"), refused.body());
    }

    /**
     * The example of AWS's "Signature Calculations for the Authorization Header" (S3 API reference, GET Object): the
     * first 10 bytes of examplebucket's test.txt on 2013-05-24, with the documentation's example keys.
     */
    @Test
    void theWorkedExampleOfAwsSignsAsDocumented() {
        var keys = StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"));
        SigV4Signer signer = new SigV4Signer(keys, "us-east-1", Clock.fixed(Instant.parse("2013-05-24T00:00:00Z"), ZoneOffset.UTC));
        Map<String, String> added = signer.sign("GET", URI.create("https://examplebucket.s3.amazonaws.com/test.txt"), Map.of("Range", "bytes=0-9"), null);
        assertEquals(Map.of("x-amz-date", "20130524T000000Z", "x-amz-content-sha256", EMPTY_SHA256, "Authorization",
                "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,"
                        + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,"
                        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"), added);
    }

    @Test
    void aGivenPayloadHashIsSignedWithoutReadingTheBody() throws Exception {
        S3Config config = S3Config.resolve(StoreDescriptor.parse(SERVER.uri(SERVER.bucket("hashed"), "x", "")), Map.of(), () -> null);
        SigV4Signer signer = signer(S3TestServer.secretAccessKey());
        byte[] body = "hashed once".getBytes(StandardCharsets.UTF_8);
        String hash = SigV4Signer.sha256Hex(MemorySegment.ofArray(body));
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body)), hash);
        MemorySegment gone;
        try (Arena arena = Arena.ofConfined()) {
            gone = arena.allocateFrom(ValueLayout.JAVA_BYTE, body);
        }
        // a body the signer cannot read: it must take the hash as given
        Map<String, String> added = signer.sign("PUT", config.objectUri("x/h"), Map.of("x-amz-content-sha256", hash), gone);
        assertFalse(added.containsKey("x-amz-content-sha256"));
        assertTrue(added.get("Authorization").contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date,"), added.get("Authorization"));
        assertEquals(200, send(signer, "PUT", config.objectUri("x/h"), Map.of("x-amz-content-sha256", hash), body).statusCode());
        HttpResponse<String> lie = send(signer, "PUT", config.objectUri("x/h"), Map.of("x-amz-content-sha256", EMPTY_SHA256), body);
        assertEquals(400, lie.statusCode(), "s3proxy checks the hash against the body: " + lie.body());
    }

    @Test
    void temporaryCredentialsSignTheirSessionToken() {
        var session = StaticCredentialsProvider.create(AwsSessionCredentials.create("AKID", "secret", "the-token"));
        Map<String, String> added = new SigV4Signer(session, "eu-west-1").sign("HEAD", URI.create("http://127.0.0.1:9000/b/k"), Map.of(), null);
        assertEquals("the-token", added.get("x-amz-security-token"));
        assertTrue(added.get("Authorization").contains("/eu-west-1/s3/aws4_request,SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,"),
                added.get("Authorization"));
    }
}
