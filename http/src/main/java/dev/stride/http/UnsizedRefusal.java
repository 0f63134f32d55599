package dev.stride.http;

/**
 * The cause of a range read's failure when the server answered 416 without saying the value's size
 * ({@code Content-Range: bytes *}{@code /size}), as s3proxy does: {@link RemoteStore} then asks the size, since an
 * empty range at the end of a value (a suffix of an empty value) is no error.
 */
final class UnsizedRefusal extends Exception {
    private static final long serialVersionUID = 1L;

    UnsizedRefusal() {
        super("a 416 without the value's size", null, false, false);
    }

    /** Whether {@code e} failed for this reason. */
    static boolean caused(Throwable e) {
        return e.getCause() instanceof UnsizedRefusal;
    }
}
