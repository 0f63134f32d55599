package dev.stride.http;

/**
 * How a store tells a final error status: Azure names the container, the account and where the credential came from
 * when the service refuses it, where a plain server's answer is told as it is ({@code HTTP 403}).
 */
@FunctionalInterface
public interface StatusWording {

    /** The answer as it is. */
    StatusWording PLAIN = (status, code, plain) -> plain;

    /**
     * The reason a request failed for good.
     *
     * @param status the HTTP status
     * @param code the service's error code ({@code AuthorizationFailure}), or null
     * @param plain the answer as it is ({@code HTTP 403 AuthorizationFailure})
     * @return the reason, never a header value or anything the request signed
     */
    String explain(int status, String code, String plain);
}
