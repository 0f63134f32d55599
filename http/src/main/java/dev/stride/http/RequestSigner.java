package dev.stride.http;

import java.lang.foreign.MemorySegment;
import java.net.URI;
import java.util.Map;

/**
 * Adds the headers that authenticate a request (an S3 store's {@code Authorization}, {@code x-amz-date},
 * {@code x-amz-content-sha256}). Called anew for every attempt, so a retried request carries a fresh signature; must
 * be safe from many threads. The {@code Host} header is the URI's authority and {@code Content-Length} the body's
 * size: the HTTP client sets both itself.
 */
@FunctionalInterface
public interface RequestSigner {

    /** Signs nothing. */
    RequestSigner NONE = (method, uri, headers, body) -> Map.of();

    /**
     * The headers to add to a request.
     *
     * @param method {@code GET}, {@code HEAD}, {@code PUT}, {@code POST} or {@code DELETE}
     * @param uri the request's URI
     * @param headers the headers the request carries already ({@code Range} included), by name
     * @param body the request's body, or null for a request without one
     * @return headers to add, by name
     */
    Map<String, String> sign(String method, URI uri, Map<String, String> headers, MemorySegment body);
}
