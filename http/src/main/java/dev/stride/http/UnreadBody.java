package dev.stride.http;

import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response's outcome known from its head, its body not read but cancelled (which closes the connection): a failure
 * whose body may be a whole value of gigabytes, where {@code BodySubscribers.replacing} would read it all.
 */
final class UnreadBody<T> implements BodySubscriber<Outcome<T>> {
    private final CompletableFuture<Outcome<T>> outcome;

    UnreadBody(Outcome<T> outcome) {
        this.outcome = CompletableFuture.completedFuture(outcome);
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        subscription.cancel();
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        // cancelled: nothing more is read
    }

    @Override
    public void onError(Throwable throwable) {
        // the outcome is known already
    }

    @Override
    public void onComplete() {
        // the outcome is known already
    }

    @Override
    public CompletionStage<Outcome<T>> getBody() {
        return outcome;
    }
}
