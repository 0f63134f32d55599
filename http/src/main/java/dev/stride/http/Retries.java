package dev.stride.http;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;

/**
 * The attempts of a request: another one after a failure that may heal, with exponential back-off and full jitter,
 * until {@link HttpSettings#retries()} more were made or {@link HttpSettings#retryTime()} has passed; the failure then
 * says how many attempts were made in how long.
 */
final class Retries {
    private static final long FIRST_BACKOFF_NANOS = Duration.ofMillis(100).toNanos();
    private static final long MAX_BACKOFF_NANOS = Duration.ofSeconds(15).toNanos();

    private final HttpSettings settings;
    /** Throws when the transport was closed: no attempt starts after that, and a failure then reads as closed. */
    private final Runnable ensureOpen;
    /** The hosts ({@code name:port}) that have answered: there a refused connection or an unknown name may heal. */
    private final Set<String> answered = ConcurrentHashMap.newKeySet();

    Retries(HttpSettings settings, Runnable ensureOpen) {
        this.settings = settings;
        this.ensureOpen = ensureOpen;
    }

    /** One attempt of a request. */
    @FunctionalInterface
    interface Attempter<T> {
        Outcome<T> attempt(Request<T> r) throws IOException, TimeoutException;
    }

    /** Attempts a request until one succeeds, one fails for good, or the retries or their time run out. */
    <T> T run(Request<T> r, Attempter<T> attempter) {
        long start = System.nanoTime();
        long deadline = start + settings.retryTime().toNanos();
        for (int attempt = 1; ; attempt++) {
            ensureOpen.run();
            String why;
            Throwable cause = null;
            try {
                Outcome<T> outcome = attempter.attempt(r);
                answered.add(r.host());
                switch (outcome) {
                    case Outcome.Done<T> done -> {
                        return done.value();
                    }
                    case Outcome.Fail<T> fail -> throw failure(r, fail.reason(), attempt, start, fail.cause());
                    case Outcome.Retry<T> again -> why = again.reason();
                }
            } catch (TimeoutException e) {
                why = "no complete answer within " + seconds(r.timeout().toNanos());
                cause = e;
            } catch (IOException e) {
                ensureOpen.run();
                AttemptFailure failed = AttemptFailure.of(e, r.host());
                boolean answeredBefore = answered.contains(r.host());
                if (!failed.mayHeal(answeredBefore)) {
                    throw failure(r, failed.reason(answeredBefore), attempt, start, e);
                }
                why = failed.why();
                cause = e;
            }
            if (attempt > settings.retries() || !backOff(r, attempt, deadline)) {
                throw failure(r, why, attempt, start, cause);
            }
        }
    }

    /** Waits a random time up to the back-off of this attempt; false when that would end past the deadline. */
    private static boolean backOff(Request<?> r, int attempt, long deadline) {
        long ceiling = Math.min(MAX_BACKOFF_NANOS, FIRST_BACKOFF_NANOS << Math.min(attempt - 1, 20));
        long wait = ThreadLocalRandom.current().nextLong(ceiling + 1);
        if (System.nanoTime() + wait >= deadline) {
            return false;
        }
        try {
            Thread.sleep(Duration.ofNanos(wait));
        } catch (InterruptedException e) {
            throw r.interrupted(e);
        }
        return true;
    }

    private static RuntimeException failure(Request<?> r, String why, int attempts, long start, Throwable cause) {
        return r.failure("failed after " + attempts + (attempts == 1 ? " attempt" : " attempts") + " in "
                + seconds(System.nanoTime() - start) + ": " + why, cause);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
