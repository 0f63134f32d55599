package dev.stride.s3;

import dev.stride.http.HttpTransport;
import dev.stride.http.RequestSigner;

import java.lang.foreign.MemorySegment;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a store's requests are sent: its transport, its signer and the headers every request carries.
 *
 * @param headers what every request carries ({@code x-amz-request-payer} for a requester-pays bucket)
 * @param signed whether requests are signed (not for an anonymous store), and so need their body's hash
 */
record S3Requests(HttpTransport transport, RequestSigner signer, Map<String, String> headers, boolean signed) {

    S3Requests {
        headers = Map.copyOf(headers);
    }

    /**
     * The headers of a request that sends {@code body}: with its SHA-256 when signed, hashed here, once, so that the
     * signer signs it as given on every attempt without reading the body again.
     */
    Map<String, String> withBody(MemorySegment body) {
        if (!signed) {
            return headers;
        }
        Map<String, String> out = new LinkedHashMap<>(headers);
        out.put(SigV4Signer.CONTENT_SHA256, SigV4Signer.sha256Hex(body));
        return out;
    }

    /** How often a request is tried again ({@code retries}): also the bound on asking again after a bad answer. */
    int retries() {
        return transport.settings().retries();
    }
}
