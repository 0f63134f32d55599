package dev.stride.http;

import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a failure's message shows of a request's URI: everything but the signatures in its query. */
class RequestTest {

    @Test
    void signaturesInTheQueryAreLeftOutAndTheRestKept() {
        assertEquals("https://a.blob.core.windows.net/c/k?sv=2025-11-05&sp=r&sig=REDACTED",
                Request.withoutSignatures(URI.create("https://a.blob.core.windows.net/c/k?sv=2025-11-05&sp=r&sig=abc%2Bdef%3D")));
        assertEquals("https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED",
                Request.withoutSignatures(URI.create("https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F1&X-Amz-Signature=f00")));
        assertEquals("http://h:1/b/c/0?partNumber=2&uploadId=ID&signature=kept",
                Request.withoutSignatures(URI.create("http://h:1/b/c/0?partNumber=2&uploadId=ID&signature=kept")));
        assertEquals("http://h:1/zarr.json", Request.withoutSignatures(URI.create("http://h:1/zarr.json")));
    }
}
