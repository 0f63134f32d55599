package dev.stride.http;

/**
 * One attempt of a request, as the body subscribers that write into the caller's memory see it: they allocate and
 * write only under its lock and only while it is not abandoned, so once {@link #abandon} returns (a timeout, a
 * failure) nothing of this attempt touches the caller's buffers or scratch again.
 */
final class Attempt {
    private boolean abandoned;

    synchronized void abandon() {
        abandoned = true;
    }

    /** Call holding this object's lock. */
    boolean abandoned() {
        assert Thread.holdsLock(this);
        return abandoned;
    }
}
