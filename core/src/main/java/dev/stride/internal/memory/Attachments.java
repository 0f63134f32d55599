package dev.stride.internal.memory;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * State that owners keep in a holder, made on first use and closed with the holder when it is {@link AutoCloseable}:
 * codecs' state on one thread in a {@link ChunkContext}, stores' state in a {@link CountedScope}.
 */
final class Attachments {
    private final Map<Object, Object> states;

    private Attachments(Map<Object, Object> states) {
        this.states = states;
    }

    /** For a holder used by one thread, its owners told apart by identity. */
    static Attachments confined() {
        return new Attachments(new IdentityHashMap<>());
    }

    /** For a holder many threads use at once. */
    static Attachments concurrent() {
        return new Attachments(new ConcurrentHashMap<>());
    }

    /** The owner's state, made by {@code make} on the owner's first call. */
    @SuppressWarnings("unchecked")
    <T> T get(Object owner, Supplier<T> make) {
        return (T) states.computeIfAbsent(owner, o -> make.get());
    }

    /** Closes every state that is {@link AutoCloseable}, each failure handed to {@code failed}, and forgets them all. */
    void close(Consumer<Exception> failed) {
        for (Object state : states.values()) {
            if (state instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    failed.accept(e);
                }
            }
        }
        states.clear();
    }
}
