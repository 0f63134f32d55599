package dev.stride.http;

import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an HTTP status says when a method has no rule of its own for it: the key is missing, or the error is worth
 * another attempt (5xx, 408, 429, S3's {@code SlowDown}), or it is final. The error's code names what failed: Azure
 * sends it as the header {@value #AZURE_ERROR_CODE} (a HEAD's answer has no body), S3 in the body, which is read for
 * it. A final error is told in the store's {@link StatusWording}.
 */
final class StatusRules {
    /** How much of an error's body is kept, to name its code ({@code <Code>SlowDown</Code>}). */
    static final int ERROR_TEXT = 8192;
    /** An error code as S3 and Azure spell them; anything else a server sends is not repeated in a message. */
    private static final String CODE = "[A-Za-z0-9.]{1,64}";
    private static final Pattern ERROR_CODE = Pattern.compile("<Code>(" + CODE + ")</Code>");
    /** The header of Azure's error code. */
    static final String AZURE_ERROR_CODE = "x-ms-error-code";
    /** S3's codes of failures that another attempt may not meet, whatever their status. */
    private static final Set<String> CODES_WORTH_RETRYING = Set.of("SlowDown", "InternalError", "RequestTimeout");
    /** The codes of a 404 for a missing value, S3's and Azure's; any other code says something else is absent. */
    private static final Set<String> MISSING_VALUE = Set.of("NoSuchKey", "BlobNotFound");

    private final boolean forbiddenAsMissing;
    private final StatusWording wording;

    /**
     * @param forbiddenAsMissing whether a 403 means a missing key too ({@link HttpSettings#forbiddenAsMissing()})
     * @param wording how a final error is told
     */
    StatusRules(boolean forbiddenAsMissing, StatusWording wording) {
        this.forbiddenAsMissing = forbiddenAsMissing;
        this.wording = wording;
    }

    /**
     * The status read by these rules, with the error code of the answer's header (or null) and the start of its body
     * (null when none was read).
     */
    <T> Outcome<T> judge(int status, String headerCode, byte[] text, Request<T> r) {
        String code = headerCode != null && headerCode.matches(CODE) ? headerCode : text == null ? null : errorCode(text);
        return missing(status, r) ? missingOrFailed(status, code, r) : judge(status, code);
    }

    /** A subscriber that reads the start of the body and judges the status with it. */
    <T> BodySubscriber<Outcome<T>> answer(ResponseInfo info, Request<T> r) {
        int status = info.statusCode();
        String headerCode = info.headers().firstValue(AZURE_ERROR_CODE).orElse(null);
        return BodySubscribers.mapping(new HeapSubscriber(ERROR_TEXT, true, -1),
                text -> judge(status, headerCode, text instanceof Outcome.Done<byte[]> d ? d.value() : null, r));
    }

    /** A status that says the key does not exist: 404, and 403 when the settings read it so. */
    boolean missing(int status, Request<?> r) {
        return r.mayBeMissing() && (status == 404 || status == 403 && forbiddenAsMissing);
    }

    /**
     * A status {@link #missing} reads as a missing key, unless it is a 404 whose error code says something else is
     * absent ({@code NoSuchBucket}, {@code ContainerNotFound}): only a missing value's code, or no code at all, means the
     * key does not exist.
     */
    private <T> Outcome<T> missingOrFailed(int status, String code, Request<T> r) {
        return status != 404 || code == null || MISSING_VALUE.contains(code) ? new Outcome.Done<>(r.missing())
                : new Outcome.Fail<>(wording.explain(status, code, "HTTP 404 " + code + " (not a missing key)"));
    }

    /** An error status with its code ({@code SlowDown}, or null), as worth another attempt or final. */
    private <T> Outcome<T> judge(int status, String code) {
        String why = "HTTP " + status + (code == null ? "" : " " + code);
        return worthRetrying(status) || code != null && CODES_WORTH_RETRYING.contains(code) ? new Outcome.Retry<>(why)
                : new Outcome.Fail<>(wording.explain(status, code, why));
    }

    private static boolean worthRetrying(int status) {
        return status == 408 || status == 429 || status >= 500 && status != 501 && status != 505;
    }

    private static String errorCode(byte[] text) {
        Matcher m = ERROR_CODE.matcher(new String(text, StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : null;
    }
}
