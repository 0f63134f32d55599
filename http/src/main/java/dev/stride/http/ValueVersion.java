package dev.stride.http;

/**
 * A value's version as an HTTP answer names it, and the precondition that the reads of it that follow send so that
 * they are answered from that version only ({@code 412} otherwise): its strong {@code ETag} in {@code If-Match}, or,
 * without one (none, or a weak one, which {@code If-Match} never matches), its {@code Last-Modified} in
 * {@code If-Unmodified-Since}, which tells versions a second apart only. An answer with neither has no version.
 *
 * @param header the precondition's header
 * @param value its value
 */
record ValueVersion(String header, String value) {

    /** The version named by an answer's {@code ETag} and {@code Last-Modified} (either may be null), or null. */
    static ValueVersion of(String etag, String lastModified) {
        if (etag != null && !etag.isBlank() && !etag.startsWith("W/")) {
            return new ValueVersion("If-Match", etag.strip());
        }
        return lastModified == null || lastModified.isBlank() ? null : new ValueVersion("If-Unmodified-Since", lastModified.strip());
    }

    /** The cause of a read's failure when the value is no longer the version its precondition names (412). */
    static final class Changed extends Exception {
        private static final long serialVersionUID = 1L;

        Changed() {
            super("the value is no longer the version read before", null, false, false);
        }

        /** Whether {@code e} failed for this reason. */
        static boolean caused(Throwable e) {
            return e.getCause() instanceof Changed;
        }
    }
}
