package dev.stride.http;

import dev.stride.model.ZarrException;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One request of a {@link HttpTransport} as every attempt makes it, and the words its failures are told in: the key
 * asked for, the method and the URI, never a header value or a signature in the query (either may hold a secret).
 *
 * @param range the {@code Range} header, or null
 * @param body what a PUT or POST sends (memory the HTTP client's threads can read), or null
 * @param mayBeMissing whether a 404 (and a 403 where the settings say so) means the key has no value
 * @param missing what the request comes to for a missing key
 * @param timeout the longest one attempt may take, body and answer included
 */
record Request<T>(String method, URI uri, String key, String range, Map<String, String> headers,
                  RequestSigner signer, MemorySegment body, boolean mayBeMissing, T missing, Duration timeout) {
    /** The host as {@code name:port}, the unit of the connection cap and of {@link AttemptFailure}'s memory. */
    String host() {
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return uri.getHost() + ":" + port;
    }

    /** The request's headers with its range, signed anew for this attempt. */
    Map<String, String> signedHeaders() {
        Map<String, String> out = new LinkedHashMap<>(headers);
        if (range != null) {
            out.put("Range", range);
        }
        out.putAll(signer.sign(method, uri, Collections.unmodifiableMap(out), body));
        return out;
    }

    ZarrException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        return failure("was interrupted", e);
    }

    /** A failure of the key asked for: the method, the URI (its signatures redacted as in every message), then {@code what}. */
    ZarrException failure(String what, Throwable cause) {
        return new ZarrException.StoreFailure(key, method + " " + uri + " " + what, cause);
    }
}
