package dev.stride.http;

import dev.stride.spi.ValuePart;

/**
 * A value's version as an HTTP answer names it, and the precondition that the reads of it that follow send so that
 * they are answered from that version only ({@code 412} otherwise): its strong {@code ETag} in {@code If-Match}, or,
 * without one (none, or a weak one, which {@code If-Match} never matches), its {@code Last-Modified} in
 * {@code If-Unmodified-Since}, which tells versions a second apart only. An answer with neither has no version.
 *
 * @param header the precondition's header
 * @param value its value
 * @param size the value's size in bytes in this version, or -1 when the answer that named it did not say
 */
record ValueVersion(String header, String value, long size) {

    /** The version named by an answer's {@code ETag} and {@code Last-Modified} (either may be null), or null. */
    static ValueVersion of(String etag, String lastModified) {
        if (etag != null && !etag.isBlank() && !etag.startsWith("W/")) {
            return new ValueVersion("If-Match", etag.strip(), -1);
        }
        return lastModified == null || lastModified.isBlank() ? null : new ValueVersion("If-Unmodified-Since", lastModified.strip(), -1);
    }

    /** This version of a value of {@code bytes} bytes. */
    ValueVersion ofSize(long bytes) {
        return new ValueVersion(header, value, bytes);
    }

    /**
     * Whether {@code part} may be of this version. A server that ignores the precondition (a proxy that drops it, a
     * cache) still says what it answered from: another size, or another tag of the same kind, is another version.
     */
    boolean admits(ValuePart part) {
        if (size >= 0 && part.valueSize() != size) {
            return false;
        }
        return !(part.version() instanceof ValueVersion answered) || !answered.header.equals(header) || answered.value.equals(value);
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
