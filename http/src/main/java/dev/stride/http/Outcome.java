package dev.stride.http;

import java.util.function.Function;

/** What one attempt of a request came to: a result, a failure worth another attempt, or one that is final. */
sealed interface Outcome<T> {

    record Done<T>(T value) implements Outcome<T> {
    }

    /** A failure another attempt may not meet: a 503, a body cut short. */
    record Retry<T>(String reason) implements Outcome<T> {
    }

    /**
     * A failure every attempt would meet: a 400, a response that does not answer the request.
     *
     * @param cause what the reader may want to act on (a server that ignores Range), or null
     */
    record Fail<T>(String reason, Throwable cause) implements Outcome<T> {
        Fail(String reason) {
            this(reason, null);
        }
    }

    default <U> Outcome<U> map(Function<T, U> f) {
        return switch (this) {
            case Done<T> d -> new Done<>(f.apply(d.value()));
            case Retry<T> r -> new Retry<>(r.reason());
            case Fail<T> x -> new Fail<>(x.reason(), x.cause());
        };
    }
}
