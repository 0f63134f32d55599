package dev.stride.http;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a small body on the heap (metadata, a listing, an error's text) up to a limit: a longer one is refused, or,
 * for an error's text, cut at the limit and read to its end so the connection can serve the next request.
 */
final class HeapSubscriber implements HttpResponse.BodySubscriber<Outcome<byte[]>> {
    /** The longest array the JVM makes. */
    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;
    private final long limit;
    private final boolean cutAtLimit;
    private final long announced;
    private final CompletableFuture<Outcome<byte[]>> result = new CompletableFuture<>();
    private Flow.Subscription subscription;
    private byte[] bytes = new byte[256];
    private int size;
    private long received;

    /**
     * @param announced the body's Content-Length, or -1
     */
    HeapSubscriber(long limit, boolean cutAtLimit, long announced) {
        this.limit = Math.min(limit, MAX_ARRAY);
        this.cutAtLimit = cutAtLimit;
        this.announced = announced;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer b : buffers) {
            int n = b.remaining();
            received += n;
            if (size + (long) n > limit && !cutAtLimit) {
                subscription.cancel();
                result.complete(new Outcome.Fail<>("the body holds more than the " + limit + " bytes allowed"));
                return;
            }
            int take = (int) Math.min(n, limit - size);
            if (size + take > bytes.length) {
                bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + take, 2L * bytes.length)));
            }
            b.get(bytes, size, take);
            size += take;
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(announced >= 0 && received != announced
                ? new Outcome.Retry<>("the body ended after " + received + " of the " + announced + " bytes announced")
                : new Outcome.Done<>(Arrays.copyOf(bytes, size)));
    }

    @Override
    public CompletionStage<Outcome<byte[]>> getBody() {
        return result;
    }
}
