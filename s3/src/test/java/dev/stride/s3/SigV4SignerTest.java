package dev.stride.s3;

import dev.stride.spi.StoreDescriptor;
import dev.stride.s3.testing.S3TestServer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What s3proxy accepts from the signer, sent with the JDK's client alone (no transport in between). */
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
}
