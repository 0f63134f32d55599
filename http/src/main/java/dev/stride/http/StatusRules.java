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
 * another attempt (5xx, 408, 429, S3's {@code SlowDown}), or it is final. An error's body is read to name its code.
 */
final class StatusRules {
    /** How much of an error's body is kept, to name its code ({@code <Code>SlowDown</Code>}). */
    static final int ERROR_TEXT = 8192;
    private static final Pattern ERROR_CODE = Pattern.compile("<Code>([A-Za-z0-9.]{1,64})</Code>");
    /** S3's codes of failures that another attempt may not meet, whatever their status. */
    private static final Set<String> CODES_WORTH_RETRYING = Set.of("SlowDown", "InternalError", "RequestTimeout");

    private final boolean forbiddenAsMissing;

    /** With {@code forbiddenAsMissing} ({@link HttpSettings#forbiddenAsMissing()}) a 403 means a missing key too. */
    StatusRules(boolean forbiddenAsMissing) {
        this.forbiddenAsMissing = forbiddenAsMissing;
    }

    /** The status read by these rules, with the start of the error's body (null when none was read). */
    <T> Outcome<T> judge(int status, byte[] text, Request<T> r) {
        return missing(status, r) ? missingOrFailed(status, text, r) : judge(status, text);
    }

    /** A subscriber that reads the start of the body and judges the status with it. */
    <T> BodySubscriber<Outcome<T>> answer(ResponseInfo info, Request<T> r) {
        int status = info.statusCode();
        return BodySubscribers.mapping(new HeapSubscriber(ERROR_TEXT, true, -1),
                text -> judge(status, text instanceof Outcome.Done<byte[]> d ? d.value() : null, r));
    }

    /** A status that says the key does not exist: 404, and 403 when the settings read it so. */
    boolean missing(int status, Request<?> r) {
        return r.mayBeMissing() && (status == 404 || status == 403 && forbiddenAsMissing);
    }

    /**
     * A status {@link #missing} reads as a missing key, unless it is a 404 whose S3 error code says something else is
     * absent ({@code NoSuchBucket}): only {@code NoSuchKey}, or no code at all, means the key does not exist.
     */
    private static <T> Outcome<T> missingOrFailed(int status, byte[] text, Request<T> r) {
        String code = status == 404 && text != null ? errorCode(text) : null;
        return code == null || code.equals("NoSuchKey") ? new Outcome.Done<>(r.missing())
                : new Outcome.Fail<>("HTTP 404 " + code + " (not a missing key)");
    }

    /** An error status, with the start of its body ({@code <Code>SlowDown</Code>}), as worth another attempt or final. */
    private static <T> Outcome<T> judge(int status, byte[] text) {
        String code = text == null ? null : errorCode(text);
        String why = "HTTP " + status + (code == null ? "" : " " + code);
        return worthRetrying(status) || code != null && CODES_WORTH_RETRYING.contains(code) ? new Outcome.Retry<>(why) : new Outcome.Fail<>(why);
    }

    private static boolean worthRetrying(int status) {
        return status == 408 || status == 429 || status >= 500 && status != 501 && status != 505;
    }

    private static String errorCode(byte[] text) {
        Matcher m = ERROR_CODE.matcher(new String(text, StandardCharsets.UTF_8));
        return m.find() ? m.group(1) : null;
    }
}
