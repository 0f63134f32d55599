package dev.stride.http;

/**
 * The cause of a range read's failure when the server answered with the whole value (200) instead of the range: it
 * ignores {@code Range} requests, and {@link RemoteStore} reads whole values from then on.
 */
final class IgnoredRange extends Exception {
    private static final long serialVersionUID = 1L;

    IgnoredRange() {
        super("the server ignores Range requests", null, false, false);
    }

    /** Whether {@code e} failed for this reason. */
    static boolean caused(Throwable e) {
        return e.getCause() instanceof IgnoredRange;
    }
}
