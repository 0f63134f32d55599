package dev.stride.internal.write;

import dev.stride.spi.Store;
import dev.stride.testing.ForwardingStore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;

/** A store that fails its {@code n}-th write (counting from 1; 0: none) the way a full disk would, before touching the key. */
final class FailingStore extends ForwardingStore {
    private final int failingWrite;
    private int writes;

    FailingStore(Store delegate, int failingWrite) {
        super(delegate);
        this.failingWrite = failingWrite;
    }

    /** Writes asked for so far, the failing one included. */
    int writes() {
        return writes;
    }

    @Override
    public void write(String key, MemorySegment value) {
        if (++writes == failingWrite) {
            throw new UncheckedIOException(new IOException("No space left on device (injected)"));
        }
        super.write(key, value);
    }
}
